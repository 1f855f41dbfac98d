/**
 * Documents that know they are stale (DESIGN §5): a mailed seat table or voucher is outdated once
 * the booking changes what it prints (a headcount change, the group moving its seats), re-sent
 * as one step with a mail that replaces it; a prepaid voucher waits for its fare unless the
 * operator gives a reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';
import { pdfText } from './support/pdf-reading.ts';
import { until } from './support/polling.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { ADULT, bookingCalls } from './support/booking-fixture.ts';

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
const put = (url: string, payload: object, headers: Record<string, string> = staff) => ctx.app.inject({ method: 'PUT', url, headers, payload });
const mail = { subject: 's', body: 'b' };

/** A booking of `adults` adults confirmed, seated, its seat table sent and its voucher confirmed (not sent). */
async function seatedWithSeatTable(agent: string, adults: number, email: string): Promise<string> {
  const id = await submit({ agent_id: agents[agent], applicant: { name: '中村 さくら', email, phone_number: '075-111-2222' }, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: adults }], wheel_chairs: [] } });
  expect((await post(`/v1/bookings/${id}/reserve_allotments`)).statusCode).toBe(200);
  expect((await post(`/v1/bookings/${id}/confirm_booking`, { mail })).statusCode).toBe(200);
  expect((await post(`/v1/bookings/${id}/assign_seats`, {})).statusCode).toBe(200);
  expect((await post(`/v1/bookings/${id}/assign_seats_ok`)).statusCode).toBe(200);
  expect((await post(`/v1/bookings/${id}/send_seat_table`, { mail })).statusCode).toBe(200);
  expect((await post(`/v1/bookings/${id}/confirm_voucher`, { note: '' })).statusCode).toBe(200);
  return id;
}

const documentsOf = async (id: string) => (await get(`/v1/bookings/${id}`)).json().documents;
const kindsOf = async (id: string) =>
  rowsOf<{ kind: string }>(await ctx.database.db.execute(sql`select kind from outbox_mails where booking_id = ${id} order by created_at, kind`)).map((r) => r.kind);

describe('documents outdated by a change', () => {
  it('a headcount change after the voucher was sent marks both outdated; one re-send mails both with the new count and clears it', async () => {
    const email = 'stale.count@example.com';
    const id = await seatedWithSeatTable('SPECIAL_CONTRACTED', 34, email);
    expect((await post(`/v1/bookings/${id}/send_voucher`, { mail })).statusCode).toBe(200);
    expect(await documentsOf(id)).toMatchObject({ outdated: [], voucher_awaits_payment: false });
    // Nothing outdated: re-sending is refused and mails nothing.
    const nothing = await post(`/v1/bookings/${id}/resend_documents`, {});
    expect(nothing.statusCode).toBe(409);
    expect(errorOf(nothing).error_code).toBe('NOTHING_TO_RESEND');

    const { applicant, tour_conductor, group, service_order } = body();
    const changed = await put(`/v1/bookings/${id}/params`, { applicant: { ...applicant, email }, tour_conductor, group, service_order, participant_group: { unit_quantity_items: [{ unit_id: ADULT, quantity: 29 }], wheel_chairs: [] }, note: '5名減' });
    expect(changed.statusCode, changed.body).toBe(200);
    let b = (await get(`/v1/bookings/${id}`)).json();
    if (b.status === 'MODIFICATION_SUBMITTED') expect((await post(`/v1/bookings/${id}/accept_modification`)).statusCode).toBe(200);
    b = (await get(`/v1/bookings/${id}`)).json();
    // The seats of the 29 stay: the documents can go again as they stand.
    expect(b).toMatchObject({ sub_status: 'SAGANO_SEAT_TABLE_SENT', documents: { outdated: ['seat_table', 'voucher'] } });

    const res = await post(`/v1/bookings/${id}/resend_documents`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resent: ['seat_table', 'voucher'] });
    expect(await documentsOf(id)).toMatchObject({ outdated: [] });
    // The mails follow the step's commit by one run of their delivery job.
    const reissued = async () => (await kindsOf(id)).filter((k) => k.endsWith('_reissued')).sort();
    expect(await until(reissued, (kinds) => kinds.length >= 2, 'the re-sent documents')).toEqual(['booking.seat_table_reissued', 'booking.voucher_reissued']);

    const voucherMail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('バウチャー') && m.subject.includes('再送'));
    expect(voucherMail.text).toContain('先にお送りしたバウチャー（乗車証明書）は無効');
    expect(voucherMail.text).toContain(`http://sagano.test/bookings/${id}`);
    expect(voucherMail.attachments.map((a) => a.filename)).toEqual([`voucher-${id}.pdf`]);
    expect(await pdfText(voucherMail.attachments[0]!.content)).toMatch(/29\s*名/);
    const tableMail = await smtp.waitFor((m) => m.to.includes(email) && m.subject.includes('座席表再送'));
    const tableText = await pdfText(tableMail.attachments[0]!.content);
    expect(tableText).toMatch(/29\s*名/);
    expect(tableText).not.toMatch(/34\s*名/);
  });

  it('the group moving its seats on the customer page outdates the seat table only (the voucher lists no seat)', async () => {
    const id = await seatedWithSeatTable('SPECIAL_CONTRACTED', 8, 'stale.move@example.com');
    expect((await post(`/v1/bookings/${id}/send_voucher`, { mail })).statusCode).toBe(200);
    const token = (await get(`/v1/bookings/${id}`)).json().booking_token as string;
    const seats = (await get(`/v1/bookings/${id}/seats?token=${encodeURIComponent(token)}`)).json() as { directions: { cars: { seats: { seat_id: string; mine: boolean; assignable: boolean; is_wheelchair: boolean }[] }[] }[] };
    const all = seats.directions[0]!.cars.flatMap((c) => c.seats);
    const mine = all.filter((s) => s.mine).map((s) => s.seat_id);
    const free = all.find((s) => !s.mine && s.assignable && !s.is_wheelchair)!.seat_id;
    const moved = await put(`/v1/bookings/${id}/change-seat`, { token, service: { service_day: fx.days[0], service_id: fx.down, manual: { seats: [...mine.slice(1), free], standings: 0, unspecified_seat: 0 } }, mutation_id: 'stale-move-1' }, {});
    expect(moved.statusCode, moved.body).toBe(200);
    const documents = await documentsOf(id);
    expect(documents.outdated).toContain('seat_table');
    const res = await post(`/v1/bookings/${id}/resend_documents`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resent).toContain('seat_table');
    expect((await documentsOf(id)).outdated).toEqual([]);
  });
});

describe('a prepaid voucher waits for its fare', () => {
  it('refused while the coupon fare is unpaid, sent with the operator reason (in the history), and sent plainly once paid', async () => {
    const unpaid = await seatedWithSeatTable('CONTRACTED', 10, 'stale.coupon@example.com');
    expect((await documentsOf(unpaid)).voucher_awaits_payment).toBe(true);
    const refused = await post(`/v1/bookings/${unpaid}/send_voucher`, { mail });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).error_code).toBe('VOUCHER_AWAITS_PAYMENT');
    expect((await kindsOf(unpaid)).includes('booking.voucher')).toBe(false);
    const blank = await post(`/v1/bookings/${unpaid}/send_voucher`, { mail, override_unpaid_reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).field).toBe('override_unpaid_reason');
    expect((await post(`/v1/bookings/${unpaid}/send_voucher`, { mail, override_unpaid_reason: '当日クーポン回収の約束あり' })).statusCode).toBe(200);
    const b = (await get(`/v1/bookings/${unpaid}`)).json();
    expect(b.main_param_histories.at(-1)).toMatchObject({ voucher_override_unpaid_reason: '当日クーポン回収の約束あり' });
    expect(b.documents.voucher_sent_at).not.toBeNull();
    // The agent does not see the operator's reason.
    const agent = await ctx.login('agent-contracted@example.com');
    expect((await get(`/v1/bookings/${unpaid}`, agent)).json().main_param_histories.at(-1).voucher_override_unpaid_reason).toBeNull();

    const paid = await seatedWithSeatTable('CONTRACTED', 10, 'stale.coupon2@example.com');
    const fare = (await get(`/v1/bookings/${paid}`)).json().main_params.payment as { payment_id: number };
    expect((await post(`/v1/bookings/${paid}/payments/${fare.payment_id}/report_coupon`, { coupon_number: 'CP-STALE-1' }, agent)).statusCode).toBe(200);
    expect((await documentsOf(paid)).voucher_awaits_payment).toBe(false);
    expect((await post(`/v1/bookings/${paid}/send_voucher`, { mail })).statusCode).toBe(200);
    expect((await get(`/v1/bookings/${paid}`)).json().main_param_histories.at(-1).voucher_override_unpaid_reason).toBeNull();
  });
});
