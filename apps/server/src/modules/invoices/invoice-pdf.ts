/**
 * 請求書 / 領収書 / 適格返還請求書 as A4 PDFs, printable in black and white: the issuer with its
 * registration number (and the logo and stamp when set), 「… 御中」, the amount in large type,
 * the booking, the lines, the total per tax rate with its consumption tax, a 不課税 cancellation
 * fee apart, and per kind the due date and transfer account, the receipt's wording, or the
 * invoice a return refers to. A pure renderer: the frozen content (and image bytes) in, PDF out.
 */
import { formatYen } from '@sagano/domain/money/yen-e6';
import { documentNotes, invoiceReason } from '@sagano/domain/invoices/invoice-entity';
import type { DocumentBankAccount, DocumentLine, InvoiceDocumentContent, PaidBy } from '@sagano/domain/invoices/invoice-schemas';
import { FONT_SIZE, contentWidth, createDocument, drawKeyValueRows, drawPageFooters, drawParagraph, leftEdge, moveDown, ensureSpace, type KeyValue, pdfToBuffer } from '../documents/index.ts';
import { turnOfTheLoop } from '../../lib/give-way.ts';

type Doc = PDFKit.PDFDocument;

export interface DocumentImages {
  logo: Buffer | null;
  stamp: Buffer | null;
}

const TITLE: Record<InvoiceDocumentContent['kind'], string> = { INVOICE: '請求書', RECEIPT: '領収書', RETURN_INVOICE: '適格返還請求書' };
const NUMBER_LABEL: Record<InvoiceDocumentContent['kind'], string> = { INVOICE: '請求書番号', RECEIPT: '領収書番号', RETURN_INVOICE: '返還請求書番号' };
const AMOUNT_LABEL: Record<InvoiceDocumentContent['kind'], string> = { INVOICE: 'ご請求金額（税込）', RECEIPT: '領収金額（税込）', RETURN_INVOICE: '返還金額（税込）' };
const LEAD: Record<InvoiceDocumentContent['kind'], string> = {
  INVOICE: '下記のとおりご請求申し上げます。',
  RECEIPT: '下記のとおり領収いたしました。',
  RETURN_INVOICE: '下記のとおり対価の返還をいたします。',
};
const PAID_BY: Record<PaidBy, string> = { CARD: 'クレジットカード', COUPON: 'クーポン', BANK_TRANSFER: '銀行振込' };
const METHOD: Record<string, string> = { ONLINE_CREDIT_CARD: 'クレジットカード（オンライン決済）', MONTHLY: '銀行振込（月締め）', COUPON: '銀行振込', CASH: '現金', OTHER: 'その他' };
const ACCOUNT_TYPE: Record<DocumentBankAccount['account_type'], string> = { ordinary: '普通', saving: '貯蓄', checking: '当座' };
const DIRECTION: Record<'down' | 'up', string> = { down: '往路', up: '復路' };
const GROUP_TYPE: Record<string, string> = { NORMAL: '一般団体', SCHOOL: '学校団体' };

const RULE = '#000000';
const MUTED = '#444444';

/** '2030-05-01' → '2030年5月1日'. */
export function japaneseDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${y}年${m}月${d}日`;
}

/** '¥12,340', or '-¥1,000' for a reduction. */
export function yen(amountE6: number): string {
  return `${amountE6 < 0 ? '-' : ''}¥${formatYen(Math.abs(amountE6))}`;
}

function drawTitle(doc: Doc, c: InvoiceDocumentContent): void {
  const x = leftEdge(doc);
  const width = contentWidth(doc);
  doc.fontSize(FONT_SIZE.small).fillColor(MUTED);
  doc.text(`発行日　${japaneseDate(c.issue_date)}`, x, doc.y, { width, align: 'right' });
  doc.text(`${NUMBER_LABEL[c.kind]}　${c.document_number}`, x, doc.y, { width, align: 'right' });
  doc.fillColor('#000000').fontSize(22);
  doc.text(TITLE[c.kind].split('').join(c.kind === 'RETURN_INVOICE' ? ' ' : '　'), x, doc.y + 4, { width, align: 'center' });
  moveDown(doc, 14);
}

/** The issuer at the right: logo, name, address, telephone, registration number, and the stamp over the name. */
function drawIssuer(doc: Doc, c: InvoiceDocumentContent, images: DocumentImages, x: number, top: number, width: number): number {
  let y = top;
  if (images.logo) {
    doc.image(images.logo, x, y, { fit: [width - 60, 36] });
    y += 40;
  }
  const i = c.issuer;
  doc.fontSize(FONT_SIZE.heading).fillColor('#000000').text(i.name, x, y, { width: width - 50 });
  const nameBottom = doc.y;
  doc.fontSize(FONT_SIZE.small).fillColor('#000000');
  const lines = [
    i.postal_code ? `〒${i.postal_code}` : '',
    i.address,
    [i.tel ? `TEL ${i.tel}` : '', i.fax ? `FAX ${i.fax}` : ''].filter(Boolean).join('　'),
    `登録番号　${i.registration_number || '（未設定）'}`,
  ].filter((line) => line !== '');
  doc.text(lines.join('\n'), x, nameBottom + 2, { width, lineGap: 1 });
  const bottom = doc.y;
  if (images.stamp) {
    const size = 52;
    doc.image(images.stamp, x + width - size, y - 6, { fit: [size, size] });
  }
  return Math.max(bottom, y + 46);
}

/** 「… 御中」, the lead sentence and the amount in a box, at the left. */
function drawRecipient(doc: Doc, c: InvoiceDocumentContent, x: number, top: number, width: number): number {
  doc.fontSize(14).fillColor('#000000').text(`${c.recipient.agent_name}　御中`, x, top, { width });
  let y = doc.y + 1;
  doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.8).strokeColor(RULE).stroke();
  y += 4;
  if (c.recipient.branch_name) {
    doc.fontSize(FONT_SIZE.body).text(c.recipient.branch_name, x, y, { width });
    y = doc.y + 2;
  }
  doc.fontSize(FONT_SIZE.body).text(LEAD[c.kind], x, y + 6, { width });
  y = doc.y + 10;
  const boxHeight = 34;
  doc.rect(x, y, width, boxHeight).lineWidth(1.2).strokeColor(RULE).stroke();
  // A monthly invoice whose refunds outweigh its charges states what the operator pays back.
  const billed = billedOf(c);
  const label = c.kind === 'INVOICE' && billed < 0 ? 'ご返金額（税込）' : AMOUNT_LABEL[c.kind];
  doc.fontSize(FONT_SIZE.body).text(label, x + 8, y + 11, { width: 120 });
  doc.fontSize(18).text(`${yen(Math.abs(billed))} -`, x + 110, y + 6, { width: width - 118, align: 'right' });
  return y + boxHeight;
}

/** What the document asks for: its total, less what a monthly invoice's payments had already received. */
function billedOf(c: InvoiceDocumentContent): number {
  return c.amounts.total - (c.monthly?.received ?? 0);
}

function serviceText(c: InvoiceDocumentContent): string {
  return c.booking.services
    .map((s) => {
      const times = s.departure_hhmm && s.arrival_hhmm ? ` ${s.departure_hhmm}–${s.arrival_hhmm}` : '';
      return `${DIRECTION[s.direction]}　${japaneseDate(s.service_date)}　${s.train_name}　${s.from_station}→${s.to_station}${times}`;
    })
    .join('\n');
}

function detailRows(c: InvoiceDocumentContent): KeyValue[] {
  if (c.monthly) {
    return [
      { label: '請求期間', value: `${japaneseDate(c.monthly.period_from)}〜${japaneseDate(c.monthly.period_to)}` },
      { label: 'ご予約件数', value: `${c.monthly.bookings}件（明細のとおり）` },
      { label: 'お支払い期限', value: c.due_date ? japaneseDate(c.due_date) : '別途ご案内いたします' },
      { label: 'お支払方法', value: METHOD[c.payment.method] ?? c.payment.method },
    ];
  }
  const rows: KeyValue[] = [
    { label: '予約番号', value: c.booking.booking_id },
    { label: '団体名', value: `${c.booking.group_name}（${GROUP_TYPE[c.booking.group_type] ?? c.booking.group_type}・${c.booking.participants}名）` },
    { label: 'ご乗車', value: serviceText(c) || '—' },
  ];
  if (c.kind === 'INVOICE') {
    rows.push({ label: 'お支払い期限', value: c.due_date ? japaneseDate(c.due_date) : '別途ご案内いたします' });
    rows.push({ label: 'お支払方法', value: METHOD[c.payment.method] ?? c.payment.method });
  }
  if (c.kind === 'RECEIPT') {
    rows.push({ label: '領収日', value: c.paid_on ? japaneseDate(c.paid_on) : '' });
    rows.push({ label: 'お支払方法', value: c.paid_by ? PAID_BY[c.paid_by] : '' });
    rows.push({ label: '但し書き', value: invoiceReason(c) });
  }
  if (c.kind === 'RETURN_INVOICE') {
    rows.push({ label: '元の請求書', value: c.refers_to?.document_number ?? '（請求書の発行なし）' });
    rows.push({ label: c.refers_to?.document_number ? '元の請求書発行日' : '元の取引日', value: c.refers_to?.issue_date ? japaneseDate(c.refers_to.issue_date) : '' });
  }
  return rows;
}

const COLUMNS = [
  { title: '品目', width: 0.46, align: 'left' as const },
  { title: '単価', width: 0.14, align: 'right' as const },
  { title: '数量', width: 0.1, align: 'right' as const },
  { title: '税率', width: 0.12, align: 'center' as const },
  { title: '金額（税込）', width: 0.18, align: 'right' as const },
];

function cellsOf(line: DocumentLine): string[] {
  return [
    line.label,
    line.unit_price === null ? '' : yen(line.unit_price),
    line.quantity === null ? '' : `${line.quantity}`,
    line.tax_rate_percent === null ? '不課税' : `${line.tax_rate_percent}%`,
    yen(line.amount),
  ];
}

function drawRow(doc: Doc, cells: string[], options: { header?: boolean } = {}): void {
  const x0 = leftEdge(doc);
  const width = contentWidth(doc);
  const pad = 4;
  doc.fontSize(FONT_SIZE.small);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: COLUMNS[i]!.width * width - 2 * pad }));
  const height = Math.max(...heights) + 2 * pad;
  ensureSpace(doc, height);
  const y = doc.y;
  if (options.header) doc.rect(x0, y, width, height).fillColor('#dddddd').fill();
  let x = x0;
  cells.forEach((cell, i) => {
    const w = COLUMNS[i]!.width * width;
    doc.fillColor('#000000').text(cell, x + pad, y + pad, { width: w - 2 * pad, align: options.header ? 'center' : COLUMNS[i]!.align });
    x += w;
  });
  doc.rect(x0, y, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
  x = x0;
  for (const column of COLUMNS.slice(0, -1)) {
    x += column.width * width;
    doc.moveTo(x, y).lineTo(x, y + height).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  doc.x = x0;
  doc.y = y + height;
}

/** Per rate: the total it applies to and its tax; 不課税 apart; the grand total. Right-aligned under the table. */
function drawTotals(doc: Doc, c: InvoiceDocumentContent): void {
  const width = 250;
  const x = leftEdge(doc) + contentWidth(doc) - width;
  const rows: [string, string, boolean][] = [];
  const returned = c.kind === 'RETURN_INVOICE' ? '返還' : '';
  for (const r of c.amounts.taxed) {
    rows.push([`${r.rate_percent}%対象${returned}（税込）`, yen(r.total), false]);
    rows.push([`　うち消費税（${r.rate_percent}%）`, yen(r.tax), false]);
  }
  if (c.amounts.not_taxable !== 0 || c.amounts.taxed.length === 0) rows.push(['不課税（取消料）', yen(c.amounts.not_taxable), false]);
  rows.push([c.kind === 'RETURN_INVOICE' ? '返還合計' : '合計', yen(c.amounts.total), true]);
  if (c.monthly?.received) {
    rows.push(['既入金額', `-${yen(c.monthly.received)}`, false]);
    rows.push(['差引ご請求金額', yen(billedOf(c)), true]);
  }
  const rowHeight = 18;
  ensureSpace(doc, rows.length * rowHeight + 12);
  let y = doc.y + 6;
  for (const [label, value, strong] of rows) {
    const height = strong ? rowHeight + 4 : rowHeight;
    doc.fontSize(strong ? FONT_SIZE.heading : FONT_SIZE.body).fillColor('#000000');
    doc.text(label, x + 4, y + 4, { width: width * 0.6 - 4 });
    doc.text(value, x + width * 0.6, y + 4, { width: width * 0.4 - 6, align: 'right' });
    doc.moveTo(x, y + height).lineTo(x + width, y + height).lineWidth(strong ? 1.2 : 0.5).strokeColor(RULE).stroke();
    y += height;
  }
  doc.x = leftEdge(doc);
  doc.y = y + 10;
}

function drawBankAccount(doc: Doc, account: DocumentBankAccount): void {
  ensureSpace(doc, 70);
  const x = leftEdge(doc);
  const width = contentWidth(doc);
  const y = doc.y;
  const text = [
    `${account.bank_name}　${account.branch_name}（店番 ${account.branch_code}）`,
    `${ACCOUNT_TYPE[account.account_type]}預金　口座番号 ${account.account_code}`,
    `口座名義　${account.account_name}`,
  ].join('\n');
  doc.fontSize(FONT_SIZE.body);
  const height = doc.heightOfString(text, { width: width - 96 }) + 12;
  doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
  doc.fillColor('#000000').text('お振込先', x + 8, y + 6, { width: 80 });
  doc.text(text, x + 90, y + 6, { width: width - 96 });
  doc.x = x;
  doc.y = y + height + 6;
  drawParagraph(doc, { text: '※ 振込手数料は貴社にてご負担くださいますようお願い申し上げます。', fontSize: FONT_SIZE.small, color: MUTED });
}

/** Table rows laid out between two turns of the event loop. */
const ROWS_PER_TURN = 25;

export async function renderInvoiceDocumentPdf(c: InvoiceDocumentContent, images: DocumentImages): Promise<Buffer> {
  const doc = createDocument({ title: `${TITLE[c.kind]} ${c.document_number}`, author: c.issuer.name });
  drawTitle(doc, c);

  const x = leftEdge(doc);
  const width = contentWidth(doc);
  const top = doc.y;
  const leftWidth = width * 0.55;
  const rightX = x + leftWidth + 24;
  const issuerBottom = drawIssuer(doc, c, images, rightX, top, width - leftWidth - 24);
  const recipientBottom = drawRecipient(doc, c, x, top, leftWidth);
  doc.x = x;
  doc.y = Math.max(issuerBottom, recipientBottom) + 16;

  drawKeyValueRows(doc, detailRows(c), { labelWidth: 80, fontSize: FONT_SIZE.small });
  moveDown(doc, 8);

  drawRow(doc, COLUMNS.map((col) => col.title), { header: true });
  for (const [i, line] of c.lines.entries()) {
    drawRow(doc, cellsOf(line));
    // A monthly invoice may have hundreds of lines: its layout lets the event loop turn now and then (ADR 017),
    // without waiting for requests (it may run inside the billing transaction).
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await turnOfTheLoop();
  }
  drawTotals(doc, c);

  if (c.kind === 'INVOICE' && c.bank_account) drawBankAccount(doc, c.bank_account);
  moveDown(doc, 4);
  for (const note of documentNotes(c)) drawParagraph(doc, { text: `※ ${note}`.replace('※ ※', '※'), fontSize: FONT_SIZE.small, color: MUTED });

  drawPageFooters(doc, (page, pageCount) => [`${c.issuer.name}　${TITLE[c.kind]} ${c.document_number}${pageCount > 1 ? `　${page} / ${pageCount}` : ''}`]);
  return pdfToBuffer(doc);
}
