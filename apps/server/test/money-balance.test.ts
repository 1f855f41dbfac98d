/**
 * Money balances through every change (DESIGN §6 "One ledger"): random sequences of what happens
 * to a booking — confirmation or not, payment by the agent's method, price changes by headcount
 * and by the operator's adjustment, the operator's refunds, cancellation, monthly billing — and,
 * once everything owed is paid and every refund made, each booking's account balances:
 * received − refunded equals what it finally costs, no refund exceeds what came in, nothing is
 * payable on a cancelled booking whose money already covers its fee, and the sales summary counts
 * exactly what the bookings cost. Runs on PGlite and, in CI, on PostgreSQL (TEST_DATABASE_URL).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { E6 } from '@sagano/domain/money/yen-e6';
import { fixedClock } from '../src/lib/clock.ts';
import type { TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { ADULT, confirmedBooking, plainBookingBody, reservedBooking, type BookingRequest } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';
import { until } from './support/polling.ts';

const TODAY = '2058-04-01T10:00:00+09:00';
const clock = fixedClock(TODAY);
let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: DemoAgents;

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ jobs: true, clock }));
  agents = await demoAgents(ctx);
  // Every cancellation here costs 20 % (frozen at confirmation).
  await ctx.database.db.execute(sql`delete from cancellation_policies`);
  await ctx.database.db.execute(sql`insert into cancellation_policies (days_before, rate_e6) values (20000, 200000)`);
}, 60_000);
afterAll(() => ctx.close());

type AgentKind = keyof DemoAgents;
type Op =
  | { op: 'pay' }
  | { op: 'adjust'; deltaYen: number }
  | { op: 'headcount'; adults: number }
  | { op: 'train' }
  | { op: 'refund'; share: number }
  | { op: 'cancel' }
  | { op: 'bill' };

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = staff) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const bookingOf = async (id: string) => (await inject('GET', `/v1/bookings/${id}`)).json();
const money = async (id: string) => (await bookingOf(id)).main_params.payment.booking_money as { billed_amount: number; received_amount: number; refunded_amount: number; owed_back_amount: number; balance_amount: number };

/**
 * The month-end billing run for the monthly agent (they move forward one month each time: a
 * period is billed once). With `pay`, every monthly settlement still unpaid is then confirmed
 * paid, as the operator does when the transfer arrives; without, the invoices wait.
 */
let billingMonth = 5;
async function billMonthly(pay: boolean): Promise<void> {
  billingMonth++;
  const year = 2058 + Math.floor((billingMonth - 1) / 12);
  const month = ((billingMonth - 1) % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  clock.set(`${year}-${String(month).padStart(2, '0')}-${lastDay}T12:00:00+09:00`);
  try {
    const run = await inject('POST', '/v1/settlements/run', { agent_id: agents.SPECIAL_CONTRACTED.id });
    expect(run.statusCode, run.body).toBe(200);
    if (!pay) return;
    const unpaid = (await ctx.database.db.execute(sql`select id from agent_settlements where payment_method = 'MONTHLY' and payment_status = 'UNPAID' order by id`)).rows as { id: number }[];
    for (const { id } of unpaid) {
      const paid = await inject('PUT', `/v1/settlements/payment/${id}`, { paid_on: clock.today(), note: 'property test' });
      expect(paid.statusCode, paid.body).toBe(200);
    }
  } finally {
    clock.set(TODAY);
  }
}

/** Pays what the agent owes on a payment panel, by its method. */
async function payPanel(id: string, payment: { payment_id: number; kind: string; status: string; payment_method: string; total_amount: number; paid_amount: number }, agent: AgentKind): Promise<void> {
  const owed = payment.total_amount - payment.paid_amount;
  if (payment.status !== 'PAYMENT_PENDING' || owed <= 0) return;
  if (payment.payment_method === 'ONLINE_CREDIT_CARD') {
    const start = await inject('POST', `/v1/bookings/${id}/payments/${payment.payment_id}/checkout`, undefined, agents[agent].headers);
    expect(start.statusCode, start.body).toBe(200);
    const url = start.json().checkout_url as string;
    const pay = await ctx.app.inject({ method: 'POST', url: `/v1/sandbox-gateway/checkouts/${url.slice(url.lastIndexOf('/') + 1)}/pay`, payload: { card_number: '4242424242424242' } });
    expect(pay.json().outcome).toBe('PAID');
    await until(() => bookingOf(id), (b) => allPayments(b).some((p) => p.payment_id === payment.payment_id && p.paid_amount > payment.paid_amount), 'the card capture');
  } else if (payment.payment_method === 'COUPON' && payment.kind !== 'CANCELLATION') {
    const res = await inject('POST', `/v1/bookings/${id}/payments/${payment.payment_id}/report_coupon`, { coupon_number: `CP-${payment.payment_id}` }, agents[agent].headers);
    expect(res.statusCode, res.body).toBe(200);
  } else if (payment.payment_method !== 'MONTHLY') {
    const res = await inject('POST', `/v1/bookings/${id}/payments/${payment.payment_id}/bank_transfers`, { amount: owed, transferred_on: clock.today() });
    expect(res.statusCode, res.body).toBe(200);
  }
}

interface Panel { payment_id: number; kind: string; status: string; payment_method: string; total_amount: number; paid_amount: number; refunds: { payment_id: number; route: string; status: string; can_record_refund: boolean; total_amount: number; refunded_amount: number }[]; discrepancy: null | { payment_id: number; direction: string; status: string; total_amount: number; paid_amount: number } }
function allPayments(b: { main_params: { payment: Panel | null; cancellation: { payment: Panel | null } | null } }): Panel[] {
  const out: Panel[] = [];
  for (const p of [b.main_params.payment, b.main_params.cancellation?.payment ?? null]) {
    if (!p) continue;
    out.push(p);
    if (p.discrepancy && p.discrepancy.direction === 'EXTRA') out.push({ ...p, ...p.discrepancy, kind: 'DISCREPANCY', refunds: [], discrepancy: null });
  }
  return out;
}

/** Pays everything still owed and makes every refund, until the booking's account is settled. */
async function settleEverything(id: string, agent: AgentKind): Promise<void> {
  for (let round = 0; round < 6; round++) {
    const b = await bookingOf(id);
    const m = b.main_params.payment.booking_money;
    if (m.balance_amount === 0 && m.owed_back_amount === 0) return;
    let waiting = false;
    for (const p of allPayments(b)) {
      if (p.status === 'INVOICE_PENDING' || (p.status === 'PAYMENT_PENDING' && p.payment_method === 'MONTHLY')) waiting = true;
      else await payPanel(id, p, agent);
      for (const r of p.refunds ?? []) {
        if (r.status !== 'PAYMENT_PENDING') continue;
        if (r.can_record_refund) expect((await inject('POST', `/v1/bookings/${id}/payments/${r.payment_id}/refund_paid`, { paid_on: clock.today() })).statusCode).toBe(200);
        else if (r.route === 'MONTHLY_INVOICE') waiting = true;
      }
    }
    if (b.main_params.payment.discrepancy?.direction === 'REFUND' && b.main_params.payment.discrepancy.status === 'PAYMENT_PENDING' && b.main_params.payment.payment_method === 'MONTHLY') waiting = true;
    if (waiting) await billMonthly(true);
    // Card refunds are made by the refund job: wait for them.
    try {
      await until(() => money(id), (x) => x.owed_back_amount === 0 || agent !== 'FREE', 'the card refunds');
    } catch (e) {
      console.warn('payments when the card refunds did not come', JSON.stringify((await ctx.database.db.execute(sql`select p.id, p.kind, p.status, p.direction, p.refund_reason, p.total_amount_e6/1000000 as total, p.paid_amount_e6/1000000 as paid, p.parent_payment_id, (select json_agg(json_build_object('k', t.kind, 'a', t.amount_e6/1000000, 'ref', t.reference, 'src', t.source_reference, 'gw', t.gateway_ref)) from payment_transactions t where t.payment_id = p.id) as tx from payments p join bookings b on b.id = p.booking_id where b.booking_id = ${id} order by p.id`)).rows));
      console.warn('the sandbox checkouts', JSON.stringify((await ctx.database.db.execute(sql`select ref, amount_e6/1000000 as amount, refunded_e6/1000000 as refunded, status from sandbox_checkouts order by created_at desc limit 3`)).rows));
      throw e;
    }
  }
}

const arbOp: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Op>({ op: 'pay' }) },
  { weight: 2, arbitrary: fc.integer({ min: -30, max: 30 }).map((n): Op => ({ op: 'adjust', deltaYen: n * 100 })) },
  { weight: 2, arbitrary: fc.integer({ min: 10, max: 18 }).map((adults): Op => ({ op: 'headcount', adults })) },
  { weight: 1, arbitrary: fc.constant<Op>({ op: 'train' }) },
  { weight: 2, arbitrary: fc.double({ min: 0.05, max: 1, noNaN: true }).map((share): Op => ({ op: 'refund', share })) },
  { weight: 2, arbitrary: fc.constant<Op>({ op: 'cancel' }) },
  { weight: 1, arbitrary: fc.constant<Op>({ op: 'bill' }) },
);

let dayIndex = 0;
const billedByBooking = new Map<string, number>();
/** What the sequences reached (a run that never paid or refunded would prove little). */
const seen = { paid: 0, refunded: 0, cancelledAfterPaying: 0 };

describe('a booking account balances after any sequence of changes', () => {
  it('received − refunded = what it costs, no refund beyond what came in, nothing payable once the fee is covered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<AgentKind>('FREE', 'CONTRACTED', 'SPECIAL_CONTRACTED'), fc.boolean(), fc.array(arbOp, { minLength: 1, maxLength: 5 }), async (agent, confirm, ops) => {
        // Spread over both days and both trains (four trains of 188 group seats: room for every run).
        const slot = dayIndex++;
        const up = slot % 4 >= 2;
        const request: BookingRequest = { agentId: agents[agent].id, day: fx.days[slot % 2]!, serviceId: up ? fx.up : fx.down, up, adults: 12 };
        const id = confirm || agent === 'FREE' ? await confirmedBooking(ctx, staff, request) : await reservedBooking(ctx, staff, request);
        const confirmed = confirm || agent === 'FREE';
        // What the booking should cost in the end, followed alongside (the model).
        let cost = confirmed ? (await bookingOf(id)).main_params.total_amount : 0;
        let fixed = false;
        let cancelled = false;
        for (const op of ops) {
          const b = await bookingOf(id);
          const fare = b.main_params.payment as Panel & { flags: { can_adjust_amount: boolean; can_refund: boolean } };
          if (op.op === 'pay' && confirmed) {
            for (const p of allPayments(b)) await payPanel(id, p, agent);
          } else if (op.op === 'adjust' && confirmed && !cancelled && fare.flags.can_adjust_amount) {
            const total = Math.max(0, cost + op.deltaYen * E6);
            const res = await inject('POST', `/v1/bookings/${id}/adjust_amount`, { total_amount: total, reason: 'property test' });
            expect(res.statusCode, res.body).toBe(200);
            cost = total;
            fixed = true;
          } else if ((op.op === 'headcount' || op.op === 'train') && !cancelled && b.flags.can_update !== false) {
            // A headcount change, or the train changed to the same train on the fixture's other day (once only).
            const now = b.main_params.participant_group.participant_quantity as number;
            if (op.op === 'train') request.day = fx.days.find((d) => d !== request.day)!;
            const { agent_id: _agent, ...rest } = plainBookingBody(request);
            const change = { ...rest, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: op.op === 'headcount' ? op.adults : now }], wheel_chairs: [] }, note: '' };
            const res = await inject('PUT', `/v1/bookings/${id}/params`, change);
            if (res.statusCode !== 200) {
              // Not changeable now (the booking's state, the one train change used): nothing happened.
              if (op.op === 'train') request.day = fx.days.find((d) => d !== request.day)!;
              continue;
            }
            if (res.json().status === 'MODIFICATION_SUBMITTED') expect((await inject('POST', `/v1/bookings/${id}/accept_modification`)).statusCode).toBe(200);
            if (confirmed && !fixed) cost = (await bookingOf(id)).main_params.total_amount;
          } else if (op.op === 'refund') {
            const panel = (cancelled ? b.main_params.cancellation?.payment : fare) as (Panel & { flags: { can_refund: boolean }; booking_money: { received_amount: number; refunded_amount: number; owed_back_amount: number } }) | null;
            if (!panel?.flags.can_refund) continue;
            const held = panel.booking_money.received_amount - panel.booking_money.refunded_amount - panel.booking_money.owed_back_amount;
            const amount = Math.max(E6, Math.floor((held * op.share) / E6) * E6);
            const res = await inject('POST', `/v1/bookings/${id}/payments/${panel.payment_id}/refund`, { amount, reason: 'property test' }, { ...staff, 'idempotency-key': `property-${id}-${amount}-${Date.now()}` });
            expect(res.statusCode, res.body).toBe(200);
            cost -= amount;
          } else if (op.op === 'cancel' && !cancelled && b.flags.can_cancel !== false) {
            const asked = await inject('POST', `/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agents[agent].headers);
            if (asked.statusCode !== 200) continue;
            const fee = (await inject('GET', `/v1/bookings/${id}/cancellation_fee`)).json().cancellation_fee as number;
            const done = await inject('POST', `/v1/bookings/${id}/confirm_cancellation`);
            expect(done.statusCode, done.body).toBe(200);
            cancelled = true;
            cost = confirmed ? fee : 0;
          } else if (op.op === 'bill') {
            // Invoiced, not yet paid: later changes meet an invoice that stands.
            await billMonthly(false);
          }
        }
        await settleEverything(id, agent);
        const b = await bookingOf(id);
        const m = b.main_params.payment.booking_money;
        const label = `${agent} ${confirmed ? 'confirmed' : 'unconfirmed'} ${JSON.stringify(ops)}`;
        expect(m.billed_amount, label).toBe(cost);
        expect(m.received_amount - m.refunded_amount, label).toBe(m.billed_amount);
        expect(m.owed_back_amount, label).toBe(0);
        expect(m.refunded_amount, label).toBeLessThanOrEqual(m.received_amount);
        for (const p of allPayments(b)) {
          for (const r of p.refunds ?? []) expect(r.refunded_amount, label).toBeLessThanOrEqual(r.total_amount);
        }
        if (cancelled) {
          // The fee is covered: nothing is payable any more.
          for (const p of allPayments(b)) expect(p.status === 'PAYMENT_PENDING' && p.total_amount > p.paid_amount, `${label}: payable ${p.kind}`).toBe(false);
        }
        billedByBooking.set(id, m.billed_amount);
        if (m.received_amount > 0) seen.paid++;
        if (m.refunded_amount > 0) seen.refunded++;
        if (cancelled && m.received_amount > 0) seen.cancelledAfterPaying++;
      }),
      {
        numRuns: 25,
        endOnFailure: true,
        seed: Number(process.env.MONEY_PROPERTY_SEED ?? Date.now() % 2 ** 31),
        // Sequences that found faults once, kept as examples: an extra charge still owed when the price drops; a second card refund from one capture.
        examples: [
          ['FREE', true, [{ op: 'pay' }, { op: 'adjust', deltaYen: 2000 }, { op: 'bill' }, { op: 'headcount', adults: 20 }, { op: 'adjust', deltaYen: -2900 }]],
          ['FREE', true, [{ op: 'pay' }, { op: 'refund', share: 0.346 }, { op: 'headcount', adults: 21 }, { op: 'headcount', adults: 23 }, { op: 'cancel' }]],
          // A monthly fare invoiced, then changed and cancelled: the invoice stands, the differences go on the next one.
          ['SPECIAL_CONTRACTED', true, [{ op: 'bill' }, { op: 'headcount', adults: 15 }, { op: 'adjust', deltaYen: -500 }, { op: 'cancel' }]],
        ],
      },
    );
    expect(seen.paid, JSON.stringify(seen)).toBeGreaterThan(0);
    // The sales summary counts exactly what the bookings cost (they all travel in May 2058).
    const summary = (await inject('GET', `/v1/sales/summary?from_date=2058-05-01&to_date=2058-05-31`)).json();
    expect(summary.totals.amount).toBe([...billedByBooking.values()].reduce((a, b) => a + b, 0));
    // Every monthly settlement confirmed paid billed exactly what its transfer settled: the
    // charges' remainders received, less the refunds netted on it.
    const [settled] = (await ctx.database.db.execute(sql`
      select coalesce(sum(amount_e6), 0)::text as billed from agent_settlements where payment_method = 'MONTHLY' and payment_status = 'PAID'`)).rows as { billed: string }[];
    const [moved] = (await ctx.database.db.execute(sql`
      select coalesce(sum(amount_e6), 0)::text as net from payment_transactions where note like '月次請求%' and kind in ('BANK_TRANSFER', 'REFUND')`)).rows as { net: string }[];
    expect(Number(settled!.billed)).toBe(Number(moved!.net));
    expect(Number(settled!.billed)).toBeGreaterThan(0); // the monthly example above was billed and paid
  }, 600_000);
});

