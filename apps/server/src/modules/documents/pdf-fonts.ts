/// <reference types="pdfkit" />
/**
 * Font and output helpers shared by the PDF documents. Noto Sans JP covers kana, kanji and
 * Latin, so one embedded font (subset by PDFKit) serves both the Japanese and the English text.
 */
import { readFileSync } from 'node:fs';
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
