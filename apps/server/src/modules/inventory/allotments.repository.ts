/**
 * The statements of holding and releasing allotments (allotments.ts says when each runs and what
 * its answer means): the hold's savepoint, the one-statement hold over the counters of a train,
 * and the one-statement release over any number of trains, each locking counters in the same order.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { sendAhead } from '../../db/pipelined-transaction.ts';
import { executePrepared } from '../../db/prepared.ts';

/** A hold on one train, as the hold statement reads it (allotments.ts DirectionHold). */
interface CounterHold {
  serviceDate: string;
  serviceId: number;
  legs: readonly number[];
  record?: (done: SQL) => SQL;
}

/** The hold statement's verdict: the train-day's status, whether every leg had room, whether the seats need checking first. */
export interface HoldVerdict {
  day_status: string | null;
  ok: boolean;
  check_seats: boolean;
  updated: number;
  short_leg: number | null;
}

/** One counter row a release returns seats to. */
export interface CounterRelease {
  service_date: string;
  service_id: number;
  arrangement_type_id: number;
  leg: number;
  qty: number;
}

function legList(legs: readonly number[]) {
  return sql.join(
    [...legs].map((l) => sql`${Math.trunc(l)}`),
    sql`, `,
  );
}

/** Opens the savepoint the hold's first statement runs in (sent with that statement where the transaction pipelines). */
export async function beginHoldSavepoint(tx: Executor): Promise<void> {
  await sendAhead(tx, sql`savepoint hold_allotments`);
}

/** Keeps what ran since the hold's savepoint (sent with the transaction's next statement where it pipelines). */
export async function releaseHoldSavepoint(tx: Executor): Promise<void> {
  await sendAhead(tx, sql`release savepoint hold_allotments`);
}

/** Undoes what ran since the hold's savepoint (its counter locks go with it) and closes it. */
export async function rollBackHoldSavepoint(tx: Executor): Promise<void> {
  await tx.execute(sql`rollback to savepoint hold_allotments`);
  await tx.execute(sql`release savepoint hold_allotments`);
}

/**
 * Locks the counters of every item on every leg (arrangement type, leg order), checks them all,
 * and adds the items to `held` only when all have room (and, unless `seatsChecked`, no seat on
 * the train-day is fixed); runs the hold's record in the same statement.
 */
export async function holdCounters(tx: Executor, hold: CounterHold, items: readonly { arrangementTypeId: number; quantity: number }[], seatsChecked: boolean): Promise<HoldVerdict | undefined> {
  const expected = items.length * hold.legs.length;
  const wanted = JSON.stringify(items.map((i) => ({ arrangement_type_id: i.arrangementTypeId, qty: i.quantity })));
  const [row] = rowsOf<HoldVerdict>(
    await executePrepared(tx, sql`
      with want as (
        select * from json_to_recordset(${wanted}::json) as w(arrangement_type_id int, qty int)
      ), day as (
        select (select status from service_day_statuses where service_date = ${hold.serviceDate} and service_id = ${hold.serviceId}) as status
      ), locked as (
        select c.arrangement_type_id, c.leg, c.capacity, c.held, c.seats_fixed, w.qty
        from inventory_counters c join want w on w.arrangement_type_id = c.arrangement_type_id
        where c.service_date = ${hold.serviceDate} and c.service_id = ${hold.serviceId} and c.leg in (${legList(hold.legs)})
          and (select status from day) is null
        order by c.arrangement_type_id, c.leg
        for update of c
      ), verdict as (
        select count(*) = ${expected} and coalesce(bool_and(capacity - held >= qty), false) as ok,
               min(leg) filter (where capacity - held < qty) as short_leg,
               ${seatsChecked ? sql`false` : sql`coalesce(bool_or(seats_fixed), false) or exists (
                 select 1 from seat_assignments a where a.service_date = ${hold.serviceDate} and a.service_id = ${hold.serviceId} and a.fixed)`} as check_seats
        from locked
      ), updated as (
        update inventory_counters c set held = c.held + l.qty
        from locked l, verdict v
        where v.ok and not v.check_seats and c.service_date = ${hold.serviceDate} and c.service_id = ${hold.serviceId}
          and c.arrangement_type_id = l.arrangement_type_id and c.leg = l.leg and c.capacity - c.held >= l.qty
        returning 1
      ), booking_service as (
        ${hold.record ? hold.record(sql`(select ok and not check_seats from verdict)`) : sql`select 1`}
      )
      select (select status from day) as day_status, v.ok, v.check_seats, (select count(*)::int from updated) as updated, v.short_leg
      from verdict v`),
  );
  return row;
}

/** Locks the counters (service day, train, type, leg order) and takes `qty` off each `held` that holds as many. */
export async function releaseCounters(tx: Executor, rows: readonly CounterRelease[]): Promise<{ locked: number; updated: number } | undefined> {
  const [row] = rowsOf<{ locked: number; updated: number }>(
    await executePrepared(tx, sql`
      with want as (
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as w(service_date date, service_id int, arrangement_type_id int, leg int, qty int)
      ), locked as (
        select c.service_date, c.service_id, c.arrangement_type_id, c.leg, w.qty
        from inventory_counters c
        join want w on w.service_date = c.service_date and w.service_id = c.service_id and w.arrangement_type_id = c.arrangement_type_id and w.leg = c.leg
        order by c.service_date, c.service_id, c.arrangement_type_id, c.leg
        for update of c
      ), updated as (
        update inventory_counters c set held = c.held - l.qty
        from locked l
        where c.service_date = l.service_date and c.service_id = l.service_id and c.arrangement_type_id = l.arrangement_type_id
          and c.leg = l.leg and c.held >= l.qty
        returning 1
      )
      select (select count(*)::int from locked) as locked, (select count(*)::int from updated) as updated`),
  );
  return row;
}
