/**
 * The card fare's due date (DESIGN §6, domain fareDueDate): a FREE agent's booking confirmed
 * within the group schedule's payment_day_before of its train is not overdue the moment it is
 * confirmed (it gets FARE_MIN_DAYS_TO_PAY days, never past the train); one confirmed well ahead
 * keeps the schedule's date. Migration 0032 moves the fares already opened overdue the same way.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, rowsOf } from '../src/db/client.ts';
import * as t from '../src/db/schema.ts';
import { fixedClock } from '../src/lib/clock.ts';
import { announceOverduePayments } from '../src/modules/payments/payment-deadlines.ts';
import type { TestApp } from './test-app.ts';
import { confirmedBooking } from './support/booking-fixture.ts';
import { type InventoryFixture, openBookingTestApp } from './support/inventory-fixture.ts';

/** Noon in Tokyo on `date`. */
const noonIn = (date: string) => `${date}T12:00:00+09:00`;
/** The schedule this file puts over the fixture's 2058 trains: payment due ten days before. */
const PAYMENT_DAY_BEFORE = 10;

const clock = fixedClock(noonIn('2058-05-04'));
let ctx: TestApp;
let fx: InventoryFixture;
let staff: { authorization: string };
let freeAgent: number;

beforeAll(async () => {
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp({ clock }));
  freeAgent = agentIds.FREE!;
  await ctx.database.db.insert(t.groupSchedules).values({
    serviceFromDate: '2058-01-01',
    serviceToDate: '2058-12-31',
    name: '2058年 団体スケジュール',
    groupArrangementReleaseDayBefore: 14,
    paymentDayBefore: PAYMENT_DAY_BEFORE,
    remindDayBefore: 21,
  });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: staff });
const fareOf = async (id: string) => (await get(`/v1/bookings/${id}`)).json().main_params.payment as { payment_id: number; status: string; due_date: string; normal_due_date: string; is_overdue: boolean };
const overdueCount = async () => (await get('/v1/dashboard/summary')).json().counts.payments_overdue as number;

async function confirmOn(today: string, groupName: string): Promise<string> {
  clock.set(noonIn(today));
  return confirmedBooking(ctx, staff, { agentId: freeAgent, day: fx.days[0]!, serviceId: fx.down, adults: 10, groupName });
}

describe('a card fare confirmed close to the train', () => {
  it('is due a few days after confirmation, not before it: not overdue, not counted, not announced', async () => {
    expect(fx.days[0]).toBe('2058-05-09');
    clock.set(noonIn('2058-05-04'));
    const overdueBefore = await overdueCount();

    const id = await confirmOn('2058-05-04', '五日前の会');
    const fare = await fareOf(id);
    // The schedule's date (2058-04-29) had passed; three days to pay instead.
    expect(fare).toMatchObject({ status: 'PAYMENT_PENDING', due_date: '2058-05-07', is_overdue: false });
    expect(fare.due_date >= '2058-05-04').toBe(true);
    expect(await overdueCount()).toBe(overdueBefore);
    const listed = (await get(`/v1/bookings/payments/search?overdue=true&booking_id=${id}`)).json().payments as unknown[];
    expect(listed).toHaveLength(0);
    const job = await announceOverduePayments({ db: ctx.database.db, clock, jobs: undefined, publicUrl: 'http://sagano.test' });
    expect(job.payment_ids).not.toContain(fare.payment_id);

    // Overdue from the day after its due date, as any payment.
    clock.set(noonIn('2058-05-07'));
    expect((await fareOf(id)).is_overdue).toBe(false);
    clock.set(noonIn('2058-05-08'));
    expect((await fareOf(id)).is_overdue).toBe(true);
  });

  it('is due on the day of the train when fewer days than that are left', async () => {
    const id = await confirmOn('2058-05-08', '前日の会');
    expect(await fareOf(id)).toMatchObject({ due_date: '2058-05-09', is_overdue: false });
  });
});

describe('a card fare confirmed well ahead', () => {
  it('keeps the schedule\'s date: the first service date less payment_day_before', async () => {
    const id = await confirmOn('2058-03-30', '四十日前の会');
    expect(await fareOf(id)).toMatchObject({ status: 'PAYMENT_PENDING', due_date: '2058-04-29', normal_due_date: '2058-04-29', is_overdue: false });
  });
});

describe('migration 0032', () => {
  it('moves a pending fare opened overdue to the rule\'s date (normal_due_date kept) and leaves the others', async () => {
    const late = await confirmOn('2058-05-04', '移行 五日前');
    const afterTrain = await confirmOn('2058-05-04', '移行 列車後');
    const ahead = await confirmOn('2058-03-30', '移行 四十日前');
    const paid = await confirmOn('2058-05-04', '移行 支払済');
    const lateEvening = await confirmOn('2058-05-05', '移行 深夜');
    const fareRow = (id: string) => sql`kind = 'FARE' and booking_id = (select id from bookings where booking_id = ${id})`;
    // As the old rule opened them: due the schedule's date, whenever confirmed. Row timestamps are
    // the system's time, not the pinned clock's: issued_at is set to the day each was confirmed.
    const opened = async (id: string, at: string) => ctx.database.db.execute(sql`update payments set issued_at = ${at}::timestamptz, due_date = '2058-04-29', normal_due_date = '2058-04-29' where ${fareRow(id)}`);
    await opened(late, noonIn('2058-05-04'));
    await opened(afterTrain, noonIn('2058-05-12'));
    await opened(paid, noonIn('2058-05-04'));
    await opened(ahead, noonIn('2058-03-30'));
    // Just before midnight in Tokyo (15:00 UTC) is still that Tokyo day.
    await opened(lateEvening, '2058-05-05T14:59:00Z');
    await ctx.database.db.execute(sql`update payments set status = 'PAYMENT_CONFIRMED' where ${fareRow(paid)}`);

    const migration = readFileSync(`${MIGRATIONS_FOLDER}/0032_fare_due_dates.sql`, 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (statement.trim() !== '') await ctx.database.db.execute(sql.raw(statement));
    }

    const dates = async (id: string) => rowsOf<{ due_date: string; normal_due_date: string }>(await ctx.database.db.execute(sql`select due_date::text, normal_due_date::text from payments where ${fareRow(id)}`))[0];
    expect(await dates(late)).toEqual({ due_date: '2058-05-07', normal_due_date: '2058-04-29' });
    // Opened after its train had left: due the day it was opened.
    expect(await dates(afterTrain)).toEqual({ due_date: '2058-05-12', normal_due_date: '2058-04-29' });
    expect(await dates(lateEvening)).toEqual({ due_date: '2058-05-08', normal_due_date: '2058-04-29' });
    expect(await dates(ahead)).toEqual({ due_date: '2058-04-29', normal_due_date: '2058-04-29' });
    expect(await dates(paid)).toEqual({ due_date: '2058-04-29', normal_due_date: '2058-04-29' });
  });
});
