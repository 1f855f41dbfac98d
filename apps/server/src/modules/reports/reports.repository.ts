/**
 * The rows of each CSV report as one ordered SELECT per kind, from the row after `after` (its
 * keyset; null from the start) and, with `limit`, one page long. On PostgreSQL the service reads
 * the whole SELECT through a cursor; on PGlite one keyset page at a time (no OFFSET, so the cost
 * per page stays flat whatever the period). Amounts (yen×10⁶, bigint or numeric sums) and dates
 * are read as text, so both drivers hand back the same JavaScript values; the service reads the
 * amounts back through safeE6, which refuses one past 2⁵³ rather than lose a yen.
 *
 * Money per booking or payment is bookingMoney's (payment-ledger.ts), through the SQL the sales
 * summary sums too (sales/booking-money-sql.ts): billed, received, refunded and the balance agree
 * yen for yen with the booking page, its payments and the sales screen.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { CsvLanguage } from '@sagano/domain/reports/report-schemas';
import { OPERATOR_ZONE_SQL } from '../../db/business-time-sql.ts';
import { rowsOf, type Executor } from '../../db/client.ts';
import { paymentMoney } from '../sales/index.ts';

/** One report's SELECT: ordered by its key, rows after `after`, at most `limit` of them when given. */
export type ReportSelect<Row> = (period: Period, lang: CsvLanguage, after: Row | null, limit?: number) => SQL;

/** One keyset page of a report: its SELECT (with `after` and `limit`) as one statement. */
export async function readReportPage<Row>(db: Executor, select: SQL): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(select));
}

const limitTo = (limit: number | undefined) => (limit === undefined ? sql`` : sql`limit ${limit}`);

export interface Period {
  from: string;
  to: string;
}

/** Bookings still meant to travel (not refused or cancelled). */
const ACTIVE = sql`b.status not in ('CANCELLED', 'NOT_RESERVED')`;
/** Confirmed reservations (booking-state.ts CONFIRMED). */
const CONFIRMED = sql`b.status in ('RESERVED', 'MODIFIED', 'NOT_MODIFIED')`;

const trainName = (names: SQL, lang: CsvLanguage) =>
  sql`coalesce((select l->>'text' from jsonb_array_elements(${names}) l where l->>'language_id' = ${lang} limit 1), (select l->>'text' from jsonb_array_elements(${names}) l limit 1), '')`;
const agentName = (lang: CsvLanguage) => (lang === 'en' ? sql`coalesce(nullif(a.name_en, ''), a.name_ja)` : sql`a.name_ja`);
const branchName = (lang: CsvLanguage) => (lang === 'en' ? sql`coalesce(nullif(g.name_en, ''), g.name_ja)` : sql`g.name_ja`);
/** The booking's service date: its first direction's day. */
const FIRST_DAY = sql`(select min(s.service_date) from booking_services s where s.booking_id = b.id)`;

export interface BookingRow {
  id: number;
  booking_id: string;
  submitted_at: string;
  service_date: string;
  agent_id: number;
  agent_name: string;
  branch_name: string;
  group_name: string;
  group_type: string;
  status: string;
  participant_quantity: number;
  down_train: string | null;
  up_train: string | null;
  total_e6: string;
  cancellation_fee_e6: string;
  payment_method: string | null;
  payment_status: string | null;
  /** The booking's figures (bookingMoney): billed, received, refunded (≥ 0; the CSV writes it negative). */
  billed_e6: string;
  received_e6: string;
  refunded_e6: string;
}

/** The bookings SELECT; the benchmark hands it, without `after` and `limit`, to COPY as it is. */
export const bookingsSelect: ReportSelect<BookingRow> = (period, lang, after, limit) => sql`
    select b.id, b.booking_id, to_char(b.submitted_at at time zone ${OPERATOR_ZONE_SQL}, 'YYYY-MM-DD HH24:MI') as submitted_at,
      fd.day::text as service_date, b.agent_id, ${agentName(lang)} as agent_name, ${branchName(lang)} as branch_name,
      b.group_name, b.group_type, b.status, b.participant_quantity,
      (select ${trainName(sql`sv.names`, lang)} from booking_services d join services sv on sv.id = d.service_id where d.booking_id = b.id and d.direction = 'down') as down_train,
      (select ${trainName(sql`sv.names`, lang)} from booking_services d join services sv on sv.id = d.service_id where d.booking_id = b.id and d.direction = 'up') as up_train,
      b.total_amount_e6::text as total_e6, coalesce(b.cancellation_fee_e6, 0)::text as cancellation_fee_e6,
      fp.payment_method, fp.status as payment_status,
      bm.billed_e6, bm.received_e6, bm.refunded_e6
    from bookings b
    cross join lateral (select ${FIRST_DAY} as day) fd
    join agents a on a.id = b.agent_id
    join agent_groups g on g.id = b.agent_sub_group_id
    left join lateral (select p.payment_method, p.status from payments p where p.booking_id = b.id and p.kind = 'FARE' order by p.id limit 1) fp on true
    cross join lateral (
      select coalesce(sum(pm.billed_e6), 0)::text as billed_e6, coalesce(sum(pm.received_e6), 0)::text as received_e6, coalesce(sum(pm.refunded_e6), 0)::text as refunded_e6
      from payments p ${paymentMoney}
      where p.booking_id = b.id
    ) bm
    where b.id > ${after?.id ?? 0} and fd.day between ${period.from} and ${period.to}
    order by b.id
    ${limitTo(limit)}`;

export interface SalesRow {
  id: number;
  booking_id: string;
  service_date: string;
  agent_id: number;
  agent_name: string;
  branch_name: string;
  kind: string;
  direction: string | null;
  refund_reason: string | null;
  payment_method: string;
  status: string;
  total_e6: string;
  /** What this payment adds to its booking's figures (booking-money-sql.ts); summed over a booking's rows, bookingMoney's. */
  billed_e6: string;
  received_e6: string;
  netted_e6: string;
  refunded_e6: string;
  due_date: string | null;
  confirmed_at: string | null;
}

/**
 * Every payment (fare, cancellation fee, extra charge, refund record) of the bookings travelling
 * in the period, with what it adds to its booking's billed, received and refunded figures: a
 * refund record's money is refunded (never received), a cancelled booking's fare bills nothing.
 */
export const salesSelect: ReportSelect<SalesRow> = (period, lang, after, limit) => {
  return sql`
      select p.id, b.booking_id, fd.day::text as service_date, b.agent_id, ${agentName(lang)} as agent_name, ${branchName(lang)} as branch_name,
        p.kind, p.direction, p.refund_reason, p.payment_method, p.status, p.total_amount_e6::text as total_e6,
        pm.billed_e6::text as billed_e6, pm.received_e6::text as received_e6, pm.netted_e6::text as netted_e6, pm.refunded_e6::text as refunded_e6,
        p.due_date::text as due_date, to_char(p.confirmed_at at time zone ${OPERATOR_ZONE_SQL}, 'YYYY-MM-DD HH24:MI') as confirmed_at
      from payments p
      join bookings b on b.id = p.booking_id
      ${paymentMoney}
      cross join lateral (select ${FIRST_DAY} as day) fd
      join agents a on a.id = b.agent_id
      join agent_groups g on g.id = b.agent_sub_group_id
      where p.id > ${after?.id ?? 0} and fd.day between ${period.from} and ${period.to}
      order by p.id
      ${limitTo(limit)}`;
};

export interface TrainDayRow {
  service_date: string;
  service_id: number;
  train: string;
  direction: string;
  capacity: number;
  held: number;
  bookings: number;
  people: number;
  confirmed_bookings: number;
  confirmed_people: number;
}

/**
 * Per train and day whose inventory is built: capacity and seats held (the busiest leg, all
 * arrangement types together), and the bookings riding it.
 */
export const trainDaysSelect: ReportSelect<TrainDayRow> = (period, lang, after, limit) => {
  const afterDay = after?.service_date ?? '0001-01-01';
  const afterService = after?.service_id ?? 0;
  return sql`
      select i.service_date::text as service_date, i.service_id, ${trainName(sql`sv.names`, lang)} as train, sv.direction,
        coalesce(c.capacity, 0)::int as capacity, coalesce(c.held, 0)::int as held,
        coalesce(bk.bookings, 0)::int as bookings, coalesce(bk.people, 0)::int as people,
        coalesce(bk.confirmed_bookings, 0)::int as confirmed_bookings, coalesce(bk.confirmed_people, 0)::int as confirmed_people
      from service_day_inventories i
      join services sv on sv.id = i.service_id
      left join lateral (
        select max(l.capacity) as capacity, max(l.held) as held from (
          select sum(ic.capacity) as capacity, sum(ic.held) as held from inventory_counters ic
          where ic.service_date = i.service_date and ic.service_id = i.service_id group by ic.leg) l
      ) c on true
      left join lateral (
        select count(*) filter (where ${ACTIVE}) as bookings, sum(b.participant_quantity) filter (where ${ACTIVE}) as people,
          count(*) filter (where ${CONFIRMED}) as confirmed_bookings, sum(b.participant_quantity) filter (where ${CONFIRMED}) as confirmed_people
        from booking_services bs join bookings b on b.id = bs.booking_id
        where bs.service_date = i.service_date and bs.service_id = i.service_id
      ) bk on true
      where i.service_date between ${period.from} and ${period.to} and (i.service_date, i.service_id) > (${afterDay}::date, ${afterService})
      order by i.service_date, i.service_id
      ${limitTo(limit)}`;
};

export interface CardTransactionRow {
  id: number;
  occurred_on: string;
  kind: string;
  amount_e6: string;
  reference: string | null;
  booking_id: string;
  service_date: string | null;
  agent_id: number;
  agent_name: string;
  branch_name: string;
  payment_kind: string;
  payment_method: string;
}

/** Card money in the period: captures and refunds (negative) of card payments, by the day they happened. */
export const cardTransactionsSelect: ReportSelect<CardTransactionRow> = (period, lang, after, limit) => {
  return sql`
      select t.id, t.occurred_on::text as occurred_on, t.kind, t.amount_e6::text as amount_e6, t.reference,
        b.booking_id, fd.day::text as service_date, b.agent_id, ${agentName(lang)} as agent_name, ${branchName(lang)} as branch_name,
        p.kind as payment_kind, p.payment_method
      from payment_transactions t
      join payments p on p.id = t.payment_id
      join bookings b on b.id = p.booking_id
      cross join lateral (select ${FIRST_DAY} as day) fd
      join agents a on a.id = b.agent_id
      join agent_groups g on g.id = b.agent_sub_group_id
      where t.id > ${after?.id ?? 0} and t.occurred_on between ${period.from} and ${period.to}
        and (t.kind = 'CARD_CAPTURE' or (t.kind = 'REFUND' and p.payment_method in ('ONLINE_CREDIT_CARD', 'OFFLINE_CREDIT_CARD')))
      order by t.id
      ${limitTo(limit)}`;
};

export interface SummaryRow {
  service_date: string;
  service_id: number;
  train: string;
  direction: string;
  bookings: number;
  people: number;
  amount_e6: string;
}

/**
 * Per day and train, the active bookings riding it and their people; a booking's amount counts
 * once, on its first direction's train ('down' before 'up'), so the column adds up to the total.
 */
export const summarySelect: ReportSelect<SummaryRow> = (period, lang, after, limit) => {
  const afterDay = after?.service_date ?? '0001-01-01';
  const afterService = after?.service_id ?? 0;
  return sql`
      select d.service_date::text as service_date, d.service_id, ${trainName(sql`sv.names`, lang)} as train, sv.direction,
        d.bookings::int as bookings, d.people::int as people, d.amount_e6::text as amount_e6
      from (
        select bs.service_date, bs.service_id, count(*) as bookings, sum(b.participant_quantity) as people,
          sum(case when bs.direction = (select min(f.direction) from booking_services f where f.booking_id = b.id) then b.total_amount_e6 else 0 end) as amount_e6
        from booking_services bs join bookings b on b.id = bs.booking_id
        where bs.service_date between ${period.from} and ${period.to} and ${ACTIVE}
          and (bs.service_date, bs.service_id) > (${afterDay}::date, ${afterService})
        group by bs.service_date, bs.service_id
        order by bs.service_date, bs.service_id
        ${limitTo(limit)}
      ) d
      join services sv on sv.id = d.service_id
      order by d.service_date, d.service_id`;
};
