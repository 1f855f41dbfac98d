/**
 * Deciding an agent's change request through the API: the change side by side on the booking
 * (pending_change_summary) and in the operator's notification; declining needs a reason, which
 * the agent gets by notification and mail; approving and a change made by staff mail the agent
 * the same side-by-side, in the recipient's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { E6 } from '@sagano/domain/money/yen-e6';
import { rowsOf } from '../src/db/client.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { ADULT, CHILD, bookingCalls } from './support/booking-fixture.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';

let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let agents: Record<string, number>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  ({ ctx, fx, staff, agentIds: agents } = await openBookingTestApp({ smtpUrl: smtp.url }));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const { body, post, get, submit } = bookingCalls(() => ({ ctx, fx, staff, agentIds: agents }));
const put = (id: string, payload: object, headers: { authorization: string } = staff) => ctx.app.inject({ method: 'PUT', url: `/v1/bookings/${id}/params`, headers, payload });

/** A CONTRACTED agent's booking of 20 adults and 3 children (one free), confirmed; the applicant's address as given. */
async function confirmed(applicantEmail: string) {
  const id = await submit({ agent_id: agents.CONTRACTED, applicant: { name: '中村 さくら', email: applicantEmail, phone_number: '075-111-2222' } });
  await post(`/v1/bookings/${id}/reserve_allotments`);
  expect((await post(`/v1/bookings/${id}/confirm_booking`, { mail: { subject: 's', body: 'b' } })).statusCode).toBe(200);
  return id;
}

const change = (id: string, overrides: Record<string, unknown>) => {
  const { applicant, tour_conductor, group, service_order, participant_group } = body();
  return { applicant: { ...applicant, email: emails.get(id) }, tour_conductor, group, service_order, participant_group, note: '', ...overrides };
};
const emails = new Map<string, string>();
const fewer = { participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 17 }, { unit_id: CHILD, quantity: 3 }], wheel_chairs: [] } };
const bookingRow = async (id: string) =>
  rowsOf<{ status: string; modification_decline_reason: string | null; pending_change: unknown }>(await ctx.database.db.execute(sql`select status, modification_decline_reason, pending_change from bookings where booking_id = ${id}`))[0]!;

describe('deciding a change request', () => {
  it('a headcount change side by side; declined with a reason: history, notification and a Japanese mail', async () => {
    const id = await confirmed('sakura@example.com');
    emails.set(id, 'sakura@example.com');
    const agent = await ctx.login('agent-contracted@example.com');
    expect((await put(id, change(id, fewer), agent)).json().status).toBe('MODIFICATION_SUBMITTED');

    const b = (await get(`/v1/bookings/${id}`)).json();
    const before = (19 * 800 + 3 * 400) * E6;
    const after = (16 * 800 + 3 * 400 + 3 * 220) * E6;
    expect(b.pending_change_summary).toMatchObject({
      trains_changed: false,
      legs: [{ direction: 'down', before: { service_id: fx.down, service_date: fx.days[0] }, after: { service_id: fx.down, service_date: fx.days[0] }, train_changed: false, segment_changed: false }],
      units: [
        { unit_id: ADULT, before_quantity: 20, after_quantity: 17, decrement_quantity: 3, decrement_fee: 3 * 220 * E6 },
        { unit_id: CHILD, before_quantity: 3, after_quantity: 3, decrement_fee: 0 },
      ],
      participant_quantity: { before: 23, after: 20 },
      amounts: { before_total_amount: before, decrement_fee_amount: 3 * 220 * E6, after_total_amount: after, difference_amount: after - before },
      seats: 'KEPT',
      other_changes: [],
    });
    expect(b.pending_change_summary.legs[0].after.service_name.length).toBeGreaterThan(0);
    // The agent sees the same comparison; the operator's notification names it.
    expect((await get(`/v1/bookings/${id}`, agent)).json().pending_change_summary).toEqual(b.pending_change_summary);
    const inbox = (await get('/v1/notifications/booking?per_page=100')).json().notifications;
    expect(inbox.find((n: { kind: string; booking_id: string }) => n.kind === 'MODIFICATION' && n.booking_id === id)).toMatchObject({ detail: { change_summary: { participant_quantity: { before: 23, after: 20 } } } });

    // No reason, a blank one or one too long: 400 naming the field, nothing written.
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await post(`/v1/bookings/${id}/reject_modification`, payload);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).field).toBe('reason');
    }
    expect((await bookingRow(id)).status).toBe('MODIFICATION_SUBMITTED');
    // Only the back office decides: agents (its own or another) are refused.
    expect((await post(`/v1/bookings/${id}/reject_modification`, { reason: 'x' }, agent)).statusCode).toBe(403);
    expect((await post(`/v1/bookings/${id}/reject_modification`, { reason: 'x' }, await ctx.login('agent-free@example.com'))).statusCode).toBe(403);

    const reason = '当日は9号まで団体のお席が満席のため、減員後もお座席の配置を変えられません。';
    expect((await post(`/v1/bookings/${id}/reject_modification`, { reason })).statusCode).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ status: 'NOT_MODIFIED', modification_decline_reason: reason, pending_change: null });
    const seen = (await get(`/v1/bookings/${id}`, agent)).json();
    expect(seen).toMatchObject({ status: 'NOT_MODIFIED', modification_decline_reason: reason, pending_change_summary: null, main_params: { total_amount: before } });
    const [revision] = rowsOf<{ reason: string }>(
      await ctx.database.db.execute(sql`select snapshot->>'modification_decline_reason' as reason from booking_histories where booking_id = (select id from bookings where booking_id = ${id}) order by revision desc limit 1`),
    );
    expect(revision!.reason).toBe(reason);
    const told = (await get('/v1/notifications/booking?per_page=100', agent)).json().notifications;
    expect(told.find((n: { kind: string; booking_id: string }) => n.kind === 'MODIFICATION_REFUSED' && n.booking_id === id)).toMatchObject({ detail: { reason } });

    const mail = await smtp.waitFor((m) => m.to.includes('sakura@example.com') && m.subject.includes(id) && m.subject.includes('変更'));
    expect(mail.subject).toBe(`【嵯峨野トロッコ 団体予約】予約内容の変更をお受けできませんでした（予約番号 ${id}）`);
    expect(mail.text).toContain(`お受けできない理由：${reason}`);
    expect(mail.text).toContain('大人：20名 → 17名');
    expect(mail.text).toContain('減員手数料：660円');
    expect(mail.text).toContain(`/bookings/${id}`);
    // A new request clears the old reason.
    await put(id, change(id, fewer), agent);
    expect((await bookingRow(id)).modification_decline_reason).toBeNull();
  });

  it('a train change approved: both trains named, seats given up, an English mail for an English-speaking applicant', async () => {
    await ctx.database.db.execute(sql`update agent_staffs set language_code = 'en' where account_id = (select id from accounts where email = 'agent-contracted@example.com')`);
    const id = await confirmed('agent-contracted@example.com');
    emails.set(id, 'agent-contracted@example.com');
    const agent = await ctx.login('agent-contracted@example.com');
    const moved = change(id, { service_order: { down_service: { service_date: fx.days[1], service_id: fx.down, from_station_id: 1, to_station_id: 4 } } });
    expect((await put(id, moved, agent)).statusCode).toBe(200);
    const s = (await get(`/v1/bookings/${id}`)).json().pending_change_summary;
    expect(s).toMatchObject({
      trains_changed: true,
      legs: [{ before: { service_date: fx.days[0] }, after: { service_date: fx.days[1] }, train_changed: true }],
      participant_quantity: { before: 23, after: 23 },
      amounts: { difference_amount: 0, decrement_fee_amount: 0 },
      seats: 'RELEASED',
    });

    expect((await post(`/v1/bookings/${id}/accept_modification`)).statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes('agent-contracted@example.com') && m.subject.includes(id) && m.subject.includes('approved'));
    expect(mail.subject).toBe(`[Sagano Group Bookings] Your change has been approved (booking ${id})`);
    expect(mail.text).toContain(`Down: ${fx.days[0]}`);
    expect(mail.text).toContain(`→ ${fx.days[1]}`);
    expect(mail.text).toContain('seats will be assigned again');
    expect(mail.text).toContain('Difference: none');
    await ctx.database.db.execute(sql`update agent_staffs set language_code = 'ja' where account_id = (select id from accounts where email = 'agent-contracted@example.com')`);
  });

  it('staff change the booking themselves: the agent is mailed what changed', async () => {
    const id = await confirmed('kaori@example.com');
    emails.set(id, 'kaori@example.com');
    const done = await put(id, change(id, { ...fewer, note: '3名減（お電話にて）' }));
    expect(done.json().status).toBe('MODIFIED');
    const mail = await smtp.waitFor((m) => m.to.includes('kaori@example.com') && m.subject.includes(id));
    expect(mail.subject).toBe(`【嵯峨野トロッコ 団体予約】予約内容を変更いたしました（予約番号 ${id}）`);
    expect(mail.text).toContain('合計人数：23名 → 20名');
    expect(mail.text).toContain('そのほかの変更：ご要望・備考');
    expect(mail.text).toContain('ご利用を続ける方のお座席はそのままです');
  });
});
