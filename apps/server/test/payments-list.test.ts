/**
 * The payments list's overdue filter (issue 15): `overdue=true` keeps the bookings whose fare or
 * discrepancy still waits for money (PAYMENT_PENDING, INVOICE_PENDING) past its due date, "today"
 * being the server Clock's business date; agents and branches see only their own, as ever. And
 * each row's payment is what the booking detail answers for it (one presenter).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { E6 } from '@sagano/domain/money/yen-e6';
import * as t from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { confirmedBooking } from './support/booking-fixture.ts';
import { demoAgents, type DemoAgents } from './support/demo-agents.ts';

/** Noon in Tokyo on `date`. */
const noonIn = (date: string) => `${date}T12:00:00+09:00`;
const TODAY = '2058-04-20';

const clock = fixedClock(noonIn(TODAY));
let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: DemoAgents;
let branch: { authorization: string };
/** The bookings this file makes, by what their payments are. */
let ids: { cardOverdue: string; cardDueToday: string; cardPaid: string; monthlyOverdue: string; couponDiscrepancyOverdue: string; branchOverdue: string };

// The fixture's trains run in 2058, the demo data's up to next year: this period holds this file's bookings only.
const OWN = 'service_date_from=2058-01-01&service_date_to=2058-12-31';

const get = (url: string, headers = staff) => ctx.app.inject({ method: 'GET', url, headers });
const bookingNumbers = async (query: string, headers = staff) => {
  const res = await get(`/v1/bookings/payments/search?${OWN}&per_page=100&${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payments as { booking_id: string }[]).map((p) => p.booking_id).sort();
};

/** Sets the booking's payment of `kind` as the test needs it (only the payments module writes it in the app). */
async function setPayment(bookingId: string, kind: 'FARE', values: { status?: string; dueDate?: string | null; paidE6?: number }) {
  await ctx.database.db.execute(sql`
    update payments set
      status = coalesce(${values.status ?? null}, status),
      due_date = ${values.dueDate === undefined ? sql`due_date` : sql`${values.dueDate}::date`},
      paid_amount_e6 = coalesce(${values.paidE6 ?? null}::bigint, paid_amount_e6)
    where kind = ${kind} and booking_id = (select id from bookings where booking_id = ${bookingId})`);
}

beforeAll(async () => {
  ({ ctx, fx, staff } = await openBookingTestApp({ clock }));
  agents = await demoAgents(ctx);
  branch = await ctx.login('branch-free@example.com');

  let n = 0;
  const book = (agent: keyof typeof agents) => confirmedBooking(ctx, staff, { agentId: agents[agent].id, day: fx.days[n++ % fx.days.length]!, serviceId: fx.down, adults: 10, groupName: `支払一覧 ${n}` });
  ids = {
    cardOverdue: await book('FREE'),
    cardDueToday: await book('FREE'),
    cardPaid: await book('FREE'),
    monthlyOverdue: await book('SPECIAL_CONTRACTED'),
    couponDiscrepancyOverdue: await book('CONTRACTED'),
    branchOverdue: await book('FREE'),
  };
  await setPayment(ids.cardOverdue, 'FARE', { dueDate: '2058-04-19' });
  await setPayment(ids.cardDueToday, 'FARE', { dueDate: TODAY });
  const [paid] = (await get(`/v1/bookings/payments/search?booking_id=${ids.cardPaid}`)).json().payments;
  await setPayment(ids.cardPaid, 'FARE', { status: 'PAYMENT_CONFIRMED', dueDate: '2058-04-01', paidE6: paid.payment.total_amount });
  await setPayment(ids.monthlyOverdue, 'FARE', { dueDate: '2058-04-10' });
  // A coupon fare covered, then a change that costs more: the extra charge is the part overdue.
  await setPayment(ids.couponDiscrepancyOverdue, 'FARE', { status: 'COUPON_CONFIRMED' });
  await ctx.database.db.execute(sql`
    insert into payments (booking_id, kind, status, payment_method, total_amount_e6, due_date, normal_due_date, direction, parent_payment_id)
    select p.booking_id, 'DISCREPANCY', 'PAYMENT_PENDING', p.payment_method, ${1200 * E6}, '2058-04-18', '2058-04-18', 'EXTRA', p.id
    from payments p join bookings b on b.id = p.booking_id where b.booking_id = ${ids.couponDiscrepancyOverdue} and p.kind = 'FARE'`);
  // The FREE agent's Osaka branch holds this one.
  await ctx.database.db.execute(sql`
    update bookings set agent_sub_group_id = (select id from agent_groups where agent_id = ${agents.FREE.id} and name_ja = '大阪支店')
    where booking_id = ${ids.branchOverdue}`);
  await setPayment(ids.branchOverdue, 'FARE', { dueDate: '2058-04-01' });
}, 120_000);
afterAll(() => ctx.close());

describe('GET /v1/bookings/payments/search?overdue=true', () => {
  it('keeps the fares and discrepancies waiting for money past their due date, by the clock’s today', async () => {
    clock.set(noonIn(TODAY));
    expect(await bookingNumbers('overdue=true')).toEqual([ids.cardOverdue, ids.monthlyOverdue, ids.couponDiscrepancyOverdue, ids.branchOverdue].sort());
    // Each row listed shows why: its fare or its discrepancy is overdue.
    const rows = (await get(`/v1/bookings/payments/search?${OWN}&overdue=true`)).json().payments;
    for (const row of rows) expect(row.payment.is_overdue || row.payment.discrepancy?.is_overdue, row.booking_id).toBe(true);
    expect(rows.find((r: { booking_id: string }) => r.booking_id === ids.couponDiscrepancyOverdue).payment).toMatchObject({
      status: 'COUPON_CONFIRMED',
      is_overdue: false,
      discrepancy: { status: 'PAYMENT_PENDING', due_date: '2058-04-18', is_overdue: true },
    });
    // Due today is not overdue yet; a paid fare never is, whatever its date.
    const all = await bookingNumbers('');
    expect(all).toEqual(Object.values(ids).sort());
  });

  it('takes today from the clock, not the database: the fare due today is overdue tomorrow', async () => {
    clock.set(noonIn('2058-04-21'));
    try {
      expect(await bookingNumbers('overdue=true')).toContain(ids.cardDueToday);
      expect(await bookingNumbers('overdue=true')).not.toContain(ids.cardPaid);
    } finally {
      clock.set(noonIn(TODAY));
    }
    expect(await bookingNumbers('overdue=true')).not.toContain(ids.cardDueToday);
  });

  it('combines with the other filters and pages, and counts what it lists', async () => {
    const res = (await get(`/v1/bookings/payments/search?${OWN}&overdue=true&payment_type=PREPAID&per_page=1`)).json();
    expect(res).toMatchObject({ total: 2, total_capped: false, page: 1, per_page: 1 });
    expect(await bookingNumbers(`overdue=true&agent_id=${agents.SPECIAL_CONTRACTED.id}`)).toEqual([ids.monthlyOverdue]);
    expect(await bookingNumbers('overdue=true&payment_status=PAYMENT_CONFIRMED')).toEqual([]);
    // The booking list shares the filter: one row per train of each overdue booking, counted alike.
    const orders = (await get('/v1/bookings/service_orders/search?service_date_from=2058-01-01&overdue=true')).json();
    expect(orders.total).toBe(4);
    expect(new Set(orders.service_orders.map((o: { booking_id: string }) => o.booking_id)).size).toBe(4);
  });

  it('reads overdue=false as no filter and refuses anything but true or false', async () => {
    expect(await bookingNumbers('overdue=false')).toEqual(await bookingNumbers(''));
    const bad = await get('/v1/bookings/payments/search?overdue=yes');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'overdue' });
  });

  it('shows an agent its own overdue bookings only, and a branch only its branch’s', async () => {
    expect(await bookingNumbers('overdue=true', agents.FREE.headers)).toEqual([ids.cardOverdue, ids.branchOverdue].sort());
    expect(await bookingNumbers('overdue=true', agents.CONTRACTED.headers)).toEqual([ids.couponDiscrepancyOverdue]);
    expect(await bookingNumbers('overdue=true', agents.SPECIAL_CONTRACTED.headers)).toEqual([ids.monthlyOverdue]);
    expect(await bookingNumbers('overdue=true', branch)).toEqual([ids.branchOverdue]);
    // Naming another agent changes nothing for an agent: the server scopes the list.
    expect(await bookingNumbers(`overdue=true&agent_id=${agents.CONTRACTED.id}`, agents.FREE.headers)).toEqual([]);
  });
});

describe('a row answers what the booking detail answers for its payment', () => {
  const rowOf = async (id: string, headers = staff) => {
    const res = await get(`/v1/bookings/payments/search?booking_id=${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().payments as { booking_id: string; payment: Record<string, unknown> }[];
    expect(rows.map((r) => r.booking_id)).toEqual([id]);
    return rows[0]!.payment;
  };
  const detailOf = async (id: string, headers = staff) => {
    const res = await get(`/v1/bookings/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().main_params.payment as Record<string, unknown>;
  };

  it('card, monthly billed, coupon with an extra charge, cancelled with a fee: the same payment, for staff and for the agent', async () => {
    clock.set(noonIn(TODAY));
    let n = 0;
    const book = (agent: keyof typeof agents, day = fx.days[n++ % fx.days.length]!) => confirmedBooking(ctx, staff, { agentId: agents[agent].id, day, serviceId: fx.down, adults: 12, groupName: `一覧と詳細 ${n}` });
    const db = ctx.database.db;

    const card = await book('FREE');

    // A monthly fare billed by a monthly invoice: the settlements it names (rows as the billing run writes them).
    const monthly = await book('SPECIAL_CONTRACTED');
    const [owner] = await db.select({ groupId: t.bookings.agentSubGroupId }).from(t.bookings).where(sql`booking_id = ${monthly}`);
    const [agentSettlement] = await db
      .insert(t.agentSettlements)
      .values({ agentId: agents.SPECIAL_CONTRACTED.id, periodFrom: '2058-03-01', periodTo: '2058-03-31', contractType: 'SPECIAL_CONTRACTED', paymentMethod: 'MONTHLY', amountE6: 0, fareE6: 0, discrepancyE6: 0, feeE6: 0 })
      .returning({ id: t.agentSettlements.id });
    const [groupSettlement] = await db
      .insert(t.groupSettlements)
      .values({ agentSettlementId: agentSettlement!.id, agentGroupId: owner!.groupId, periodFrom: '2058-03-01', periodTo: '2058-03-31', amountE6: 0, fareE6: 0, discrepancyE6: 0, feeE6: 0 })
      .returning({ id: t.groupSettlements.id });
    await db.execute(sql`update payments set status = 'PAYMENT_PENDING', monthly_invoice_id = ${groupSettlement!.id}, due_date = '2058-04-30'
      where kind = 'FARE' and booking_id = (select id from bookings where booking_id = ${monthly})`);

    // A couponed fare, then a change that costs more: its extra charge beside it.
    const coupon = await book('CONTRACTED');
    await setPayment(coupon, 'FARE', { status: 'COUPON_CONFIRMED' });
    await db.execute(sql`
      insert into payments (booking_id, kind, status, payment_method, total_amount_e6, due_date, normal_due_date, direction, parent_payment_id)
      select p.booking_id, 'DISCREPANCY', 'PAYMENT_PENDING', p.payment_method, ${800 * E6}, '2058-04-27', '2058-04-27', 'EXTRA', p.id
      from payments p join bookings b on b.id = p.booking_id where b.booking_id = ${coupon} and p.kind = 'FARE'`);

    // Cancelled 19 days before its train at 10 %: the fare shows the fee, its rate and the amount it applies to.
    await db.execute(sql`insert into cancellation_policies (days_before, rate_e6) values (19, 100000) on conflict do nothing`);
    const cancelled = await book('FREE', '2058-05-09');
    expect((await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${cancelled}/cancel`, headers: agents.FREE.headers, payload: { agree_cancellation_policy: true } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${cancelled}/confirm_cancellation`, headers: staff })).statusCode).toBe(200);

    const cases: [string, { authorization: string }][] = [[card, agents.FREE.headers], [monthly, agents.SPECIAL_CONTRACTED.headers], [coupon, agents.CONTRACTED.headers], [cancelled, agents.FREE.headers]];
    for (const [id, agent] of cases) {
      for (const headers of [staff, agent]) expect(await rowOf(id, headers), id).toEqual(await detailOf(id, headers));
    }

    // What the list used to leave out is there on both sides.
    const cardRow = await rowOf(card, agents.FREE.headers);
    expect(cardRow.unit_quantity_price_items).toEqual([expect.objectContaining({ quantity: 12, calculated_quantity: 12, subtotal_amount: cardRow.total_amount })]);
    expect(cardRow.flags).toMatchObject({ can_pay: true, can_view_invoice: true, can_view_receipt: false, can_issue_coupon: false });
    expect(cardRow.invoice_url).toMatch(/\/invoice\.pdf$/);
    expect(await rowOf(monthly)).toMatchObject({ agent_settlement_id: String(agentSettlement!.id), agent_sub_group_settlement_id: String(groupSettlement!.id), monthly_invoice_id: groupSettlement!.id });
    expect(await rowOf(coupon, agents.CONTRACTED.headers)).toMatchObject({ status: 'COUPON_CONFIRMED', discrepancy: { direction: 'EXTRA', total_amount: 800 * E6, flags: { can_issue_coupon: true } } });
    const fee = await rowOf(cancelled);
    expect(fee).toMatchObject({ status: 'NO_NEED_TO_PAY', cancellation_rate_percent: 10, total_cancellation_amount: cardRow.total_amount, total_cancellation_fee: (cardRow.total_amount as number) / 10 });
    expect(fee.unit_quantity_price_items).toHaveLength(1);
  }, 120_000);
});
