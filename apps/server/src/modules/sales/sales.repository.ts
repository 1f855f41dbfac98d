/**
 * The sales sums (DESIGN §6 "Sales"): one statement over the bookings whose first service date
 * falls in the period. Each payment adds its part of its booking's figures (booking-money-sql.ts,
 * the SQL of payment-ledger.ts bookingMoney): billed split into fare, discrepancy (extra charges
 * less price refunds) and cancellation fee, received and refunded; then grouped per day, train,
 * segment, agent and payment method. So a booking counts exactly what it costs now: a cancelled
 * one its fee only, an unconfirmed one (its fare INITED) nothing.
 *
 * By payment method, each payment's part counts under its own method: a cancelled booking's fee
 * under the fee's (the fare's method, settleCancellation), a refund record under its own (its
 * parent's: money goes back the way it came), money received or refunded under the method of the
 * payment that holds it. So the method rows add up to the totals too.
 *
 * A booking is counted (bookings, people) when something of it is: a charge its billed figure
 * counts, or money received or refunded. Reads through booking_services_day_idx (service date
 * range), then primary keys, payments_booking_idx and payment_transactions_payment_idx: no table
 * scan whatever the size of the bookings table.
 */
import { sql } from 'drizzle-orm';
import { readAll, rowsOf, type Executor } from '../../db/client.ts';
import { paymentMoney } from './booking-money-sql.ts';

export type SalesDimension = 'total' | 'day' | 'train' | 'segment' | 'agent' | 'method';

/** One row of sums; amounts are numeric sums read as text (safeE6 reads them back). */
export interface SalesRow {
  dimension: SalesDimension;
  service_date: string | null;
  service_id: number | null;
  from_station_id: number | null;
  to_station_id: number | null;
  agent_id: number | null;
  payment_method: string | null;
  fare: string;
  discrepancy: string;
  cancellation_fee: string;
  received: string;
  refunded: string;
  bookings: number;
  people: number;
}

const SUMS = sql`coalesce(sum(fare), 0)::text as fare, coalesce(sum(discrepancy), 0)::text as discrepancy, coalesce(sum(fee), 0)::text as cancellation_fee,
  coalesce(sum(received), 0)::text as received, coalesce(sum(refunded), 0)::text as refunded, count(*)::int as bookings, coalesce(sum(people), 0)::int as people`;

/** The summed rows of every breakdown (dimension 'total' is the one row over the whole period). */
export async function salesRows(tx: Executor, fromDate: string, toDate: string): Promise<SalesRow[]> {
  return rowsOf<SalesRow>(await tx.execute(sql`
    with touched as (
      select distinct booking_id from booking_services where service_date between ${fromDate}::date and ${toDate}::date
    ), first_leg as (
      -- A booking counts on its first service (earliest date, the down train before the up one).
      select distinct on (bs.booking_id) bs.booking_id, bs.service_date, bs.service_id, bs.from_station_id, bs.to_station_id
      from booking_services bs join touched using (booking_id)
      order by bs.booking_id, bs.service_date, bs.direction
    ), per_method as (
      select f.booking_id, f.service_date, f.service_id, f.from_station_id, f.to_station_id, b.agent_id,
             case when b.status = 'CANCELLED' then 0 else b.participant_quantity end as people,
             p.payment_method,
             sum(pm.fare_e6) as fare, sum(pm.discrepancy_e6) as discrepancy, sum(pm.fee_e6) as fee,
             sum(pm.received_e6) as received, sum(pm.refunded_e6) as refunded,
             bool_or(pm.charged or pm.billed_e6 <> 0 or pm.received_e6 <> 0 or pm.refunded_e6 <> 0) as counted
      from first_leg f
      join bookings b on b.id = f.booking_id
      join payments p on p.booking_id = b.id
      ${paymentMoney}
      where f.service_date between ${fromDate}::date and ${toDate}::date
      group by f.booking_id, f.service_date, f.service_id, f.from_station_id, f.to_station_id, b.agent_id, b.status, b.participant_quantity, p.payment_method
    ), per_booking as (
      select booking_id, service_date, service_id, from_station_id, to_station_id, agent_id, people,
             sum(fare) as fare, sum(discrepancy) as discrepancy, sum(fee) as fee, sum(received) as received, sum(refunded) as refunded
      from per_method
      where counted
      group by booking_id, service_date, service_id, from_station_id, to_station_id, agent_id, people
    ), counted_methods as (
      select * from per_method where counted
    )
    select 'total' as dimension, null::text as service_date, null::int as service_id, null::int as from_station_id, null::int as to_station_id, null::int as agent_id, null::text as payment_method, ${SUMS}
    from per_booking
    union all
    select 'day', service_date::text, null, null, null, null, null, ${SUMS} from per_booking group by service_date
    union all
    select 'train', null, service_id, null, null, null, null, ${SUMS} from per_booking group by service_id
    union all
    select 'segment', null, null, from_station_id, to_station_id, null, null, ${SUMS} from per_booking group by from_station_id, to_station_id
    union all
    select 'agent', null, null, null, null, agent_id, null, ${SUMS} from per_booking group by agent_id
    union all
    select 'method', null, null, null, null, null, payment_method, ${SUMS} from counted_methods group by payment_method
  `));
}

export interface Labelled {
  id: number;
  labels: { language_id: string; text: string }[];
}

/** The names the breakdowns show: trains, stations and agents by id. */
export async function salesNames(tx: Executor, ids: { services: number[]; stations: number[]; agents: number[] }) {
  const intArray = (values: number[]) => sql`${`{${values.join(',')}}`}::int[]`;
  const [services, stations, agents] = await readAll<[unknown, unknown, unknown]>(tx, [
    () => tx.execute(sql`select id, names as labels from services where id = any(${intArray(ids.services)})`),
    () => tx.execute(sql`select station_id as id, labels from stations where station_id = any(${intArray(ids.stations)})`),
    () => tx.execute(sql`select id, name_ja as name, name_en, agent_type from agents where id = any(${intArray(ids.agents)})`),
  ]);
  return {
    services: rowsOf<Labelled>(services),
    stations: rowsOf<Labelled>(stations),
    agents: rowsOf<{ id: number; name: string; name_en: string; agent_type: string }>(agents),
  };
}
