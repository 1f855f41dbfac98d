/**
 * 乗車証明書（バウチャー） / Voucher: what the group shows the station staff on the day. The
 * QR code opens the customer's booking page. A pure renderer: data in, PDF bytes out.
 */
import QRCode from 'qrcode';
import {
  COLOR,
  FONT_SIZE,
  contentWidth,
  createDocument,
  drawHeader,
  drawKeyValueRows,
  drawPageFooters,
  drawParagraph,
  drawSectionBand,
  formatServiceDate,
  leftEdge,
  mm,
  moveDown,
  type KeyValue,
} from './documents-layout.ts';
import { pdfToBuffer } from './pdf-fonts.ts';
import { drawTrainBlock, groupRows, issuedRow, type SeatSheet } from './seat-sheet-pdf.ts';

export type { DocumentSeat, DocumentTrain, SeatSheet } from './seat-sheet-pdf.ts';

type Doc = PDFKit.PDFDocument;

export interface ParticipantLine {
  label_ja: string;
  label_en: string;
  quantity: number;
}

export interface Voucher extends SeatSheet {
  /** encoded exactly as given in the QR code */
  customer_url: string;
  /** may be empty; may span several lines */
  voucher_note: string;
  participant_lines: ParticipantLine[];
}

const QR_SIZE = mm(40);
const QR_COLUMN_WIDTH = mm(64);
const QR_CAPTION = 'このQRコードから予約内容をご確認いただけます\nScan to view your booking';
const STAFF_NOTICE = '当日はこのバウチャーを駅係員にご提示ください。 / Please show this voucher to the station staff on the day.';

function serviceDatesText(voucher: Voucher): string {
  const dates = [...new Set(voucher.trains.map((train) => train.service_date))].sort();
  return dates.map(formatServiceDate).join('\n');
}

/** The QR code of the customer page with its caption, in a column at the right; returns its bottom. */
async function drawQrColumn(doc: Doc, url: string, top: number): Promise<number> {
  const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const columnX = leftEdge(doc) + contentWidth(doc) - QR_COLUMN_WIDTH;
  doc.image(png, columnX + (QR_COLUMN_WIDTH - QR_SIZE) / 2, top, { width: QR_SIZE });
  doc.fontSize(FONT_SIZE.caption).fillColor(COLOR.muted);
  doc.text(QR_CAPTION, columnX, top + QR_SIZE + 2, { width: QR_COLUMN_WIDTH, align: 'center' });
  doc.fillColor(COLOR.text).fontSize(FONT_SIZE.body);
  return doc.y;
}

/** Booking number in large type and the booking's key facts, left of the QR column. */
function drawBookingSummary(doc: Doc, voucher: Voucher, top: number): number {
  const x = leftEdge(doc);
  const width = contentWidth(doc) - QR_COLUMN_WIDTH - 12;
  doc.fontSize(FONT_SIZE.small).fillColor(COLOR.muted).text('予約番号 / Booking No.', x, top, { width });
  doc.fontSize(FONT_SIZE.large).fillColor(COLOR.text).text(voucher.booking_id, x, doc.y, { width });
  moveDown(doc, 6);
  drawKeyValueRows(
    doc,
    [...groupRows(voucher), { label: '乗車日 / Date', value: serviceDatesText(voucher) }, issuedRow(voucher)],
    { x, width, labelWidth: 120 },
  );
  return doc.y;
}

function participantRows(voucher: Voucher): KeyValue[] {
  const total = voucher.participant_lines.reduce((sum, line) => sum + line.quantity, 0);
  const rows = voucher.participant_lines.map((line) => ({
    label: `${line.label_ja} / ${line.label_en}`,
    value: `${line.quantity}名`,
  }));
  rows.push({ label: '合計 / Total', value: `${total}名` });
  if (voucher.wheelchairs > 0) {
    rows.push({ label: 'うち車椅子 / Wheelchairs', value: `${voucher.wheelchairs}名` });
  }
  return rows;
}

export async function renderVoucherPdf(voucher: Voucher): Promise<Buffer> {
  const doc = createDocument({ title: `乗車証明書 / Voucher ${voucher.booking_id}`, author: voucher.operator_name });
  drawHeader(doc, { operator: voucher.operator_name, title: '乗車証明書（バウチャー） / Voucher' });

  const top = doc.y + 4;
  const qrBottom = await drawQrColumn(doc, voucher.customer_url, top);
  const summaryBottom = drawBookingSummary(doc, voucher, top);
  doc.x = leftEdge(doc);
  doc.y = Math.max(qrBottom, summaryBottom) + 14;

  for (const train of voucher.trains) {
    drawTrainBlock(doc, train, FONT_SIZE.small);
  }

  drawSectionBand(doc, '人数 / Participants');
  drawKeyValueRows(doc, participantRows(voucher));
  moveDown(doc, 10);

  if (voucher.voucher_note.trim() !== '') {
    drawSectionBand(doc, 'ご案内 / Notes');
    drawParagraph(doc, { text: voucher.voucher_note.trim() });
  }

  drawPageFooters(doc, (page, pageCount) => (pageCount > 1 ? [STAFF_NOTICE, `${page} / ${pageCount}`] : [STAFF_NOTICE]));
  return pdfToBuffer(doc);
}
