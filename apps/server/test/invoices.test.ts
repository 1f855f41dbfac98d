/**
 * Invoices, receipts and return invoices (DESIGN §6): issued on first download for the payment as
 * it stands, the same document while its total stands, a new one referring to it when the total
 * changed; numbered per kind without gaps under concurrency; visible exactly as the booking is;
 * the PDFs carry every item a qualified invoice needs (pdftotext).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { E6 } from '@sagano/domain/money/yen-e6';
import { formatYen } from '@sagano/domain/money/yen-e6';
import { parseDocumentNumber } from '@sagano/domain/invoices/document-numbers';
import * as t from '../src/db/schema.ts';
import { storeImage } from '../src/modules/files/stored-files.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';
import { until } from './support/polling.ts';

const run = promisify(execFile);

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: DemoAgents;
let dir: string;

const REGISTRATION = 'T1234567890123';

function squarePng(size: number, shade: number): Buffer {
  const png = new PNG({ width: size, height: size });
  for (let i = 0; i < size * size; i++) {
    png.data[i * 4] = shade;
    png.data[i * 4 + 1] = shade;
    png.data[i * 4 + 2] = shade;
    png.data[i * 4 + 3] = 255;
  }
  return PNG.sync.write(png);
}

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ jobs: true }));
  agents = await demoAgents(ctx);
  dir = await mkdtemp(join(tmpdir(), 'sagano-invoices-'));
  const db = ctx.database.db;
  const logo = await storeImage(db, ctx.fileStorage, { bytes: squarePng(40, 60), originalName: 'logo.png', field: 'logo' });
  const stamp = await storeImage(db, ctx.fileStorage, { bytes: squarePng(32, 120), originalName: 'stamp.png', field: 'stamp' });
  await db.execute(sql`update operator_basic_info set invoice_number = ${REGISTRATION}, postal_code = '616-8373', fax = '075-861-7445', logo_file_key = ${logo}, stamp_file_key = ${stamp} where id = 1`);
  await db.execute(sql`update bank_accounts set is_transfer_account = false`);
  await db.execute(sql`insert into bank_accounts (company_name, bank_name, branch_name, branch_code, account_code, account_name, account_type, is_transfer_account)
    values ('嵯峨野観光鉄道株式会社', '京都中央銀行', '嵯峨支店', '123', '1234567', 'サガノカンコウテツドウ（カ', 'ordinary', true)`);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: { authorization: string } | undefined = staff) => ctx.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
const post = (url: string, payload?: object, headers = staff) => ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const publicPost = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

let dayIndex = 0;
async function booking(agent: keyof DemoAgents, adults = 10) {
  const day = fx.days[dayIndex++ % fx.days.length]!;
  const id = await confirmedBooking(ctx, staff, { agentId: agents[agent].id, day, serviceId: fx.down, adults });
  return { id, fare: await fareOf(id) };
}
const bookingOf = async (id: string, headers = staff) => (await get(`/v1/bookings/${id}`, headers)).json();
const fareOf = async (id: string, headers = staff) => (await bookingOf(id, headers)).main_params.payment;

async function payByCard(id: string, paymentId: number) {
  const res = await post(`/v1/bookings/${id}/payments/${paymentId}/checkout`, undefined, agents.FREE.headers);
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().checkout_url as string;
  const ref = url.slice(url.lastIndexOf('/') + 1);
  expect((await publicPost(`/v1/sandbox-gateway/checkouts/${ref}/pay`, { card_number: '4242424242424242' })).json()).toMatchObject({ outcome: 'PAID' });
  return until(() => fareOf(id), (p) => p.status === 'PAYMENT_CONFIRMED', 'the card payment');
}

/** The document's number (from its file name) and its text, blanks collapsed. */
async function pdfOf(res: { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const number = /-((?:INV|RCP|RTN)-\d+)\.pdf/.exec(String(res.headers['content-disposition']))![1]!;
  const file = join(dir, `${number}.pdf`);
  await writeFile(file, res.rawPayload);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return { number, file, text: stdout.replace(/[ \t\u3000]+/g, ' ') };
}

const docUrl = (id: string, paymentId: number, file: 'invoice' | 'receipt' | 'return-invoice') => `/v1/bookings/${id}/payments/${paymentId}/${file}.pdf`;
const yen = (e6: number) => `¥${formatYen(e6)}`;
const taxOf = (e6: number) => Math.floor(((e6 / E6) * 10) / 110) * E6;

function expectQualifiedItems(text: string, agentName: string, totalE6: number) {
  expect(text).toContain(`登録番号 ${REGISTRATION}`);
  expect(text).toContain('嵯峨野観光鉄道株式会社');
  expect(text).toContain(`${agentName} 御中`);
  expect(text).toContain('10%対象');
  expect(text).toContain(`消費税（10%） ${yen(taxOf(totalE6))}`);
  expect(text).toContain(yen(totalE6));
}

describe('the invoice of a card payment (FREE agent), its receipt and a return invoice', () => {
  it('issues once per total, refuses what the payment does not have, and refers to what it replaces', async () => {
    const { id, fare } = await booking('FREE');
    const agent = agents.FREE.headers;
    const agentName = (await bookingOf(id)).agent_name as string;
    expect(fare).toMatchObject({ status: 'PAYMENT_PENDING', payment_method: 'ONLINE_CREDIT_CARD' });
    expect((await fareOf(id, agent)).invoice_url).toBe(docUrl(id, fare.payment_id, 'invoice'));
    expect((await fareOf(id, agent)).receipt_url).toBeNull();

    const invoice = await pdfOf(await get(docUrl(id, fare.payment_id, 'invoice'), agent));
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expectQualifiedItems(invoice.text, agentName, fare.total_amount);
    expect(invoice.text).toMatch(/請 求 書/);
    expect(invoice.text).toContain(`請求書番号 ${invoice.number}`);
    expect(invoice.text).toContain(id);
    expect(invoice.text).toContain('青葉会');
    expect(invoice.text).toContain('お支払い期限');
    expect(invoice.text).toContain('クレジットカード');
    // The logo and the stamp are printed.
    expect((await run('pdfimages', ['-list', invoice.file])).stdout.trim().split('\n').length).toBeGreaterThanOrEqual(4);

    // Asked again (by staff too): the same document.
    expect((await pdfOf(await get(docUrl(id, fare.payment_id, 'invoice'), agent))).number).toBe(invoice.number);
    expect((await pdfOf(await get(docUrl(id, fare.payment_id, 'invoice')))).number).toBe(invoice.number);
    const logs = await ctx.database.db.select().from(t.operationLogs).where(sql`operation = 'invoices.issue' and booking_id = ${id}`);
    expect(logs).toHaveLength(1);
    expect(logs[0]!.responseJson).toMatchObject({ document_number: invoice.number, kind: 'INVOICE' });

    const noReceipt = await get(docUrl(id, fare.payment_id, 'receipt'), agent);
    expect(noReceipt.statusCode).toBe(409);
    expect(errorOf(noReceipt).error_code).toBe('STEP_NOT_ALLOWED');
    expect((await get(docUrl(id, fare.payment_id, 'return-invoice'), agent)).statusCode).toBe(409);
    // Another agent, and a payment of another booking: not found.
    expect((await get(docUrl(id, fare.payment_id, 'invoice'), agents.CONTRACTED.headers)).statusCode).toBe(404);
    const other = await booking('FREE');
    expect((await get(docUrl(id, other.fare.payment_id, 'invoice'), agent)).statusCode).toBe(404);

    // Lowered by 500 円 before payment: the fare's total changes, and a new invoice replaces the first.
    const discounted = fare.total_amount - 500 * E6;
    expect((await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: discounted, reason: '団体割引の適用' })).json()).toEqual({ discrepancy_payment_id: null });
    const replaced = await pdfOf(await get(docUrl(id, fare.payment_id, 'invoice'), agent));
    expect(parseDocumentNumber(replaced.number)!.sequence).toBeGreaterThan(parseDocumentNumber(invoice.number)!.sequence);
    expect(replaced.text).toContain(`請求書 ${invoice.number} に代わるもの`);
    expectQualifiedItems(replaced.text, agentName, discounted);
    const rows = await ctx.database.db.select().from(t.invoiceDocuments).where(sql`payment_id = ${fare.payment_id} and kind = 'INVOICE'`).orderBy(t.invoiceDocuments.id);
    expect(rows.map((r) => r.documentNumber)).toEqual([invoice.number, replaced.number]);
    expect(rows[1]!.refersToId).toBe(rows[0]!.id);
    // Who asked first is kept with the document: the agent's account.
    const [agentAccount] = await ctx.database.db.select({ id: t.accounts.id }).from(t.accounts).where(sql`email = 'agent-free@example.com'`);
    expect(rows[1]!.issuedByAccountId).toBe(agentAccount!.id);
    expect(rows[0]!.content).toMatchObject({ amounts: { total: fare.total_amount, tax: taxOf(fare.total_amount) } });

    // Paid: a receipt saying so; the invoice still stands.
    const paid = await payByCard(id, fare.payment_id);
    expect(paid.paid_amount).toBe(discounted);
    expect((await fareOf(id, agent)).receipt_url).toBe(docUrl(id, fare.payment_id, 'receipt'));
    const receipt = await pdfOf(await get(docUrl(id, fare.payment_id, 'receipt'), agent));
    expect(receipt.number).toMatch(/^RCP-\d{6}$/);
    expectQualifiedItems(receipt.text, agentName, paid.paid_amount);
    expect(receipt.text).toMatch(/領 収 書/);
    expect(receipt.text).toContain('上記の金額を正に領収いたしました');
    expect(receipt.text).toMatch(/お支払方法 クレジットカード/);
    expect(receipt.text).toContain('領収日');
    expect((await pdfOf(await get(docUrl(id, fare.payment_id, 'invoice'), agent))).number).toBe(replaced.number);

    // Lowered by 1,000 円 after payment: refunded, and a return invoice naming the invoice. The paid
    // fare keeps its total and its invoice; the return invoice alone states the reduction (once).
    const lower = discounted - 1000 * E6;
    const answer = (await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: lower, reason: '1名減（当日欠席）' })).json();
    const settled = await until(() => fareOf(id, agent), (p) => p.discrepancy?.status === 'PAYMENT_CONFIRMED', 'the refund');
    expect(settled.discrepancy).toMatchObject({ payment_id: answer.discrepancy_payment_id, direction: 'REFUND', return_invoice_url: docUrl(id, answer.discrepancy_payment_id, 'return-invoice'), invoice_url: null, receipt_url: null });
    // Its flags say what is served: no invoice and no receipt (a card refund made would otherwise read as "paid"), its return invoice instead.
    expect(settled.discrepancy.flags).toMatchObject({ can_view_invoice: false, can_view_receipt: false });
    expect((await get(docUrl(id, answer.discrepancy_payment_id, 'receipt'), agent)).statusCode).toBe(409);
    const listed = (await get(`/v1/bookings/payments/search?booking_id=${id}`, agent)).json().payments[0].payment.discrepancy;
    expect(listed).toEqual(settled.discrepancy);
    const back = await pdfOf(await get(docUrl(id, answer.discrepancy_payment_id, 'return-invoice'), agent));
    expect(back.number).toMatch(/^RTN-\d{6}$/);
    expect(back.text).toContain('適格返還請求書');
    expect(back.text).toContain(`登録番号 ${REGISTRATION}`);
    expect(back.text).toContain(`元の請求書 ${replaced.number}`);
    expect(back.text).toContain('10%対象返還');
    expect(back.text).toContain(`消費税（10%） ${yen(taxOf(1000 * E6))}`);
    expect(back.text).toContain(yen(1000 * E6));
    expect((await get(docUrl(id, answer.discrepancy_payment_id, 'invoice'), agent)).statusCode).toBe(409);
    expect((await pdfOf(await get(docUrl(id, fare.payment_id, 'invoice'), agent))).number).toBe(replaced.number);
  }, 60_000);
});

describe('a coupon agent (CONTRACTED)', () => {
  it('has no invoice for a couponed fare, a receipt once paid by transfer, and an invoice for its cancellation fee, 不課税', async () => {
    const agent = agents.CONTRACTED.headers;
    const { id, fare } = await booking('CONTRACTED');
    expect(fare.invoice_url).toBeNull();
    expect((await get(docUrl(id, fare.payment_id, 'invoice'), agent)).statusCode).toBe(409);
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/bank_transfers`, { amount: fare.total_amount, transferred_on: '2058-05-02' })).statusCode).toBe(200);
    const receipt = await pdfOf(await get(docUrl(id, fare.payment_id, 'receipt'), agent));
    expect(receipt.text).toMatch(/お支払方法 銀行振込/);
    expect(receipt.text).toContain('2058年5月2日');

    // Lowered after it was paid: the money owed back has a return invoice; no invoice was ever issued, so it names the day the fare was settled.
    const answer = (await post(`/v1/bookings/${id}/adjust_amount`, { total_amount: fare.total_amount - 500 * E6, reason: '1名減' })).json();
    const refund = (await fareOf(id, agent)).discrepancy;
    expect(refund).toMatchObject({ payment_id: answer.discrepancy_payment_id, direction: 'REFUND', status: 'PAYMENT_PENDING', flags: { can_view_invoice: false, can_view_receipt: false } });
    const back = await pdfOf(await get(refund.return_invoice_url, agent));
    expect(back.text).toContain('元の請求書 （請求書の発行なし）');
    expect(back.text).toMatch(/元の取引日 \d{4}年\d{1,2}月\d{1,2}日/);
    expect(back.text).toContain(`消費税（10%） ${yen(taxOf(500 * E6))}`);
    const [row] = await ctx.database.db.select().from(t.invoiceDocuments).where(sql`document_number = ${back.number}`);
    expect(row!.refersToId).toBeNull();

    await ctx.database.db.execute(sql`insert into cancellation_policies (days_before, rate_e6) values (20000, 100000) on conflict do nothing`);
    const cancelled = await booking('CONTRACTED');
    expect((await post(`/v1/bookings/${cancelled.id}/cancel`, { agree_cancellation_policy: true }, agent)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${cancelled.id}/confirm_cancellation`)).statusCode).toBe(200);
    const fee = (await bookingOf(cancelled.id, agent)).main_params.cancellation.payment;
    expect(fee).toMatchObject({ kind: 'CANCELLATION', status: 'PAYMENT_PENDING', invoice_url: docUrl(cancelled.id, fee.payment_id, 'invoice') });
    const invoice = await pdfOf(await get(docUrl(cancelled.id, fee.payment_id, 'invoice'), agent));
    expect(invoice.text).toContain('取消料（10%）');
    expect(invoice.text).toContain('不課税');
    expect(invoice.text).toContain(`不課税（取消料） ${yen(fee.total_amount)}`);
    expect(invoice.text).not.toContain('10%対象');
    expect(invoice.text).toContain('お振込先');
    expect(invoice.text).toContain('京都中央銀行 嵯峨支店（店番 123）');
    expect(invoice.text).toContain(`登録番号 ${REGISTRATION}`);
  }, 60_000);
});

describe('a monthly agent (SPECIAL_CONTRACTED)', () => {
  it('has no invoice before the monthly invoice, then an invoice and a receipt once the transfer arrived', async () => {
    const agent = agents.SPECIAL_CONTRACTED.headers;
    const { id, fare } = await booking('SPECIAL_CONTRACTED');
    expect(fare.status).toBe('INVOICE_PENDING');
    expect((await get(docUrl(id, fare.payment_id, 'invoice'), agent)).statusCode).toBe(409);
    expect((await post(`/v1/bookings/${id}/payments/${fare.payment_id}/bank_transfers`, { amount: fare.total_amount, transferred_on: '2058-06-10' })).statusCode).toBe(200);
    const invoice = await pdfOf(await get(docUrl(id, fare.payment_id, 'invoice'), agent));
    expectQualifiedItems(invoice.text, (await bookingOf(id)).agent_name, fare.total_amount);
    expect(invoice.text).toContain('銀行振込（月締め）');
    expect(invoice.text).toContain('口座番号 1234567');
    const receipt = await pdfOf(await get(docUrl(id, fare.payment_id, 'receipt'), agent));
    expect(receipt.text).toContain('2058年6月10日');
  }, 60_000);
});

describe('the group\'s invoice link (booking id and token)', () => {
  it('gives the invoice with the right token only, and the summary links to it', async () => {
    const { id, fare } = await booking('FREE');
    const token = (await bookingOf(id)).booking_token as string;
    const summary = (await get(`/v1/bookings/${id}/summary?token=${encodeURIComponent(token)}`, undefined)).json();
    // A browser link asks for no media type: the page links the PDF's own address.
    expect(summary.invoice_url).toBe(`/v1/bookings/${id}/invoices/${fare.payment_id}.pdf?token=${encodeURIComponent(token)}`);
    expect((await get(`/v1/bookings/${id}/invoices/${fare.payment_id}.pdf?token=wrong-token`, undefined)).statusCode).toBe(404);
    const mine = await pdfOf(await get(summary.invoice_url, undefined));
    expect(mine.text).toContain(`登録番号 ${REGISTRATION}`);
    // The agent's download is the same document.
    expect((await pdfOf(await get(docUrl(id, fare.payment_id, 'invoice'), agents.FREE.headers))).number).toBe(mine.number);
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(sql`operation = 'invoices.issue' and booking_id = ${id}`);
    expect(log).toMatchObject({ operator: 'customer', statusCode: 200 });
    const [issued] = await ctx.database.db.select().from(t.invoiceDocuments).where(sql`document_number = ${mine.number}`);
    expect(issued!.issuedByAccountId).toBeNull();
  }, 30_000);
});

describe('the group\'s invoice as the Invoice entity (spec 000 §3)', () => {
  const inject = (url: string, accept?: string) => ctx.app.inject({ method: 'GET', url, ...(accept ? { headers: { accept } } : {}) });

  it('answers JSON by default with the specification\'s names, from the same document the PDF prints', async () => {
    const { id, fare } = await booking('FREE');
    const token = (await bookingOf(id)).booking_token as string;
    const query = `?token=${encodeURIComponent(token)}`;
    const url = `/v1/bookings/${id}/invoices/${fare.payment_id}`;

    const res = await inject(`${url}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers.vary).toContain('Accept');
    const invoice = res.json();
    expect(Object.keys(invoice)).toEqual(['header', 'body', 'note', 'status', 'is_cancel']);
    expect(Object.keys(invoice.header)).toEqual(['issue_date', 'invoice_id', 'corporate_number', 'operator_info', 'agent_name', 'receipt_issue_date']);
    expect(Object.keys(invoice.body)).toEqual(['due_date', 'reason', 'group_type', 'services', 'payment']);
    expect(invoice.header).toMatchObject({
      invoice_id: expect.stringMatching(/^INV-\d{6}$/),
      corporate_number: REGISTRATION,
      operator_info: { name: '嵯峨野観光鉄道株式会社', postal_code: '616-8373', fax: '075-861-7445', logo_url: `${url}/logo${query}`, stamp_url: `${url}/stamp${query}` },
      agent_name: (await bookingOf(id)).agent_name,
      receipt_issue_date: null,
    });
    expect(Object.keys(invoice.header.operator_info)).toEqual(['name', 'postal_code', 'address', 'phone_number', 'fax', 'logo_url', 'stamp_url']);
    expect(invoice.body).toMatchObject({ due_date: fare.due_date, reason: '団体乗車運賃として', group_type: 'NORMAL' });
    expect(invoice.body.services).toHaveLength(1);
    expect(invoice.body.payment).toMatchObject({ payment_id: fare.payment_id, kind: 'FARE', payment_method: 'ONLINE_CREDIT_CARD', document_kind: 'INVOICE', booking_id: id, group_name: '青葉会' });
    expect(invoice.body.payment.amounts).toEqual({ taxed: [{ rate_percent: 10, total: fare.total_amount, tax: taxOf(fare.total_amount) }], not_taxable: 0, total: fare.total_amount, tax: taxOf(fare.total_amount) });
    expect(invoice.body.payment.lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(fare.total_amount);
    expect(invoice).toMatchObject({ status: 'PAYMENT_PENDING', is_cancel: false, note: expect.stringContaining('消費税額は税率ごとの合計金額から計算') });

    // The PDF by Accept, and at its .pdf address: the same document, printing what the entity says.
    const pdf = await pdfOf(await inject(`${url}${query}`, 'application/pdf'));
    expect(pdf.number).toBe(invoice.header.invoice_id);
    expect(pdf.text).toContain(`請求書番号 ${invoice.header.invoice_id}`);
    expect(pdf.text).toContain(`登録番号 ${invoice.header.corporate_number}`);
    expect(pdf.text).toContain(`${invoice.header.agent_name} 御中`);
    // A line's label may wrap in its column: its unit's name, and the train the services name.
    expect(pdf.text).toContain(invoice.body.payment.lines[0].label.split('（')[0]);
    expect(pdf.text).toContain(`${invoice.body.services[0].train_name} ${invoice.body.services[0].from_station}→${invoice.body.services[0].to_station}`);
    expect(pdf.text).toContain(yen(invoice.body.payment.amounts.total));
    expect(pdf.text).toContain(`消費税（10%） ${yen(invoice.body.payment.amounts.tax)}`);
    const [y, m, d] = (invoice.body.due_date as string).split('-').map(Number);
    expect(pdf.text).toContain(`お支払い期限 ${y}年${m}月${d}日`);
    expect((await pdfOf(await inject(`${url}.pdf${query}`))).number).toBe(invoice.header.invoice_id);
    // JSON named first or weighed above the PDF stays JSON; nothing named (a browser's */*) too.
    for (const accept of ['application/json', 'application/json, application/pdf', 'application/pdf;q=0.5, application/json', '*/*']) {
      expect((await inject(`${url}${query}`, accept)).headers['content-type'], accept).toContain('application/json');
    }
    expect((await inject(`${url}${query}`, 'application/json;q=0.1, application/pdf')).headers['content-type']).toBe('application/pdf');
    // Asked for five times, issued once.
    const logs = await ctx.database.db.select().from(t.operationLogs).where(sql`operation = 'invoices.issue' and booking_id = ${id}`);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ operator: 'customer', responseJson: { document_number: invoice.header.invoice_id } });

    // The images it printed, by the same link.
    const logo = await inject(invoice.header.operator_info.logo_url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(PNG.sync.read(logo.rawPayload).width).toBe(40);
    expect(PNG.sync.read((await inject(invoice.header.operator_info.stamp_url)).rawPayload).width).toBe(32);

    // Paid, and its receipt issued: the same invoice, its status now and the receipt's date.
    await payByCard(id, fare.payment_id);
    const receipt = await pdfOf(await get(docUrl(id, fare.payment_id, 'receipt'), agents.FREE.headers));
    const [receiptRow] = await ctx.database.db.select().from(t.invoiceDocuments).where(sql`document_number = ${receipt.number}`);
    const paid = (await inject(`${url}${query}`)).json();
    expect(paid.header).toMatchObject({ invoice_id: invoice.header.invoice_id, receipt_issue_date: receiptRow!.issuedOn });
    expect(paid.status).toBe('PAYMENT_CONFIRMED');
  }, 60_000);

  it('opens with the booking\'s own token only, and only the payments that have an invoice', async () => {
    const { id, fare } = await booking('FREE');
    const other = await booking('FREE');
    const token = (await bookingOf(id)).booking_token as string;
    const otherToken = (await bookingOf(other.id)).booking_token as string;
    const url = `/v1/bookings/${id}/invoices/${fare.payment_id}`;
    for (const suffix of ['', '.pdf', '/logo', '/stamp']) {
      expect((await inject(`${url}${suffix}?token=wrong-token`)).statusCode, suffix).toBe(404);
      expect((await inject(`${url}${suffix}?token=${encodeURIComponent(otherToken)}`)).statusCode, suffix).toBe(404);
    }
    // Another booking's payment under this booking's token: not found, and nothing issued.
    expect((await inject(`/v1/bookings/${id}/invoices/${other.fare.payment_id}?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);
    // Before the invoice is issued there is no image to serve.
    expect((await inject(`${url}/logo?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);
    expect(await ctx.database.db.select().from(t.invoiceDocuments).where(sql`payment_id in (${fare.payment_id}, ${other.fare.payment_id})`)).toEqual([]);
    // No token at all: the call names it.
    const bad = await inject(url);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'token' });
    // A coupon agent's couponed fare has no invoice: 404 for the group, JSON or PDF.
    const coupon = await booking('CONTRACTED');
    const couponToken = encodeURIComponent((await bookingOf(coupon.id)).booking_token as string);
    expect((await inject(`/v1/bookings/${coupon.id}/invoices/${coupon.fare.payment_id}?token=${couponToken}`)).statusCode).toBe(404);
    expect((await inject(`/v1/bookings/${coupon.id}/invoices/${coupon.fare.payment_id}.pdf?token=${couponToken}`)).statusCode).toBe(404);
  }, 60_000);
});

describe('numbering under concurrency', () => {
  it('20 invoices issued at once get 20 consecutive numbers', async () => {
    const rows = (await ctx.database.db.execute(sql`
      select p.id, b.booking_id from payments p join bookings b on b.id = p.booking_id
      where p.kind = 'FARE' and p.payment_method in ('ONLINE_CREDIT_CARD', 'MONTHLY') and p.status in ('PAYMENT_PENDING', 'PAYMENT_CONFIRMED') and p.total_amount_e6 > 0
        and not exists (select 1 from invoice_documents d where d.payment_id = p.id)
      order by p.id limit 20`)) as unknown as { rows: { id: number; booking_id: string }[] };
    const payments = rows.rows.map((r) => ({ id: Number(r.id), bookingId: r.booking_id }));
    while (payments.length < 20) {
      const { id, fare } = await booking('FREE', 2);
      payments.push({ id: fare.payment_id, bookingId: id });
    }
    const answers = await Promise.all(payments.map((p) => get(docUrl(p.bookingId, p.id, 'invoice'))));
    for (const a of answers) expect(a.statusCode, a.body.slice(0, 200)).toBe(200);
    const sequences = answers.map((a) => parseDocumentNumber(/-(INV-\d+)\.pdf/.exec(String(a.headers['content-disposition']))![1]!)!.sequence).sort((x, y) => x - y);
    expect(new Set(sequences).size).toBe(20);
    expect(sequences[19]! - sequences[0]!).toBe(19);
    const [counter] = await ctx.database.db.select().from(t.documentCounters).where(sql`kind = 'INVOICE'`);
    expect(counter!.lastNumber).toBe(sequences[19]);
  }, 60_000);
});
