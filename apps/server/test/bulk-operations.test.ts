import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import * as t from '../src/db/schema.ts';
import { errorOf, type TestApp } from './test-app.ts';
import { startSmtpReceiver } from './smtp-receiver.ts';
import { GROUP, type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';
import { plainBookingBody, reservedBooking } from './support/booking-fixture.ts';
import { until } from './support/polling.ts';

let ctx: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let fx: InventoryFixture;
let staff: { authorization: string };
let agentId: number;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp({ smtpUrl: smtp.url }));
  agentId = agentIds.CONTRACTED!;
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function submitted(adults: number, service: { day: string; serviceId: number; up?: boolean }): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/bookings', headers: staff, payload: plainBookingBody({ agentId, adults, groupName: '一括会', ...service }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().booking_id as string;
}

function upload(kind: 'reserve-allotments' | 'confirm-booking', payload: object, headers = staff) {
  return ctx.app.inject({ method: 'POST', url: `/v1/bookings/bulk-${kind}`, headers, payload });
}

async function finished(id: number) {
  return until(
    async () => (await ctx.app.inject({ method: 'GET', url: `/v1/bulk-reservations/${id}`, headers: staff })).json(),
    (run) => run.status === 'DONE' || run.status === 'FAILED',
    `bulk run ${id}`,
  );
}

async function bookingRow(bookingId: string) {
  const [row] = await ctx.database.db.select().from(t.bookings).where(eq(t.bookings.bookingId, bookingId));
  return row!;
}

async function heldOn(day: string, serviceId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ held: sql<number>`coalesce(sum(held), 0)::int` })
    .from(t.inventoryCounters)
    .where(and(eq(t.inventoryCounters.serviceDate, day), eq(t.inventoryCounters.serviceId, serviceId), eq(t.inventoryCounters.arrangementTypeId, GROUP)));
  return row!.held;
}

describe('bulk operation', () => {
  it('refuses a file with unknown, malformed and repeated bookings whole: 400 with every line, nothing written or run', async () => {
    const good = await submitted(8, { day: fx.days[0]!, serviceId: fx.down });
    const csv = `booking_id\r\n${good}\r\n99999999\r\nabc\r\n\r\n${good}\r\n`;
    const res = await upload('reserve-allotments', { csv_base64: b64(csv), filename: 'bad.csv' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.common).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'csv_base64' });
    expect(body.validation_errors).toEqual([
      { line: 3, field: 'booking_id', reason: 'booking 99999999 not found', code: 'NOT_FOUND', params: { booking_id: '99999999' } },
      { line: 4, field: 'booking_id', reason: 'must be a booking number of 8 digits', code: 'NOT_A_BOOKING_NUMBER' },
      { line: 6, field: 'booking_id', reason: 'repeats line 2', code: 'REPEATED', params: { line: 2 } },
    ]);
    expect(body.id).toBeUndefined();
    expect(await ctx.database.db.select().from(t.bulkReservations).where(eq(t.bulkReservations.fileSha256, createHash('sha256').update(csv).digest('hex')))).toEqual([]);
    expect(await bookingRow(good)).toMatchObject({ status: 'SUBMITTED', subStatus: 'INITIAL', bulkReservationId: null });

    const columns = await upload('reserve-allotments', { csv_base64: b64(`booking_id,seats\r\n${good},3\r\n`) });
    expect(columns.statusCode).toBe(400);
    expect(columns.json().validation_errors).toEqual([{ line: 1, field: 'seats', reason: 'unknown column; the columns are booking_id', code: 'UNKNOWN_COLUMN', params: { columns: 'booking_id' } }]);
    const [log] = await ctx.database.db.select().from(t.operationLogs).where(eq(t.operationLogs.operation, 'bookings.bulk_reserve_allotments')).orderBy(sql`id desc`).limit(1);
    expect(log).toMatchObject({ isError: true, statusCode: 400, operator: 'staff@example.com' });
    expect(JSON.stringify(log!.requestJson)).not.toContain(b64(`booking_id,seats`));
  });

  it('reserves the good lines, refuses wrong state and not enough seats, mails the result CSV; a re-upload doubles nothing', async () => {
    const day = fx.days[1]!;
    const good1 = await submitted(10, { day, serviceId: fx.down });
    const good2 = await submitted(12, { day, serviceId: fx.down });
    const refused = await submitted(5, { day, serviceId: fx.down });
    const ng = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${refused}/refuse_booking`, headers: staff, payload: { reason: 'OTHER', mail: { subject: 's', body: 'b' } } });
    expect(ng.statusCode, ng.body).toBe(200);
    const full = await submitted(6, { day, serviceId: fx.up, up: true });
    await ctx.database.db.execute(sql`update inventory_counters set held = capacity where service_date = ${day} and service_id = ${fx.up} and arrangement_type_id = ${GROUP} and leg = 2`);
    const upHeld = await heldOn(day, fx.up);

    const csv = `\ufeffbooking_id\r\n${good1}\r\n${refused}\r\n${full}\r\n${good2}\r\n`;
    const res = await upload('reserve-allotments', { csv_base64: b64(csv), filename: 'special-term.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'RESERVE_ALLOTMENTS', total: 4, filename: 'special-term.csv' });
    const run = await finished(res.json().id);
    expect(run).toMatchObject({ status: 'DONE', total: 4, processed: 4, succeeded: 2, failed: 2, skipped: 0, result_url: `/v1/bulk-reservations/${run.id}/result.csv` });
    expect(run.lines.map((l: { line_no: number; result: string; error_code: string | null }) => [l.line_no, l.result, l.error_code])).toEqual([
      [2, 'DONE', null],
      [3, 'REFUSED', 'STEP_NOT_ALLOWED'],
      [4, 'REFUSED', 'NOT_ENOUGH_SEATS'],
      [5, 'DONE', null],
    ]);
    expect(run.lines[1].reason).toContain('NOT_RESERVED');
    expect(await bookingRow(good1)).toMatchObject({ subStatus: 'SAGANO_ALLOTMENT_CONFIRMED', bulkReservationId: run.id });
    // The booking answer names the run (spec 000 §3 main_params.bulk_reservation_id); a booking no run secured names none.
    const answer = async (id: string) => (await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${id}`, headers: staff })).json().main_params.bulk_reservation_id;
    expect(await answer(good1)).toBe(run.id);
    expect(await answer(full)).toBeNull();
    // The refused line's transaction rolled back: the full booking is as it was, nothing held.
    expect(await bookingRow(full)).toMatchObject({ status: 'SUBMITTED', subStatus: 'INITIAL', bulkReservationId: null });
    expect(await heldOn(day, fx.up)).toBe(upHeld);
    const downHeld = await heldOn(day, fx.down);
    expect(downHeld).toBe(22 * 3);

    // Each line is logged as the uploader, with its history revision.
    const logs = await ctx.database.db.select().from(t.operationLogs).where(and(eq(t.operationLogs.bookingId, good1), eq(t.operationLogs.operation, 'bookings.reserve_allotments')));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ operator: 'staff@example.com', isError: false, requestJson: { bulk_reservation_id: run.id, line_no: 2 } });
    const [refusedLog] = await ctx.database.db.select().from(t.operationLogs).where(and(eq(t.operationLogs.bookingId, full), eq(t.operationLogs.operation, 'bookings.reserve_allotments')));
    expect(refusedLog).toMatchObject({ isError: true, statusCode: 409 });
    const histories = await ctx.database.db.select().from(t.bookingHistories).where(eq(t.bookingHistories.bookingId, (await bookingRow(good1)).id));
    expect(histories.map((h) => h.type)).toEqual(['CREATE', 'UPDATE']);

    const mail = await smtp.waitFor((m) => m.to.includes('staff@example.com') && m.subject.includes(`No.${run.id}`));
    expect(mail.subject).toBe(`【嵯峨野トロッコ 団体予約】枠一括確保の処理が完了しました（No.${run.id}）`);
    expect(mail.text).toContain('完了：2件');
    expect(mail.text).toContain('お断り：2件');
    const [attachment] = mail.attachments;
    expect(attachment!.filename).toBe(`bulk-${run.id}-result.csv`);
    const resultCsv = attachment!.content.toString('utf8');
    // The file speaks the uploader's language: labels and reasons, no codes or developer text.
    expect(resultCsv).toContain('行,予約番号,結果,理由\r\n');
    expect(resultCsv).toContain(`2,${good1},完了,\r\n`);
    expect(resultCsv).toContain(`3,${refused},お断り,この予約の現在の状態では、この操作はできません\r\n`);
    expect(resultCsv).toContain(`4,${full},お断り,空席が足りないため、枠を確保できませんでした\r\n`);
    expect(resultCsv).not.toMatch(/\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|DONE|REFUSED/);
    const notifications = await ctx.database.db.select().from(t.notifications).where(eq(t.notifications.kind, 'BULK_FINISHED'));
    expect(notifications.length).toBeGreaterThanOrEqual(1);

    const download = await ctx.app.inject({ method: 'GET', url: run.result_url, headers: staff });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.rawPayload.toString('utf8')).toBe(resultCsv);

    // The same file again: the done lines are SKIPPED, nothing is held twice, no new revision.
    const revision = (await bookingRow(good1)).revision;
    const again = await upload('reserve-allotments', { csv_base64: b64(csv), filename: 'special-term.csv' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).not.toBe(run.id);
    const rerun = await finished(again.json().id);
    expect(rerun).toMatchObject({ status: 'DONE', succeeded: 0, failed: 2, skipped: 2 });
    expect(rerun.lines.map((l: { result: string }) => l.result)).toEqual(['SKIPPED', 'REFUSED', 'REFUSED', 'SKIPPED']);
    expect(await heldOn(day, fx.down)).toBe(downHeld);
    expect(await bookingRow(good1)).toMatchObject({ bulkReservationId: run.id, revision });
    await ctx.database.db.execute(sql`update inventory_counters set held = 0 where service_date = ${day} and service_id = ${fx.up} and arrangement_type_id = ${GROUP} and leg = 2`);
  });

  it('the same file uploaded again while its run has not finished answers that run', async () => {
    const ids = await Promise.all([1, 2, 3].map(() => submitted(4, { day: fx.days[0]!, serviceId: fx.down })));
    const payload = { csv_base64: b64(`booking_id\n${ids.join('\n')}\n`) };
    const [a, b] = await Promise.all([upload('reserve-allotments', payload), upload('reserve-allotments', payload)]);
    expect(a.statusCode).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    expect((await finished(a.json().id)).succeeded).toBe(3);
  });

  it('confirms in bulk from a Shift_JIS file: booking OK mails, confirm notes, wrong state refused', async () => {
    const reserved = await reservedBooking(ctx, staff, { agentId, day: fx.days[0]!, serviceId: fx.down, adults: 9, email: 'bulk.confirm@example.com' });
    const notReserved = await submitted(7, { day: fx.days[0]!, serviceId: fx.down });
    const csv = `booking_id,confirm_note\r\n${reserved},団体割引適用・添乗員同行\r\n${notReserved},\r\n`;
    const res = await upload('confirm-booking', { csv_base64: iconv.encode(csv, 'Shift_JIS').toString('base64'), filename: '一括回答.csv' });
    expect(res.statusCode, res.body).toBe(200);
    const run = await finished(res.json().id);
    expect(run).toMatchObject({ kind: 'CONFIRM_BOOKING', status: 'DONE', succeeded: 1, failed: 1 });
    expect(run.lines.map((l: { result: string; error_code: string | null }) => [l.result, l.error_code])).toEqual([['DONE', null], ['REFUSED', 'STEP_NOT_ALLOWED']]);
    expect(await bookingRow(reserved)).toMatchObject({ status: 'RESERVED', confirmNote: '団体割引適用・添乗員同行', bulkReservationId: run.id });
    const ok = await smtp.waitFor((m) => m.to.includes('bulk.confirm@example.com'));
    expect(ok.subject).toBe(`【嵯峨野トロッコ列車】団体予約確定のお知らせ（予約番号 ${reserved}）`);
    const summary = await smtp.waitFor((m) => m.to.includes('staff@example.com') && m.subject.includes(`No.${run.id}`));
    expect(summary.subject).toContain('一括回答');
    // Answered already: a re-upload skips it.
    const again = await finished((await upload('confirm-booking', { csv_base64: b64(`booking_id\n${reserved}\n`) })).json().id);
    expect(again.lines[0]).toMatchObject({ result: 'SKIPPED' });
  });

  it('bad input is a 400 naming csv_base64; agents get 403; an unknown run is 404', async () => {
    for (const csv_base64 of ['@@not base64@@', b64('booking_id\n"12345678\n'), b64('')]) {
      const res = await upload('reserve-allotments', { csv_base64 });
      expect(res.statusCode, csv_base64).toBe(400);
      expect(errorOf(res).field).toBe('csv_base64');
    }
    // A byte that is no character is refused, naming the line, never read as a replacement character.
    const broken = Buffer.concat([Buffer.from('booking_id,confirm_note\n12345678,'), Buffer.from([0xe5, 0xb5]), Buffer.from('\n')]).toString('base64');
    const notUtf8 = await upload('confirm-booking', { csv_base64: broken, encoding: 'utf-8' });
    expect(notUtf8.statusCode).toBe(400);
    expect(errorOf(notUtf8)).toMatchObject({ error_code: 'VALIDATION_FAILED', field: 'csv_base64', error_description: 'csv_base64: is not UTF-8 text: line 2 holds a byte that is not a UTF-8 character' });
    const notSjis = await upload('confirm-booking', { csv_base64: Buffer.from([0x62, 0x0a, 0x81, 0x20]).toString('base64'), encoding: 'shift_jis' });
    expect(errorOf(notSjis)).toMatchObject({ field: 'csv_base64', error_description: 'csv_base64: is not Shift_JIS text: line 2 holds a byte that is not a Shift_JIS character' });
    const neither = await upload('confirm-booking', { csv_base64: Buffer.from([0x62, 0x0a, 0xff, 0x0a]).toString('base64') });
    expect(errorOf(neither)).toMatchObject({ field: 'csv_base64', error_description: expect.stringContaining('is neither UTF-8 nor Shift_JIS text') });
    const missing = await upload('reserve-allotments', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).field).toBe('csv_base64');
    const before = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(t.bulkReservations);

    const agent = await ctx.login('agent-contracted@example.com');
    expect((await upload('reserve-allotments', { csv_base64: b64('booking_id\n12345678\n') }, agent)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/bulk-reservations', headers: agent })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/bulk-reservations/1', headers: agent })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/bulk-reservations/999999', headers: staff })).statusCode).toBe(404);
    expect(await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(t.bulkReservations)).toEqual(before);

    const list = (await ctx.app.inject({ method: 'GET', url: '/v1/bulk-reservations', headers: staff })).json();
    expect(list.bulk_reservations.length).toBeGreaterThan(0);
    expect(list.bulk_reservations[0]).toHaveProperty('status');
  });
});
