/// <reference types="pdfkit" />
/**
 * Font and output helpers shared by the PDF documents. Noto Sans JP covers kana, kanji and
 * Latin, so one embedded font (subset by PDFKit) serves both the Japanese and the English text.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export const JP_FONT = 'jp';

export const JP_FONT_PATH = createRequire(import.meta.url).resolve(
  '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
);

let fontBytes: Buffer | undefined;

/** Registers the Japanese font as 'jp' and selects it. Call once per document. */
export function applyJapaneseFont(doc: PDFKit.PDFDocument): void {
  fontBytes ??= readFileSync(JP_FONT_PATH); // 5 MB: read once per process, not per document
  doc.registerFont(JP_FONT, fontBytes);
  doc.font(JP_FONT);
}

/**
 * Noto Sans CJK (Debian's fonts-noto-cjk; .ci/run installs it): one collection with every CJK
 * glyph, each face preferring one region's forms. Noto Sans JP lacks Hangul and some simplified
 * and traditional characters, so a voucher in Korean or Chinese is set in the face of its language
 * (PDFKit embeds only the glyphs used: some 100 KB).
 */
export const CJK_FONT_PATH = process.env.CJK_FONT_PATH ?? '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
export const CJK_FACES = { ko: 'NotoSansCJKkr-Regular', 'zh-hans': 'NotoSansCJKsc-Regular', 'zh-hant': 'NotoSansCJKtc-Regular' } as const;
export type CjkFace = keyof typeof CJK_FACES;

let cjkBytes: Buffer | null | undefined;

/** Whether the collection is on this machine (without it a document stays in Japanese and English). */
export function hasCjkFont(): boolean {
  if (cjkBytes === undefined) cjkBytes = existsSync(CJK_FONT_PATH) ? readFileSync(CJK_FONT_PATH) : null; // 20 MB: read once per process
  return cjkBytes !== null;
}

/** Registers the face of `language` as 'jp' (the name every layout helper selects) and selects it. */
export function applyCjkFont(doc: PDFKit.PDFDocument, language: CjkFace): void {
  if (!hasCjkFont()) throw new Error(`${CJK_FONT_PATH} is missing (apt-get install fonts-noto-cjk)`);
  doc.registerFont(JP_FONT, cjkBytes!, CJK_FACES[language]);
  doc.font(JP_FONT);
}

/** Ends the document and resolves with its bytes. */
export function pdfToBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
