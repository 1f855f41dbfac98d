/**
 * Monthly billing and settlements (DESIGN §6 "Settlements") on the demo database, with the Clock
 * pinned to a month end after every demo booking: the SPECIAL_CONTRACTED agent's month billed
 * gives its settlements, one qualified invoice per branch (pdftotext), payments moved to
 * PAYMENT_PENDING with their monthly invoice and due date, and the invoice mailed once by its
 * delivery job after the billing's commit, however often that job runs; a second run
 * changes nothing; two runs racing give one settlement; confirming the payment is once only;
 * another agent sees none of it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, lastDayOfMonth, monthOf, tokyoToday } from '@sagano/domain/common/business-date';
import { E6, formatYen } from '@sagano/domain/money/yen-e6';
import { addMonths, settlementDueDate } from '@sagano/domain/settlements/billing-period';
import { rowsOf } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { inTransaction } from '../src/lib/unit-of-work.ts';
import { deliverMonthlyInvoiceJob, monthlyBillingJob } from '../src/modules/settlements/settlement.jobs.ts';
import { createSettlementsService } from '../src/modules/settlements/settlements.service.ts';
import { demoToday } from './support/demo-days.ts';
import { createTestApp, errorOf, latestOperationLog, type TestApp } from './test-app.ts';

const run = promisify(execFile);
// A month end after every demo booking: they travel on the 28 days the line runs from the day after
// the demo database was made, from 1 March when that day is in the winter pause (30 December to the
// end of February).
const RUN_DATE = lastDayOfMonth(monthOf(addDays(firstRunningDay(addDays(tokyoToday(), 1)), 40)));
// The demo agents bill at month end: the next billing day after the run.
const NEXT_BILLING_DATE = lastDayOfMonth(addMonths(monthOf(RUN_DATE), 1));
const clock = fixedClock(`${RUN_DATE}T12:00:00+09:00`);

function firstRunningDay(day: string): string {
  const [year, monthDay] = [Number(day.slice(0, 4)), day.slice(5)];
  if (monthDay >= '12-30') return `${year + 1}-03-01`;
  return monthDay < '03-01' ? `${year}-03-01` : day;
}

let ctx: TestApp;
let dir: string;
let staff: { authorization: string };
let special: { id: number; billingDay: number | null };
const agentIdOf: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  dir = mkdtempSync(join(tmpdir(), 'settlements-'));
  staff = await ctx.login('staff@example.com');
  for (const a of await ctx.database.db.select({ id: t.agents.id, type: t.agents.agentType }).from(t.agents)) agentIdOf[a.type] ??= a.id;
  // The demo agents bill at month end (the default).
  await ctx.database.db.update(t.agents).set({ billingDay: null, billingDayEndOfMonth: true, paymentDay: null, paymentDayEndOfMonth: true });
  special = { id: agentIdOf.SPECIAL_CONTRACTED!, billingDay: null };
});
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What a job run by hand is given (no queue: what it sends goes nowhere). */
const jobDeps = () => ({ db: ctx.database.db, clock, config: ctx.config, jobs: { send: async () => null } as never, mailSender: undefined, gateway: ctx.gateway });
const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
const runBilling = (agentId: number) => ctx.app.inject({ method: 'POST', url: '/v1/settlements/run', headers: staff, payload: { agent_id: agentId } });

async function monthlyPaymentsOf(agentId: number) {
  return ctx.database.db
    .select({ id: t.payments.id, kind: t.payments.kind, status: t.payments.status, total: t.payments.totalAmountE6, paid: t.payments.paidAmountE6, direction: t.payments.direction, dueDate: t.payments.dueDate, monthlyInvoiceId: t.payments.monthlyInvoiceId, bookingId: t.bookings.bookingId, group: t.bookings.agentSubGroupId })
    .from(t.payments)
    .innerJoin(t.bookings, eq(t.bookings.id, t.payments.bookingId))
    .where(and(eq(t.bookings.agentId, agentId), eq(t.payments.paymentMethod, 'MONTHLY')))
    .orderBy(t.payments.id);
}

async function settlementCount(agentId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from agent_settlements where agent_id = ${agentId}`));
  return Number(row!.n);
}

async function pdfText(body: Buffer): Promise<string> {
  const file = join(dir, `invoice-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, body);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout.replace(/[ \t\u3000]+/g, ' ');
}

describe('monthly billing of the SPECIAL_CONTRACTED agent', () => {
  let before: Awaited<ReturnType<typeof monthlyPaymentsOf>>;
  let agentSettlementId: number;

  it('a monthly booking waiting for its invoice names the billing day of the invoice it will be on, by the agent\'s billing day', async () => {
    const waiting = (await monthlyPaymentsOf(special.id)).find((p) => p.kind === 'FARE' && p.status === 'INVOICE_PENDING')!;
    const fareOf = async () => (await get(`/v1/bookings/${waiting.bookingId}`)).json().main_params.payment;
    // It travels on or before the run date, after the last billed month: today's run (month end) bills it.
    expect(await fareOf()).toMatchObject({ status: 'INVOICE_PENDING', payment_method: 'MONTHLY', expected_billing_date: RUN_DATE });
    // Billing on the 20th instead: that day of the next month (today's run would have been the 20th, past).
    await ctx.database.db.update(t.agents).set({ billingDay: 20, billingDayEndOfMonth: false }).where(eq(t.agents.id, special.id));
    try {
      expect((await fareOf()).expected_billing_date).toBe(`${addMonths(monthOf(RUN_DATE), 1)}-20`);
    } finally {
      await ctx.database.db.update(t.agents).set({ billingDay: null, billingDayEndOfMonth: true }).where(eq(t.agents.id, special.id));
    }
    // A card agent's fare is never on a monthly invoice.
    const [card] = rowsOf<{ booking_id: string }>(await ctx.database.db.execute(sql`select b.booking_id from bookings b join payments p on p.booking_id = b.id where b.agent_id = ${agentIdOf.FREE!} and p.kind = 'FARE' limit 1`));
    expect((await get(`/v1/bookings/${card!.booking_id}`)).json().main_params.payment.expected_billing_date).toBeNull();
  });

  it('bills the month: one settlement, its sums from the pending payments, due on the payment day', async () => {
    before = await monthlyPaymentsOf(special.id);
    const pending = before.filter((p) => p.status === 'INVOICE_PENDING' || (p.kind === 'DISCREPANCY' && p.status === 'PAYMENT_PENDING' && (p.direction === 'EXTRA' || p.paid === 0)));
    expect(pending.length).toBeGreaterThan(0);
    const res = await runBilling(special.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ billed: true, period: { to: RUN_DATE } });
    agentSettlementId = res.json().agent_settlement_id;
    expect((await latestOperationLog(ctx, 'settlements.run'))?.isError).toBe(false);

    const list = (await get(`/v1/settlements/agent?agent_id=${special.id}&duration=${monthOf(RUN_DATE)}`)).json();
    expect(list.total).toBe(1);
    const fare = pending.filter((p) => p.kind === 'FARE').reduce((a, p) => a + p.total, 0);
    const fee = pending.filter((p) => p.kind === 'CANCELLATION').reduce((a, p) => a + p.total, 0);
    const discrepancy = pending.filter((p) => p.kind === 'DISCREPANCY').reduce((a, p) => a + (p.direction === 'REFUND' ? -p.total : p.total), 0);
    // What came in before billing (the demo's part-paid fare) is deducted: the invoice bills the rest.
    const received = pending.filter((p) => p.direction !== 'REFUND').reduce((a, p) => a + Math.min(p.paid, p.total), 0);
    expect(received).toBeGreaterThan(0);
    const amount = fare + fee + discrepancy - received;
    expect(list.agent_settlements[0]).toMatchObject({ agent_settlement_id: agentSettlementId, contract_type: 'SPECIAL_CONTRACTED', payment_method: 'MONTHLY', fare, fee, discrepancy, received, amount, payment_status: 'UNPAID', is_paid: false, can_confirm_payment: true });
    expect(list.totals).toEqual({ amount, fare, discrepancy, fee, received });
    // The run says what it billed: how many bookings and branches, and the amount.
    expect(res.json()).toEqual({ agent_settlement_id: agentSettlementId, period: { from: expect.any(String), to: RUN_DATE }, billed: true, bookings: new Set(pending.map((p) => p.bookingId)).size, branches: new Set(pending.map((p) => p.group)).size, amount, next_billing_date: NEXT_BILLING_DATE });

    const groups = (await get(`/v1/settlements/group/${agentSettlementId}`)).json();
    const dueDate = settlementDueDate(RUN_DATE, { paymentDay: null, paymentDayEndOfMonth: true });
    expect(groups.group_settlements.length).toBe(new Set(pending.map((p) => p.group)).size);
    expect(groups.group_settlements.reduce((a: number, g: { amount: number }) => a + g.amount, 0)).toBe(amount);
    for (const g of groups.group_settlements) expect(g).toMatchObject({ payment_status: 'UNPAID', payment_deadline: dueDate, invoice_url: `/v1/settlements/group/${g.group_settlement_id}/invoice.pdf`, invoice_number: expect.stringMatching(/^INV-\d{6}$/) });

    // The payments: INVOICE_PENDING → PAYMENT_PENDING with the branch's settlement and the due date; others untouched.
    const after = await monthlyPaymentsOf(special.id);
    for (const p of after) {
      const was = before.find((b) => b.id === p.id)!;
      if (pending.some((x) => x.id === p.id)) {
        const gs = groups.group_settlements.find((g: { group: { agent_group_id: number } }) => g.group.agent_group_id === p.group);
        expect(p).toMatchObject({ status: 'PAYMENT_PENDING', monthlyInvoiceId: gs.group_settlement_id });
        if (was.status === 'INVOICE_PENDING') expect(p.dueDate).toBe(dueDate);
      } else {
        expect(p).toEqual(was);
      }
    }
    const payments = (await get(`/v1/settlements/payment/${groups.group_settlements[0].group_settlement_id}`)).json();
    expect(payments.payments.length).toBe(pending.filter((p) => p.group === groups.group_settlements[0].group.agent_group_id).length);
    // A billed fare's booking has a new history revision, and its payment names the settlements.
    const billedFare = pending.find((p) => p.kind === 'FARE')!;
    const booking = (await get(`/v1/bookings/${billedFare.bookingId}`)).json();
    expect(booking.main_params.payment).toMatchObject({ status: 'PAYMENT_PENDING', agent_settlement_id: String(agentSettlementId), agent_sub_group_settlement_id: expect.any(String), expected_billing_date: null });
    const [history] = rowsOf<{ by: string }>(await ctx.database.db.execute(sql`select h.created_by as by from booking_histories h join bookings b on b.id = h.booking_id where b.booking_id = ${billedFare.bookingId} order by h.revision desc limit 1`));
    expect(history?.by).toBe('staff@example.com');
  });

  it('issues each branch a qualified monthly invoice listing its bookings, and mails it', async () => {
    const groups = (await get(`/v1/settlements/group/${agentSettlementId}`)).json();
    for (const g of groups.group_settlements) {
      const res = await get(g.invoice_url);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('登録番号 T1130001234567');
      expect(text).toContain('請求期間');
      expect(text).toContain(g.invoice_number);
      expect(text).toContain(`¥${formatYen(g.amount)}`);
      const listed = (await get(`/v1/settlements/payment/${g.group_settlement_id}`)).json().payments as { booking_id: string }[];
      for (const p of listed) expect(text).toContain(p.booking_id);
      if (g.fare + g.discrepancy > 0) expect(text).toContain('10%');
      // A branch that had money in before billing: the invoice shows it deducted, and asks for the rest.
      if (g.received > 0) {
        expect(text).toContain(`既入金額 -¥${formatYen(g.received)}`);
        expect(text).toMatch(new RegExp(`差引ご請求金額 ¥${formatYen(g.amount)}`));
      }
    }
    expect(groups.group_settlements.some((g: { received: number }) => g.received > 0)).toBe(true);

    // The mails go out after the billing's commit, from the delivery job (this app runs no queue:
    // the job's start-up finds the invoices not yet delivered, and each is run by hand).
    const numbers = groups.group_settlements.map((g: { invoice_number: string }) => g.invoice_number) as string[];
    const mailsOfRun = async () => (await ctx.database.db.select().from(t.outboxMails).where(eq(t.outboxMails.kind, 'MONTHLY_INVOICE'))).filter((m) => numbers.some((n) => m.bodyText.includes(n)));
    expect(await mailsOfRun()).toEqual([]);
    const pending = await deliverMonthlyInvoiceJob.atStart!(jobDeps());
    expect(pending.map((p) => p.group_settlement_id).sort()).toEqual(groups.group_settlements.map((g: { group_settlement_id: number }) => g.group_settlement_id).sort());
    for (const payload of pending) await deliverMonthlyInvoiceJob.run(jobDeps(), payload);
    const mails = await mailsOfRun();
    expect(mails.length).toBeGreaterThanOrEqual(numbers.length);
    expect(mails.map((m) => m.toAddress)).toContain('agent-special@example.com');
    for (const number of numbers) {
      const own = mails.filter((m) => m.bodyText.includes(number));
      // One mail per admin of the branch.
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(new Set(own.map((m) => m.toAddress)).size).toBe(own.length);
      const [attachment] = await ctx.database.db.select().from(t.outboxMailAttachments).where(eq(t.outboxMailAttachments.outboxMailId, own[0]!.id));
      expect(attachment).toMatchObject({ filename: `invoice-${number}.pdf`, contentType: 'application/pdf' });
      expect(await pdfText(Buffer.from(attachment!.content))).toContain(number);
    }
    expect(mails[0]!.subject).toContain('月次請求書');
    // A retried or repeated delivery mails nothing more, and nothing is left to deliver.
    for (const payload of pending) await deliverMonthlyInvoiceJob.run(jobDeps(), payload);
    expect((await mailsOfRun()).map((m) => m.id).sort()).toEqual(mails.map((m) => m.id).sort());
    expect(await deliverMonthlyInvoiceJob.atStart!(jobDeps())).toEqual([]);
  });

  it('a second run for the same period changes nothing', async () => {
    const payments = await monthlyPaymentsOf(special.id);
    const documents = await ctx.database.db.select({ id: t.invoiceDocuments.id }).from(t.invoiceDocuments);
    const res = await runBilling(special.id);
    const count = await settlementCount(special.id);
    // Nothing to bill until the next billing day, and the answer says so.
    expect(res.json()).toEqual({ billed: false, agent_settlement_id: agentSettlementId, period: null, bookings: 0, branches: 0, amount: 0, next_billing_date: NEXT_BILLING_DATE });
    expect(await settlementCount(special.id)).toBe(count);
    expect(await monthlyPaymentsOf(special.id)).toEqual(payments);
    expect(await ctx.database.db.select({ id: t.invoiceDocuments.id }).from(t.invoiceDocuments)).toEqual(documents);
  });

  it('another agent sees none of it; a branch only its own share', async () => {
    const free = await ctx.login('agent-free@example.com');
    expect((await get(`/v1/settlements/group/${agentSettlementId}`, free)).statusCode).toBe(404);
    const groups = (await get(`/v1/settlements/group/${agentSettlementId}`)).json();
    const gs = groups.group_settlements[0].group_settlement_id;
    expect((await get(`/v1/settlements/payment/${gs}`, free)).statusCode).toBe(404);
    expect((await get(`/v1/settlements/group/${gs}/invoice.pdf`, free)).statusCode).toBe(404);
    expect((await get(`/v1/settlements/agent?agent_id=${special.id}`, free)).json().total).toBe(0);
    const seen = (await get('/v1/settlements/agent?per_page=100', free)).json().agent_settlements as { agent: { agent_id: number } }[];
    expect(seen.every((a) => a.agent.agent_id === agentIdOf.FREE)).toBe(true);
    const confirm = await ctx.app.inject({ method: 'PUT', url: `/v1/settlements/payment/${agentSettlementId}`, headers: free, payload: { paid_on: RUN_DATE } });
    expect(confirm.statusCode).toBe(403);
    const run = await ctx.app.inject({ method: 'POST', url: '/v1/settlements/run', headers: free, payload: { agent_id: special.id } });
    expect(run.statusCode).toBe(403);

    const own = await ctx.login('agent-special@example.com');
    const mine = (await get(`/v1/settlements/agent?duration=${monthOf(RUN_DATE)}`, own)).json();
    expect(mine.agent_settlements.map((a: { agent: { agent_id: number } }) => a.agent.agent_id)).toEqual([special.id]);
    expect(mine.agent_settlements[0].can_confirm_payment).toBe(false);
    expect((await get(`/v1/settlements/group/${gs}/invoice.pdf`, own)).statusCode).toBe(200);
  });

  it('confirming the monthly payment settles every covered payment, once', async () => {
    const bad = await ctx.app.inject({ method: 'PUT', url: `/v1/settlements/payment/${agentSettlementId}`, headers: staff, payload: { paid_on: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('paid_on');

    const groupIds = (await get(`/v1/settlements/group/${agentSettlementId}`)).json().group_settlements.map((g: { group_settlement_id: number }) => g.group_settlement_id) as number[];
    const billed = (await monthlyPaymentsOf(special.id)).filter((p) => p.monthlyInvoiceId !== null && groupIds.includes(p.monthlyInvoiceId));
    const others = (await monthlyPaymentsOf(special.id)).filter((p) => !billed.some((b) => b.id === p.id));
    const res = await ctx.app.inject({ method: 'PUT', url: `/v1/settlements/payment/${agentSettlementId}`, headers: staff, payload: { paid_on: RUN_DATE, note: '月末振込' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ payment_status: 'PAID', is_paid: true, can_confirm_payment: false });
    const paidAt = res.json().paid_at as string;
    expect((await latestOperationLog(ctx, 'settlements.confirm_payment'))?.isError).toBe(false);
    const after = await monthlyPaymentsOf(special.id);
    for (const b of billed) {
      const p = after.find((x) => x.id === b.id)!;
      expect(p.status).toBe('PAYMENT_CONFIRMED');
      expect(p.paid).toBe(p.total);
      const ledger = await ctx.database.db.select().from(t.paymentTransactions).where(and(eq(t.paymentTransactions.paymentId, p.id), eq(t.paymentTransactions.occurredOn, RUN_DATE)));
      if (b.paid < b.total) expect(ledger.some((l) => l.kind === 'BANK_TRANSFER' && l.amountE6 === b.total - b.paid)).toBe(true);
    }
    // Payments of other settlements (the demo's pending month) and unbilled ones are untouched.
    expect(after.filter((p) => !billed.some((b) => b.id === p.id))).toEqual(others);
    const groups = (await get(`/v1/settlements/group/${agentSettlementId}`)).json();
    for (const g of groups.group_settlements) expect(g.payment_status).toBe('PAID');

    // A second confirmation (another window): 409 ALREADY_CONFIRMED naming when and by whom; nothing changes.
    const [recorded] = await ctx.database.db.select({ paidBy: t.agentSettlements.paidBy }).from(t.agentSettlements).where(eq(t.agentSettlements.id, agentSettlementId));
    expect(recorded?.paidBy).toBe('staff@example.com');
    const ledger = await ctx.database.db.select({ id: t.paymentTransactions.id }).from(t.paymentTransactions);
    const again = await ctx.app.inject({ method: 'PUT', url: `/v1/settlements/payment/${agentSettlementId}`, headers: staff, payload: { paid_on: RUN_DATE } });
    expect(again.statusCode).toBe(409);
    expect(again.json().common).toMatchObject({ error_code: 'ALREADY_CONFIRMED', confirmed_at: paidAt, confirmed_by: 'staff@example.com' });
    expect(await ctx.database.db.select({ id: t.paymentTransactions.id }).from(t.paymentTransactions)).toEqual(ledger);
    expect(await monthlyPaymentsOf(special.id)).toEqual(after);
  });

  it('a refund owed on a paid fare is netted on the next monthly invoice and settled by its confirmation', async () => {
    const paidFare = (await monthlyPaymentsOf(special.id)).find((p) => p.kind === 'FARE' && p.status === 'PAYMENT_CONFIRMED' && p.monthlyInvoiceId !== null)!;
    const lowered = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${paidFare.bookingId}/adjust_amount`, headers: staff, payload: { total_amount: paidFare.total - 2000 * E6, reason: '1名減（精算後）' } });
    expect(lowered.statusCode, lowered.body).toBe(200);
    const refundId = lowered.json().discrepancy_payment_id as number;
    const nextRun = lastDayOfMonth(monthOf(addDays(RUN_DATE, 1)));
    clock.set(`${nextRun}T12:00:00+09:00`);
    try {
      const billed = await runBilling(special.id);
      expect(billed.statusCode, billed.body).toBe(200);
      expect(billed.json()).toMatchObject({ billed: true, period: { from: addDays(RUN_DATE, 1), to: nextRun } });
      const next = billed.json().agent_settlement_id as number;
      const [refund] = await ctx.database.db.select().from(t.payments).where(eq(t.payments.id, refundId));
      expect(refund).toMatchObject({ direction: 'REFUND', status: 'PAYMENT_PENDING', monthlyInvoiceId: expect.any(Number) });
      const groups = (await get(`/v1/settlements/group/${next}`)).json().group_settlements as { group_settlement_id: number; discrepancy: number; amount: number; invoice_url: string }[];
      const own = groups.find((g) => g.group_settlement_id === refund!.monthlyInvoiceId)!;
      expect(own.discrepancy).toBe(-2000 * E6);
      const text = await pdfText((await get(own.invoice_url)).rawPayload);
      // The label wraps in its column (the rate and amount print beside its first part).
      expect(text).toMatch(/変更によ[\s\S]*る返金（相殺）/);
      expect(text).toContain('-¥2,000');
      // Nothing else was billed this month: the invoice states what the operator pays back.
      if (own.amount < 0) expect(text).toMatch(/ご返金額（税込） ¥2,000/);

      const confirmed = await ctx.app.inject({ method: 'PUT', url: `/v1/settlements/payment/${next}`, headers: staff, payload: { paid_on: nextRun } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [settledRefund] = await ctx.database.db.select().from(t.payments).where(eq(t.payments.id, refundId));
      expect(settledRefund).toMatchObject({ status: 'PAYMENT_CONFIRMED', paidAmountE6: 2000 * E6 });
      const [ledger] = await ctx.database.db.select().from(t.paymentTransactions).where(eq(t.paymentTransactions.paymentId, refundId));
      expect(ledger?.note).toContain('相殺');
    } finally {
      clock.set(`${RUN_DATE}T12:00:00+09:00`);
    }
  });
});

describe('demo data', () => {
  it('the monthly agent has a month billed and paid and the next one billed and pending; the other agents have settlements too', async () => {
    // The demo billed the two months before the month it was loaded in.
    const month = (n: number) => monthOf(addDays(`${monthOf(demoToday)}-15`, 30 * n));
    const paid = (await get(`/v1/settlements/agent?agent_id=${special.id}&duration=${month(-2)}`)).json();
    const pending = (await get(`/v1/settlements/agent?agent_id=${special.id}&duration=${month(-1)}`)).json();
    expect(paid.agent_settlements[0]).toMatchObject({ payment_status: 'PAID', payment_method: 'MONTHLY' });
    expect(paid.agent_settlements[0].amount).toBeGreaterThan(0);
    expect(pending.agent_settlements[0]).toMatchObject({ payment_status: 'UNPAID', can_confirm_payment: true });
    expect(pending.agent_settlements[0].amount).toBeGreaterThan(0);
    for (const type of ['FREE', 'CONTRACTED']) {
      const list = (await get(`/v1/settlements/agent?agent_id=${agentIdOf[type]}&duration=${month(-1)}`)).json();
      expect(list.total).toBe(1);
      // Collected per booking (by card, or covered by the coupon): shown with its sums, and paid.
      expect(list.agent_settlements[0]).toMatchObject({ payment_status: 'PAID', can_confirm_payment: false });
      expect(list.agent_settlements[0].fare).toBeGreaterThan(0);
    }
  });
});

describe('card and coupon agents, the job, and racing runs', () => {
  it('two billing runs racing give one settlement', async () => {
    const settlements = createSettlementsService({ db: ctx.database.db, clock, fileStorage: ctx.fileStorage, publicUrl: ctx.config.publicUrl });
    const agentId = agentIdOf.CONTRACTED!;
    const count = await settlementCount(agentId);
    const results = await Promise.all([0, 1].map(() => inTransaction(ctx.database.db, (work) => settlements.billAgent(work, agentId, RUN_DATE, null))));
    expect(results.filter((r) => r.billed)).toHaveLength(1);
    expect(await settlementCount(agentId)).toBe(count + 1);
    const list = (await get(`/v1/settlements/agent?agent_id=${agentId}&duration=${monthOf(RUN_DATE)}`)).json();
    expect(list.agent_settlements[0]).toMatchObject({ contract_type: 'CONTRACTED', payment_method: 'COUPON', can_confirm_payment: false });
    expect(['PAID', 'UNKNOWN']).toContain(list.agent_settlements[0].payment_status);
    const confirm = await ctx.app.inject({ method: 'PUT', url: `/v1/settlements/payment/${list.agent_settlements[0].agent_settlement_id}`, headers: staff, payload: { paid_on: RUN_DATE } });
    expect(confirm.statusCode).toBe(409);
    // Not a monthly settlement: nothing to confirm here (never "already confirmed").
    expect(errorOf(confirm).error_code).toBe('STEP_NOT_ALLOWED');
  });

  it('the daily job bills the agents whose billing day is today (the card agent here), once', async () => {
    const agentId = agentIdOf.FREE!;
    const count = await settlementCount(agentId);
    const deps = jobDeps();
    await monthlyBillingJob.run(deps, {});
    await monthlyBillingJob.run(deps, {});
    expect(await settlementCount(agentId)).toBe(count + 1);
    const [row] = (await get(`/v1/settlements/agent?agent_id=${agentId}&duration=${monthOf(RUN_DATE)}`)).json().agent_settlements;
    expect(row).toMatchObject({ contract_type: 'FREE', payment_method: 'ONLINE_CREDIT_CARD', duration: { to: RUN_DATE } });
    expect((await latestOperationLog(ctx, 'settlements.bill'))?.operator).toBe('system');
    // A branch sees its own share of its agent's settlements, never the head office's.
    const branch = await ctx.login('branch-free@example.com');
    const [branchGroup] = await ctx.database.db.select({ id: t.agentGroups.id }).from(t.agentGroups).where(and(eq(t.agentGroups.agentId, agentId), eq(t.agentGroups.isRoot, false)));
    const all = (await get(`/v1/settlements/group/${row.agent_settlement_id}`)).json().group_settlements as { group_settlement_id: number; amount: number; group: { agent_group_id: number } }[];
    const own = all.find((g) => g.group.agent_group_id === branchGroup!.id);
    const seen = await get(`/v1/settlements/group/${row.agent_settlement_id}`, branch);
    if (own) {
      expect(seen.json().group_settlements.map((g: { group_settlement_id: number }) => g.group_settlement_id)).toEqual([own.group_settlement_id]);
      expect(seen.json().agent_settlement.amount).toBe(own.amount);
    } else {
      expect(seen.statusCode).toBe(404);
    }
    for (const g of all.filter((x) => x !== own)) expect((await get(`/v1/settlements/payment/${g.group_settlement_id}`, branch)).statusCode).toBe(404);
    // Not a billing day: nothing.
    clock.set(`${addDays(RUN_DATE, 1)}T12:00:00+09:00`);
    await monthlyBillingJob.run(deps, {});
    clock.set(`${RUN_DATE}T12:00:00+09:00`);
    expect(await settlementCount(agentId)).toBe(count + 1);
  });
});
