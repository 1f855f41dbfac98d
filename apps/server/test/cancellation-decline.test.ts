/**
 * Declining a cancellation through the API: the operator declines an agent's request (or the
 * agent the fee the operator quoted), the booking goes back to the status it had with its seats
 * and allotments untouched, the quoted fee is dropped, the agent is notified and mailed the reason
 * (over a real SMTP receiver), and the history shows it. Also: confirming a cancellation always
 * mails the agent, a short "no fee" mail when nothing was owed or paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { rowsOf } from '../src/db/client.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { bookingCalls } from './support/booking-fixture.ts';

let ctx: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: Record<string, number>;
let agent: { authorization: string };

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp({ smtpUrl: smtp.url }));
  agent = await ctx.login('agent-free@example.com');
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const { post, get, submit, held } = bookingCalls(() => ({ ctx, fx, staff, agentIds: agents }));
const REASON = '団体様の当日の行程が確定済みのため、お電話にてご相談ください。';

async function confirmed(overrides: Record<string, unknown> = {}) {
  const id = await submit(overrides);
  await post(`/v1/bookings/${id}/reserve_allotments`);
  expect((await post(`/v1/bookings/${id}/confirm_booking`, { mail: { subject: 's', body: 'b' } })).statusCode).toBe(200);
  return id;
}

const seatCount = async (id: string) =>
  rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from seat_assignments where booking_id = ${id}`))[0]!.n;
const notificationsOf = (id: string, kind: string) =>
  ctx.database.db.select().from(t.notifications).where(and(eq(t.notifications.kind, kind), sql`booking_id = (select id from bookings where booking_id = ${id})`));

describe('the operator declines a cancellation request', () => {
  it('from RESERVED with seats: back to RESERVED / SEAT_RESERVED, seats and allotments kept, fee dropped, agent notified and mailed, history shows the reason', async () => {
    const id = await confirmed({ applicant: { name: '中村 さくら', email: 'decline-ja@example.com', phone_number: '075-111-2222' } });
    expect((await post(`/v1/bookings/${id}/assign_seats`)).statusCode).toBe(200);
    expect((await post(`/v1/bookings/${id}/assign_seats_ok`)).statusCode).toBe(200);
    const seatsBefore = await seatCount(id);
    expect(seatsBefore).toBe(23);
    const heldBefore = await held(fx.days[0]!, fx.down, 2);

    expect((await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agent)).json()).toMatchObject({ status: 'CANCELLATION_SUBMITTED' });
    const asked = (await get(`/v1/bookings/${id}`)).json();
    expect(asked.flags).toMatchObject({ can_confirm_cancellation: true, can_decline_cancellation: true });
    expect(asked.main_params.cancellation).not.toBeNull();
    expect(asked.status_before_cancellation).toBe('RESERVED');
    expect((await get(`/v1/bookings/${id}`, agent)).json().flags.can_decline_cancellation).toBe(false);
    // The agent cannot decline its own request.
    expect((await post(`/v1/bookings/${id}/decline_cancellation`, { reason: 'x' }, agent)).statusCode).toBe(409);

    const declined = await post(`/v1/bookings/${id}/decline_cancellation`, { reason: `  ${REASON}  ` });
    expect(declined.statusCode, declined.body).toBe(200);
    const b = (await get(`/v1/bookings/${id}`)).json();
    expect(b).toMatchObject({
      status: 'RESERVED',
      sub_status: 'SAGANO_SEAT_RESERVED',
      cancellation_declined: { reason: REASON, declined_by: 'OPERATOR' },
      flags: { can_cancel: true, can_confirm_cancellation: false, can_decline_cancellation: false },
      main_params: { cancellation: null },
    });
    expect(await seatCount(id)).toBe(seatsBefore);
    expect(await held(fx.days[0]!, fx.down, 2)).toBe(heldBefore);
    const last = b.main_param_histories.at(-1);
    expect(last).toMatchObject({ type: 'UPDATE', status: 'RESERVED', sub_status: 'SAGANO_SEAT_RESERVED', cancellation_declined: { reason: REASON, declined_by: 'OPERATOR' } });
    expect(b.main_param_histories.at(-2)).toMatchObject({ status: 'CANCELLATION_SUBMITTED', cancellation_declined: null });

    // The agent sees the reason on its booking, is notified, and is mailed (in Japanese: the applicant is not a user).
    expect((await get(`/v1/bookings/${id}`, agent)).json().cancellation_declined).toMatchObject({ reason: REASON });
    expect(await notificationsOf(id, 'CANCELLATION_DECLINED')).toEqual([expect.objectContaining({ audience: 'AGENT' })]);
    const mail = await smtp.waitFor((m) => m.to.includes('decline-ja@example.com') && m.subject.includes('取消申込'));
    expect(mail.subject).toBe(`【嵯峨野トロッコ 団体予約】取消申込についてのお知らせ（予約番号 ${id}）`);
    expect(mail.text).toContain(REASON);
    expect(mail.text).toContain(`/bookings/${id}`);
    expect(mail.text).toContain('取消申込の前の状態に戻り');
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(and(eq(t.operationLogs.operation, 'bookings.decline_cancellation'), eq(t.operationLogs.isError, false)));
    expect(log).toBeDefined();

    // Declined once, it can be declined no more; the agent may ask again, which clears the notice.
    expect((await post(`/v1/bookings/${id}/decline_cancellation`, { reason: REASON })).statusCode).toBe(409);
    expect((await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agent)).statusCode).toBe(200);
    expect((await get(`/v1/bookings/${id}`, agent)).json()).toMatchObject({ status: 'CANCELLATION_SUBMITTED', cancellation_declined: null });
  });

  it('400 naming reason when it is missing or blank, nothing written; 409 outside a request; another agent 404', async () => {
    const id = await confirmed();
    expect((await post(`/v1/bookings/${id}/decline_cancellation`, { reason: REASON })).statusCode).toBe(409);
    await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agent);
    const before = (await get(`/v1/bookings/${id}`)).json();
    for (const payload of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await post(`/v1/bookings/${id}/decline_cancellation`, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe('reason');
    }
    const after = (await get(`/v1/bookings/${id}`)).json();
    expect(after).toMatchObject({ status: 'CANCELLATION_SUBMITTED', main_params: { revision: before.main_params.revision } });
    expect(after.main_params.revision).toBe(before.main_params.revision);

    const other = await ctx.login('agent-contracted@example.com');
    expect((await post(`/v1/bookings/${id}/decline_cancellation`, { reason: REASON }, other)).statusCode).toBe(404);
    const station = await ctx.login('station@example.com');
    expect((await post(`/v1/bookings/${id}/decline_cancellation`, { reason: REASON }, station)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await get(`/v1/bookings/${id}`)).json().status).toBe('CANCELLATION_SUBMITTED');
  });

  it('from a request before the answer (SUBMITTED) and from a change request (MODIFICATION_SUBMITTED, the change kept)', async () => {
    const submitted = await submit();
    await post(`/v1/bookings/${submitted}/reserve_allotments`);
    const heldBefore = await held(fx.days[0]!, fx.down, 2);
    await post(`/v1/bookings/${submitted}/cancel`, { agree_cancellation_policy: true }, agent);
    expect((await post(`/v1/bookings/${submitted}/decline_cancellation`, { reason: REASON })).statusCode).toBe(200);
    expect((await get(`/v1/bookings/${submitted}`)).json()).toMatchObject({ status: 'SUBMITTED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' });
    expect(await held(fx.days[0]!, fx.down, 2)).toBe(heldBefore);
    // Still a request the operator can answer.
    expect((await post(`/v1/bookings/${submitted}/confirm_booking`, { mail: { subject: 's', body: 'b' } })).statusCode).toBe(200);

    const id = await confirmed();
    const current = (await get(`/v1/bookings/${id}`, agent)).json();
    const change = {
      applicant: current.applicant,
      tour_conductor: current.tour_conductor,
      group: { group_type: 'NORMAL', name: current.group.name, name_kana: current.group.name_kana, country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: fx.days[0], service_id: fx.down, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 18 }, { unit_id: 2, quantity: 3 }], wheel_chairs: [] },
      note: '',
    };
    const asked = await ctx.app.inject({ method: 'PUT', url: `/v1/bookings/${id}/params`, headers: agent, payload: change });
    expect(asked.statusCode, asked.body).toBe(200);
    await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agent);
    expect((await post(`/v1/bookings/${id}/decline_cancellation`, { reason: REASON })).statusCode).toBe(200);
    const back = (await get(`/v1/bookings/${id}`)).json();
    expect(back.status).toBe('MODIFICATION_SUBMITTED');
    expect(back.pending_change.participant_group.unit_quantity_items[0].quantity).toBe(18);
  });
});

describe('the agent declines the fee the operator quoted', () => {
  it('CANCELLATION_PENDING → the status before, the operator notified; the operator cannot decline its own start', async () => {
    const id = await confirmed();
    expect((await post(`/v1/bookings/${id}/cancel`, {})).json()).toMatchObject({ status: 'CANCELLATION_PENDING' });
    expect((await get(`/v1/bookings/${id}`, agent)).json().flags).toMatchObject({ can_confirm_cancellation: true, can_decline_cancellation: true });
    expect((await post(`/v1/bookings/${id}/decline_cancellation`, { reason: REASON })).statusCode).toBe(409);
    const res = await post(`/v1/bookings/${id}/decline_cancellation`, { reason: '料金について確認させてください' }, agent);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/v1/bookings/${id}`)).json()).toMatchObject({
      status: 'RESERVED',
      cancellation_declined: { reason: '料金について確認させてください', declined_by: 'AGENT' },
      main_params: { cancellation: null },
    });
    expect(await notificationsOf(id, 'CANCELLATION_FEE_DECLINED')).toEqual([expect.objectContaining({ audience: 'ADMIN' })]);
  });
});

describe('confirming a cancellation always mails the agent', () => {
  it('no fee and nothing paid: the short "cancelled, no fee" mail, in the applicant\'s language (English for a user who chose it)', async () => {
    await ctx.database.db.execute(sql`update agent_staffs set language_code = 'en' where account_id = (select id from accounts where email = 'agent-free@example.com')`);
    try {
      const id = await confirmed({ applicant: { name: 'Sakura', email: 'agent-free@example.com', phone_number: '075-111-2222' } });
      await post(`/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true }, agent);
      expect((await post(`/v1/bookings/${id}/confirm_cancellation`)).statusCode).toBe(200);
      const mail = await smtp.waitFor((m) => m.to.includes('agent-free@example.com') && m.subject.includes('Cancellation confirmed') && m.subject.includes(id));
      expect(mail.subject).toBe(`[Sagano Group Bookings] Cancellation confirmed (booking ${id})`);
      expect(mail.text).toContain('Cancellation fee: none');
      expect(mail.text).toContain('Nothing is to be paid or refunded.');
      expect(mail.text).toContain(`/bookings/${id}`);
    } finally {
      await ctx.database.db.execute(sql`update agent_staffs set language_code = 'ja' where account_id = (select id from accounts where email = 'agent-free@example.com')`);
    }

    // A request never answered, cancelled: told too (in Japanese for an applicant who is not a user).
    const never = await submit({ applicant: { name: '中村', email: 'never-answered@example.com', phone_number: '075-111-2222' } });
    await post(`/v1/bookings/${never}/cancel`, { agree_cancellation_policy: true }, agent);
    expect((await post(`/v1/bookings/${never}/confirm_cancellation`)).statusCode).toBe(200);
    const ja = await smtp.waitFor((m) => m.to.includes('never-answered@example.com') && m.subject.includes('取消確定'));
    expect(ja.subject).toBe(`【嵯峨野トロッコ 団体予約】取消確定のお知らせ（予約番号 ${never}）`);
    expect(ja.text).toContain('取消料：かかりません');
    expect(ja.text).toContain('お支払いいただく金額・ご返金はございません。');
  });
});
