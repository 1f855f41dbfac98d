/**
 * Layout building blocks shared by the PDF documents (A4 portrait, one Japanese font): document
 * setup, header, key-value rows, section bands, page footers and date formatting. Everything
 * flows top-down from `doc.y`; blocks that draw at explicit positions check the remaining space
 * first and start a new page when needed.
 */
import PDFDocument from 'pdfkit';
import { tokyoDateTimeOf } from '@sagano/domain/common/business-date';
import { applyCjkFont, applyJapaneseFont, type CjkFace } from './pdf-fonts.ts';

type Doc = PDFKit.PDFDocument;

export const FONT_SIZE = { caption: 7.5, small: 8.5, body: 10, heading: 12, title: 18, large: 24 } as const;
export const COLOR = { text: '#000000', muted: '#555555', rule: '#999999', band: '#e6edf2' } as const;

const MARGINS = { top: 48, bottom: 64, left: 48, right: 48 };
const ROW_GAP = 3;
const BAND_PADDING = 4;

/** Millimetres to PDF points. */
export function mm(value: number): number {
  return (value * 72) / 25.4;
}

/** `face`: a Korean or Chinese document is set in that language's face of Noto Sans CJK. */
export function createDocument(info: { title: string; author: string; face?: CjkFace }): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: MARGINS,
    compress: true,
    bufferPages: true, // the page footers are drawn at the end, once the page count is known
    info: { Title: info.title, Author: info.author },
  });
  if (info.face) applyCjkFont(doc, info.face);
  else applyJapaneseFont(doc);
  doc.fontSize(FONT_SIZE.body).fillColor(COLOR.text);
  return doc;
}

export function leftEdge(doc: Doc): number {
  return doc.page.margins.left;
}

export function contentWidth(doc: Doc): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/**
 * Starts a new page unless `height` points still fit above the bottom margin (a block taller
 * than a page gets a fresh page and flows on from there). Returns whether a page was added.
 */
export function ensureSpace(doc: Doc, height: number): boolean {
  const bottom = doc.page.height - doc.page.margins.bottom;
  const pageHeight = bottom - doc.page.margins.top;
  if (doc.y + Math.min(height, pageHeight) <= bottom) return false;
  doc.addPage();
  return true;
}

export function moveDown(doc: Doc, points: number): void {
  doc.y += points;
}

export function drawRule(doc: Doc): void {
  const y = doc.y;
  doc.moveTo(leftEdge(doc), y).lineTo(leftEdge(doc) + contentWidth(doc), y).lineWidth(0.5).strokeColor(COLOR.rule).stroke();
  moveDown(doc, 6);
}

/** Operator name, document title and a rule below them. */
export function drawHeader(doc: Doc, header: { operator: string; title: string }): void {
  const x = leftEdge(doc);
  doc.fontSize(FONT_SIZE.small).fillColor(COLOR.muted).text(header.operator, x, doc.y, { width: contentWidth(doc) });
  doc.fontSize(FONT_SIZE.title).fillColor(COLOR.text).text(header.title, x, doc.y, { width: contentWidth(doc) });
  moveDown(doc, 4);
  drawRule(doc);
  doc.fontSize(FONT_SIZE.body);
}

/** A line of text on a tinted band, used to open a section (a train, the notes, ...). */
export function drawSectionBand(doc: Doc, text: string, fontSize: number = FONT_SIZE.heading): void {
  doc.fontSize(fontSize);
  const x = leftEdge(doc);
  const width = contentWidth(doc);
  const height = doc.heightOfString(text, { width: width - 2 * BAND_PADDING }) + 2 * BAND_PADDING;
  ensureSpace(doc, height + 40); // keep the band together with the start of its section
  const y = doc.y;
  doc.rect(x, y, width, height).fillColor(COLOR.band).fill();
  doc.fillColor(COLOR.text).text(text, x + BAND_PADDING, y + BAND_PADDING, { width: width - 2 * BAND_PADDING });
  doc.x = x;
  doc.y = y + height + ROW_GAP;
  doc.fontSize(FONT_SIZE.body);
}

export interface Paragraph {
  text: string;
  fontSize?: number;
  indent?: number;
  color?: string;
  gapAfter?: number;
  wordSpacing?: number;
}

function paragraphLayout(doc: Doc, paragraph: Paragraph) {
  const { fontSize = FONT_SIZE.body, indent = 0, color = COLOR.text, gapAfter = ROW_GAP, wordSpacing = 0 } = paragraph;
  return { fontSize, color, gapAfter, x: leftEdge(doc) + indent, box: { width: contentWidth(doc) - indent, wordSpacing } };
}

/** Height of paragraphs drawn one after the other, gaps included. */
export function measureParagraphs(doc: Doc, paragraphs: Paragraph[]): number {
  let height = 0;
  for (const paragraph of paragraphs) {
    const layout = paragraphLayout(doc, paragraph);
    doc.fontSize(layout.fontSize);
    height += doc.heightOfString(paragraph.text, layout.box) + layout.gapAfter;
  }
  doc.fontSize(FONT_SIZE.body);
  return height;
}

/** Flowing text, optionally indented; long text wraps and continues on the next page. */
export function drawParagraph(doc: Doc, paragraph: Paragraph): void {
  const layout = paragraphLayout(doc, paragraph);
  doc.fontSize(layout.fontSize).fillColor(layout.color);
  ensureSpace(doc, doc.currentLineHeight(true));
  doc.text(paragraph.text, layout.x, doc.y, layout.box);
  doc.x = leftEdge(doc);
  moveDown(doc, layout.gapAfter);
  doc.fillColor(COLOR.text).fontSize(FONT_SIZE.body);
}

export interface KeyValue {
  label: string;
  value: string;
}

export interface KeyValueOptions {
  /** Left edge of the rows; the page's left margin when omitted. */
  x?: number;
  /** Total width of label and value; the content width when omitted. */
  width?: number;
  labelWidth?: number;
  fontSize?: number;
}

/** Two-column rows: a muted label and its value, both wrapping within their column. */
export function drawKeyValueRows(doc: Doc, rows: KeyValue[], options: KeyValueOptions = {}): void {
  const { x = leftEdge(doc), width = contentWidth(doc), labelWidth = 150, fontSize = FONT_SIZE.body } = options;
  const labelBox = { width: labelWidth - 8 };
  const valueBox = { width: width - labelWidth };
  doc.fontSize(fontSize);
  for (const row of rows) {
    const height = Math.max(doc.heightOfString(row.label, labelBox), doc.heightOfString(row.value, valueBox));
    ensureSpace(doc, height);
    const y = doc.y;
    doc.fillColor(COLOR.muted).text(row.label, x, y, labelBox);
    doc.fillColor(COLOR.text).text(row.value, x + labelWidth, y, valueBox);
    doc.y = y + height + ROW_GAP;
  }
  doc.x = leftEdge(doc);
  doc.fontSize(FONT_SIZE.body);
}

/**
 * Draws footer lines in the bottom margin of every page. Needs `bufferPages` (see
 * `createDocument`); call it last, just before `pdfToBuffer`.
 */
export function drawPageFooters(doc: Doc, linesFor: (page: number, pageCount: number) => string[]): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const { margins } = doc.page;
    const bottomMargin = margins.bottom;
    margins.bottom = 0; // writing inside the margin must not trigger a page break
    doc.fontSize(FONT_SIZE.small).fillColor(COLOR.muted);
    const width = contentWidth(doc);
    doc.text(linesFor(index - start + 1, count).join('\n'), margins.left, doc.page.height - bottomMargin + 16, {
      width,
      align: 'center',
    });
    margins.bottom = bottomMargin;
  }
  doc.fillColor(COLOR.text).fontSize(FONT_SIZE.body);
}

/** '2026-11-20T01:30:00Z' → '2026-11-20 10:30' (Asia/Tokyo). */
export function formatTokyoDateTime(iso: string): string {
  const { date, time } = tokyoDateTimeOf(new Date(iso));
  return `${date} ${time.slice(0, 5)}`;
}

const WEEKDAYS_JA = ['日', '月', '火', '水', '木', '金', '土'];
const WEEKDAYS_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** '2026-12-05' → '2026-12-05（土 / Sat）'; `weekdays`: the second language's names (Sunday first). */
export function formatServiceDate(date: string, weekdays: readonly string[] = WEEKDAYS_EN): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return `${date}（${WEEKDAYS_JA[weekday]} / ${weekdays[weekday]}）`;
}
