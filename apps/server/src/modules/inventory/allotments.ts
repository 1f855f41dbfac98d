/**
 * Holding and releasing allotments: the no-overbooking rule of DESIGN §4.
 *
 * A hold is one statement: it locks the counter rows it needs in one fixed order (service day,
 * train, arrangement type, leg: the same order for every caller, so holds never deadlock),
 * checks that every leg of every type has room, and only then adds to `held`: all legs and types
 * or nothing. The conditional `capacity - held >= n` on the UPDATE and the CHECK
 * (0 <= held <= capacity) on the counter row stand behind that check.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { beginHoldSavepoint, holdCounters, releaseCounters, releaseHoldSavepoint, rollBackHoldSavepoint } from './allotments.repository.ts';
import { assertSeatable, type SeatDemand } from './seatability.ts';
import type { SeatTypes } from './seatability.repository.ts';

export interface AllotmentRequest {
  serviceDate: string;
  serviceId: number;
  arrangementTypeId: number;
  legs: readonly number[];
  quantity: number;
}

export interface DirectionHold {
  serviceDate: string;
  serviceId: number;
  legs: readonly number[];
  /** Seats per arrangement type; zero quantities are left out. */
  items: readonly { arrangementTypeId: number; quantity: number }[];
  /**
   * The booking direction's record of the hold, built by its owner (booking-core's
   * heldDirectionSql) and run in the same statement when `done`, the hold's verdict, is true.
   */
  record?: (done: SQL) => SQL;
  /**
   * What the booking will hold on this train in seats once this hold is done, and the seat
   * types: where the train-day has fixed seats, the hold is accepted only when every held
   * booking can still be seated (SEATS_FRAGMENTED otherwise). Null for holds that need no seat.
   */
  seats: { demand: SeatDemand; types: SeatTypes } | null;
}

/**
 * Holds every item on every leg of one train, or nothing. Throws NOT_ENOUGH_SEATS naming the
 * first short leg, SERVICE_SUSPENDED or SALES_ON_HOLD for a train that takes no holds that day,
 * SEATS_FRAGMENTED when fixed seats leave some held booking without a seat on all its legs.
 * On a train-day without fixed seats this is one statement; with them, the statement declines,
 * the seatability check runs under the train-day lock, and the statement runs again.
 */
export async function holdAllotments(tx: Executor, hold: DirectionHold): Promise<void> {
  const items = hold.items.filter((i) => i.quantity > 0);
  if (items.length === 0 || hold.legs.length === 0) return;
  // The first statement runs in a savepoint: when it declines for the seat check, rolling back
  // to the savepoint lets go of the counter rows it locked, so the check takes the train-day lock
  // holding no counter row, in the order a fixing of seats takes them (train-day lock, then
  // counters): holding the rows while waiting for that lock would deadlock against a fixing.
  if (hold.seats === null) {
    await holdStatement(tx, hold, items, true);
    return;
  }
  await beginHoldSavepoint(tx);
  const first = await holdStatement(tx, hold, items, false);
  if (first !== 'CHECK_SEATS') {
    await releaseHoldSavepoint(tx);
    return;
  }
  await rollBackHoldSavepoint(tx);
  await assertSeatable(tx, { serviceDate: hold.serviceDate, serviceId: hold.serviceId }, hold.seats.types, hold.seats.demand);
  await holdStatement(tx, hold, items, true);
}

async function holdStatement(tx: Executor, hold: DirectionHold, items: DirectionHold['items'], seatsChecked: boolean): Promise<'DONE' | 'CHECK_SEATS'> {
  const expected = items.length * hold.legs.length;
  const row = await holdCounters(tx, hold, items, seatsChecked);
  if (row?.day_status === 'suspended') throw new AppError('SERVICE_SUSPENDED', 'the train is suspended on that day');
  if (row?.day_status === 'pending') throw new AppError('SALES_ON_HOLD', 'sales of the train are on hold on that day');
  if (!row?.ok) {
    const leg = row?.short_leg ?? [...hold.legs].sort((a, b) => a - b)[0];
    throw new AppError('NOT_ENOUGH_SEATS', `not enough seats left on leg ${leg} of train ${hold.serviceId} on ${hold.serviceDate}`);
  }
  if (row.check_seats) return 'CHECK_SEATS';
  // Every row was locked and checked first, so this cannot happen; if it ever does, the whole transaction rolls back.
  if (row.updated !== expected) throw new Error(`hold of ${expected} counters updated ${row.updated}`);
  return 'DONE';
}

/** Holds `quantity` seats of one type on every leg, or nothing (throws NOT_ENOUGH_SEATS). */
export async function holdAllotment(tx: Tx, request: AllotmentRequest): Promise<void> {
  if (request.quantity <= 0) return;
  await holdAllotments(tx, { serviceDate: request.serviceDate, serviceId: request.serviceId, legs: request.legs, items: [{ arrangementTypeId: request.arrangementTypeId, quantity: request.quantity }], seats: null });
}

/**
 * Returns held seats of any number of trains and types in one statement, locking in the same
 * order as holds. Releasing more than is held is a bug: it fails and the transaction rolls back.
 */
export async function releaseAllotments(tx: Executor, requests: readonly AllotmentRequest[]): Promise<void> {
  const rows = requests
    .filter((r) => r.quantity > 0)
    .flatMap((r) => r.legs.map((leg) => ({ service_date: r.serviceDate, service_id: r.serviceId, arrangement_type_id: r.arrangementTypeId, leg, qty: r.quantity })));
  if (rows.length === 0) return;
  const row = await releaseCounters(tx, rows);
  if (row?.updated !== rows.length) {
    throw new AppError('CONFLICT', `cannot release the held seats: ${rows.length - (row?.updated ?? 0)} of ${rows.length} counters hold fewer than the booking`);
  }
}

/** Returns held seats of one type on every leg; releasing more than is held fails. */
export async function releaseAllotment(tx: Tx, request: AllotmentRequest): Promise<void> {
  await releaseAllotments(tx, [request]);
}

/** Sets the lock wait of the current transaction: a hold that cannot get a counter soon fails instead of piling up. */
export const LOCK_TIMEOUT_SQL = sql`set_config('lock_timeout', '5s', true)`;

/** The arrangement type that holds group allotments (the first marked one), as a scalar subquery. */
export const GROUP_TYPE_ID_SQL = sql`(select arrangement_type_id from arrangement_types where is_group_allotment order by display_order, arrangement_type_id limit 1)`;

/** Seats of a type free on every leg from firstLeg to lastLeg (0 when a leg has no counter), as a scalar subquery. */
export function vacantOnLegsSql(serviceDate: SQL, serviceId: SQL, arrangementTypeId: SQL, firstLeg: SQL, lastLeg: SQL): SQL {
  return sql`(select case when count(*) = ${lastLeg} - ${firstLeg} + 1 then min(c.capacity - c.held) else 0 end
              from inventory_counters c
              where c.service_date = ${serviceDate} and c.service_id = ${serviceId}
                and c.arrangement_type_id = ${arrangementTypeId} and c.leg between ${firstLeg} and ${lastLeg})`;
}

/** The smallest capacity over a segment's legs of one arrangement type (0 when a leg has no counter): what the train can carry at all. */
export function capacityOnLegsSql(serviceDate: SQL, serviceId: SQL, arrangementTypeId: SQL, firstLeg: SQL, lastLeg: SQL): SQL {
  return sql`(select case when count(*) = ${lastLeg} - ${firstLeg} + 1 then min(c.capacity) else 0 end
              from inventory_counters c
              where c.service_date = ${serviceDate} and c.service_id = ${serviceId}
                and c.arrangement_type_id = ${arrangementTypeId} and c.leg between ${firstLeg} and ${lastLeg})`;
}
