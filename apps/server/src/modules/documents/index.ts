/** The documents module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { secondLanguageOf } from './document-languages.ts';
export { FONT_SIZE, contentWidth, createDocument, drawKeyValueRows, drawPageFooters, drawParagraph, ensureSpace, leftEdge, moveDown, type KeyValue } from './documents-layout.ts';
export { hasCjkFont, pdfToBuffer } from './pdf-fonts.ts';
export { renderSeatSheetPdf, type DocumentTrain, type SeatSheet } from './seat-sheet-pdf.ts';
export { renderVoucherPdf, type Voucher } from './voucher-pdf.ts';
