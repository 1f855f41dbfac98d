/**
 * The work the scheduled jobs find in bench/job-latency-bench.ts, added to the demo data and dated
 * from `today` (the server's own Tokyo date, since the server runs on the system clock): the
 * release finds the demo season's group allotment on the next days' trains; the other jobs find
 * generated bookings and payments. Rows are written with set-based SQL, as bench/csv-bench.ts does;
 * booking numbers have nine digits so they never meet a demo booking's eight.
 */
import { sql } from 'drizzle-orm';
import { tokyoDateOf } from '@sagano/domain/common/business-date';
import { isBillingDay } from '@sagano/domain/settlements/billing-period';
import type { Db } from '../apps/server/src/db/client.ts';
import { rowsOf } from '../apps/server/src/db/client.ts';

export interface WorkSizes {
  /** Pending card payments whose reminder day has come (payments.remind). */
  remind: number;
  /** Pending card payments past their due date (payments.mark-overdue). */
  overdue: number;
  /** A monthly agent's payments waiting for its invoice, billed today (settlements.monthly-billing). */
  billing: number;
  /** Requests still unanswered in a special contract term whose answer date is today (bookings.remind-answer-due). */
  answerDue: number;
  /** Card checkouts left open for longer than the reconcile wait (payments.reconcile; at most 100 a run). */
  reconcile: number;
  /** Mails waiting in the outbox (mail.sweep; at most 100 a run). */
  mails: number;
}

export const DEFAULT_SIZES: WorkSizes = { remind: 500, overdue: 500, billing: 300, answerDue: 500, reconcile: 100, mails: 100 };

/** The server's business date: what its jobs take "today" from. */
export const serverToday = (): string => tokyoDateOf(new Date());

const BENCH_MAIL_SUBJECT = 'ベンチのお知らせ';

const one = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T> => rowsOf<T>(await db.execute(query))[0]!;

/** Adds the work; answers what each job will find, as counted in the database (0 where a date rule leaves none). */
export async function addJobWork(db: Db, today: string, sizes: WorkSizes = DEFAULT_SIZES): Promise<Record<string, number>> {
  const { down } = await one<{ down: number }>(db, sql`select min(id)::int as down from services where direction = 'down'`);
  const agent = async (type: string) =>
    one<{ id: number; branch: number }>(db, sql`select a.id, (select min(g.id) from agent_groups g where g.agent_id = a.id)::int as branch from agents a where a.agent_type = ${type} order by a.id limit 1`);
  const free = await agent('FREE');
  const monthly = await agent('SPECIAL_CONTRACTED');

  // Every set is its own range of booking numbers, travelling on the offsets given (days from today).
  const bookings = async (first: number, count: number, owner: { id: number; branch: number }, status: string, dayOffset: ReturnType<typeof sql>) => {
    if (count === 0) return;
    await db.execute(sql`
      insert into bookings (booking_id, booking_token, agent_id, agent_sub_group_id, status, sub_status, group_type, group_name, "group", applicant, participant_quantity, total_amount_e6, submitted_at)
      select (${first}::int + g)::text, md5('job-bench-' || (${first}::int + g)), ${owner.id}, ${owner.branch}, ${status}, 'INITIAL', 'NORMAL', 'ベンチ団体 ' || (${first}::int + g),
             '{"name": "ベンチ団体", "group_type": "NORMAL", "country_code": "JPN"}'::jsonb, '{"name": "伊藤 誠", "email": "bench@example.com", "phone_number": "03-0000-0000"}'::jsonb,
             20, 30000000000, now() - interval '30 days'
      from generate_series(0, ${count - 1}) g`);
    await db.execute(sql`
      insert into booking_services (booking_id, direction, service_date, service_id, from_station_id, to_station_id)
      select b.id, 'down', ${today}::date + (${dayOffset})::int, ${down}, 1, 4
      from bookings b, lateral (select b.booking_id::int - ${first}::int as g) n
      where length(b.booking_id) = 9 and b.booking_id between ${String(first)} and ${String(first + count - 1)}`);
  };
  const payments = async (first: number, count: number, status: string, method: string, due: ReturnType<typeof sql> | null) => {
    if (count === 0) return;
    await db.execute(sql`
      insert into payments (booking_id, kind, status, payment_method, total_amount_e6, due_date, normal_due_date)
      select b.id, 'FARE', ${status}, ${method}, b.total_amount_e6, ${due === null ? sql`null::date` : sql`${today}::date + (${due})::int`}, ${due === null ? sql`null::date` : sql`${today}::date + (${due})::int`}
      from bookings b, lateral (select b.booking_id::int - ${first}::int as g) n
      where length(b.booking_id) = 9 and b.booking_id between ${String(first)} and ${String(first + count - 1)}`);
  };

  // payments.remind: due in 1–20 days (the demo schedule reminds 21 days before), travelling 22–36 days out.
  await bookings(910_000_000, sizes.remind, free, 'RESERVED', sql`22 + n.g % 15`);
  await payments(910_000_000, sizes.remind, 'PAYMENT_PENDING', 'ONLINE_CREDIT_CARD', sql`1 + n.g % 20`);
  // payments.mark-overdue: due 1–14 days ago.
  await bookings(920_000_000, sizes.overdue, free, 'RESERVED', sql`40 + n.g % 15`);
  await payments(920_000_000, sizes.overdue, 'PAYMENT_PENDING', 'ONLINE_CREDIT_CARD', sql`-1 - n.g % 14`);
  // settlements.monthly-billing: the monthly (special contracted) agent's billing day made today, its groups travelled in the last 25 days.
  const day = Number(today.slice(8, 10));
  // Any day of the month (a day past the month's end would bill on its last day, domain billingDayIn).
  const terms = { billingDay: day, billingDayEndOfMonth: false };
  const billable = isBillingDay(today, terms);
  if (billable) await db.execute(sql`update agents set billing_day = ${terms.billingDay}, billing_day_end_of_month = ${terms.billingDayEndOfMonth} where id = ${monthly.id}`);
  await bookings(930_000_000, billable ? sizes.billing : 0, monthly, 'RESERVED', sql`-1 - n.g % 25`);
  await payments(930_000_000, billable ? sizes.billing : 0, 'INVOICE_PENDING', 'MONTHLY', null);
  // bookings.remind-answer-due: a term travelling 30–44 days out whose answer date is today, its requests unanswered.
  await db.execute(sql`
    insert into special_contract_terms (service_from_date, service_to_date, name, submission_deadline, answer_date)
    values (${today}::date + 30, ${today}::date + 44, 'ベンチ特約期間', ${today}::date - 5, ${today}::date)`);
  await bookings(940_000_000, sizes.answerDue, free, 'SUBMITTED', sql`30 + n.g % 15`);
  // payments.reconcile: card checkouts the gateway never heard of, opened an hour ago (the sweep asks, and marks them EXPIRED).
  await bookings(950_000_000, sizes.reconcile, free, 'RESERVED', sql`50`);
  await payments(950_000_000, sizes.reconcile, 'PAYMENT_PENDING', 'ONLINE_CREDIT_CARD', sql`30`);
  await db.execute(sql`
    insert into payment_attempts (payment_id, gateway, amount_e6, idempotency_key, status, gateway_ref, started_by, created_at)
    select p.id, 'sandbox', p.total_amount_e6, 'job-bench-' || p.id, 'PENDING', 'cs_job_bench_' || p.id, 'bench', now() - interval '1 hour'
    from payments p join bookings b on b.id = p.booking_id where length(b.booking_id) = 9 and b.booking_id between '950000000' and ${String(950_000_000 + sizes.reconcile - 1)}`);
  // mail.sweep: mails waiting for their first attempt.
  await db.execute(sql`
    insert into outbox_mails (kind, to_address, subject, body_text, next_attempt_at)
    select 'PAYMENT_REMINDER', 'bench-' || g || '@example.com', ${BENCH_MAIL_SUBJECT} || ' ' || g, repeat('本文の行です。', 40), now()
    from generate_series(1, ${sizes.mails}) g`);
  await db.execute(sql`analyze`);

  const count = async (query: ReturnType<typeof sql>) => (await one<{ n: number }>(db, query)).n;
  return {
    release_train_days: await count(sql`
      select count(*)::int as n from service_day_inventories i join group_schedules gs on i.service_date between gs.service_from_date and gs.service_to_date
      where i.service_date >= ${today}::date and i.service_date - gs.group_arrangement_release_day_before <= ${today}::date`),
    remind_payments: sizes.remind,
    overdue_payments: sizes.overdue,
    billing_payments: billable ? sizes.billing : 0,
    answer_due_bookings: sizes.answerDue,
    reconcile_checkouts: sizes.reconcile,
    pending_mails: await count(sql`select count(*)::int as n from outbox_mails where status = 'PENDING'`),
  };
}

/**
 * Dates the timed work from now, just before a server starts on a copy of the data: the bench's
 * mails fall due `mailSeconds` from now, and the checkouts pass the reconcile wait
 * `checkoutSeconds` from now, each just before the bench runs its job, so that the scheduled runs
 * (every minute, every 5 minutes) do not take the work first (the demo's own pending mails go out
 * at the server's start).
 */
export async function timeWork(db: Db, due: { mailSeconds: number; checkoutSeconds: number; reconcileMinutes: number }): Promise<void> {
  await db.execute(sql`update outbox_mails set next_attempt_at = now() + make_interval(secs => ${due.mailSeconds}) where status = 'PENDING' and subject like ${`${BENCH_MAIL_SUBJECT}%`}`);
  await db.execute(sql`
    update payment_attempts set created_at = now() - make_interval(mins => ${due.reconcileMinutes}) + make_interval(secs => ${due.checkoutSeconds})
    where status = 'PENDING' and started_by = 'bench'`);
}
