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
import { ENGLISH, type SecondLanguage } from './document-languages.ts';
import { pdfToBuffer } from './pdf-fonts.ts';
import { drawTrainBlock, groupRows, issuedRow, type SeatSheet } from './seat-sheet-pdf.ts';

export type { DocumentSeat, DocumentTrain, SeatSheet } from './seat-sheet-pdf.ts';

type Doc = PDFKit.PDFDocument;

export interface ParticipantLine {
  label_ja: string;
  /** In the voucher's second language. */
  label_en: string;
  quantity: number;
}

export interface Voucher extends SeatSheet {
  /** encoded exactly as given in the QR code */
  customer_url: string;
  /** may be empty; may span several lines */
  voucher_note: string;
  participant_lines: ParticipantLine[];
  /** The operator's phone and address (master data operator-basic-info), printed in every language. */
  operator_tel: string;
  operator_postal_code: string;
  operator_address: string;
  /** Japanese and this language (English unless the group's page asked for another). */
  second?: SecondLanguage;
}

const QR_SIZE = mm(40);
const QR_COLUMN_WIDTH = mm(64);
const qrCaption = (second: SecondLanguage) => `このQRコードから予約内容をご確認いただけます\n${second.qrCaption}`;
const staffNotice = (second: SecondLanguage) => `当日はこのバウチャーを駅係員にご提示ください。 / ${second.staffNotice}`;

function serviceDatesText(voucher: Voucher, second: SecondLanguage): string {
  const dates = [...new Set(voucher.trains.map((train) => train.service_date))].sort();
  return dates.map((date) => formatServiceDate(date, second.weekdays)).join('\n');
}

/** The QR code of the customer page with its caption, in a column at the right; returns its bottom. */
async function drawQrColumn(doc: Doc, url: string, top: number, second: SecondLanguage): Promise<number> {
  const png = await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  const columnX = leftEdge(doc) + contentWidth(doc) - QR_COLUMN_WIDTH;
  doc.image(png, columnX + (QR_COLUMN_WIDTH - QR_SIZE) / 2, top, { width: QR_SIZE });
  doc.fontSize(FONT_SIZE.caption).fillColor(COLOR.muted);
  doc.text(qrCaption(second), columnX, top + QR_SIZE + 2, { width: QR_COLUMN_WIDTH, align: 'center' });
  doc.fillColor(COLOR.text).fontSize(FONT_SIZE.body);
  return doc.y;
}

/** Booking number in large type and the booking's key facts, left of the QR column. */
function drawBookingSummary(doc: Doc, voucher: Voucher, top: number, second: SecondLanguage): number {
  const x = leftEdge(doc);
  const width = contentWidth(doc) - QR_COLUMN_WIDTH - 12;
  doc.fontSize(FONT_SIZE.small).fillColor(COLOR.muted).text(`予約番号 / ${second.bookingNo}`, x, top, { width });
  doc.fontSize(FONT_SIZE.large).fillColor(COLOR.text).text(voucher.booking_id, x, doc.y, { width });
  moveDown(doc, 6);
  drawKeyValueRows(
    doc,
    [...groupRows(voucher, second), { label: `乗車日 / ${second.date}`, value: serviceDatesText(voucher, second) }, issuedRow(voucher, second)],
    { x, width, labelWidth: 120 },
  );
  return doc.y;
}

function participantRows(voucher: Voucher, second: SecondLanguage): KeyValue[] {
  const total = voucher.participant_lines.reduce((sum, line) => sum + line.quantity, 0);
  const people = (n: number) => (second === ENGLISH ? `${n}名` : `${n}名 / ${second.people(n)}`);
  const rows = voucher.participant_lines.map((line) => ({
    label: `${line.label_ja} / ${line.label_en}`,
    value: people(line.quantity),
  }));
  rows.push({ label: `合計 / ${second.total}`, value: people(total) });
  if (voucher.wheelchairs > 0) {
    rows.push({ label: `うち車椅子 / ${second.wheelchairs}`, value: people(voucher.wheelchairs) });
  }
  return rows;
}

/** Who to call on the day: the operator's phone and address, whatever the language. */
function contactRows(voucher: Voucher, second: SecondLanguage): KeyValue[] {
  const address = [voucher.operator_postal_code && `〒${voucher.operator_postal_code}`, voucher.operator_address].filter(Boolean).join(' ');
  return [
    ...(voucher.operator_tel ? [{ label: `電話 / ${second.tel}`, value: voucher.operator_tel }] : []),
    ...(address ? [{ label: `住所 / ${second.address}`, value: address }] : []),
  ];
}

export async function renderVoucherPdf(voucher: Voucher): Promise<Buffer> {
  const second = voucher.second ?? ENGLISH;
  const doc = createDocument({ title: `乗車証明書 / ${second.title} ${voucher.booking_id}`, author: voucher.operator_name, ...(second.face ? { face: second.face } : {}) });
  drawHeader(doc, { operator: voucher.operator_name, title: `乗車証明書（バウチャー） / ${second.title}` });

  const top = doc.y + 4;
  const qrBottom = await drawQrColumn(doc, voucher.customer_url, top, second);
  const summaryBottom = drawBookingSummary(doc, voucher, top, second);
  doc.x = leftEdge(doc);
  doc.y = Math.max(qrBottom, summaryBottom) + 14;

  for (const train of voucher.trains) {
    drawTrainBlock(doc, train, FONT_SIZE.small, second);
  }

  drawSectionBand(doc, `人数 / ${second.participants}`);
  drawKeyValueRows(doc, participantRows(voucher, second));
  moveDown(doc, 10);

  if (voucher.voucher_note.trim() !== '') {
    drawSectionBand(doc, `ご案内 / ${second.notes}`);
    drawParagraph(doc, { text: voucher.voucher_note.trim() });
    moveDown(doc, 10);
  }

  const contact = contactRows(voucher, second);
  if (contact.length > 0) {
    drawSectionBand(doc, `お問い合わせ / ${second.contact}`);
    drawKeyValueRows(doc, [{ label: '', value: voucher.operator_name }, ...contact]);
  }

  const notice = staffNotice(second);
  drawPageFooters(doc, (page, pageCount) => (pageCount > 1 ? [notice, `${page} / ${pageCount}`] : [notice]));
  return pdfToBuffer(doc);
}
