/**
 * Reads and writes of seat assignments (DESIGN §4): the drawn train as one booking sees it on
 * its legs, and the booking's seats. The exclusion constraint seat_assignments_no_overlap is the
 * last word: two bookings never hold one seat on overlapping legs, whatever the code does.
 */
import { eq, sql } from 'drizzle-orm';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { Executor } from '../../db/client.ts';
import { jsonParam, rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { seatTypeJoinsSql, seatTypeSql, type SeatTypes } from '../inventory/index.ts';

export interface MapSeat {
  seat_id: string;
  seat_group_id: string | null;
  logical_car_id: number;
  car_number: number;
  row: number;
  letter: string;
  is_wheelchair: boolean;
  labels: LocalizedLabel[];
  /** 0 when the seat is not on sale that day (no pattern built). */
  arrangement_type_id: number;
  /** Another booking holding the seat on an overlapping leg. */
  taken_by: string | null;
  mine: boolean;
  need_slope: boolean;
}

export interface MapCar {
  logical_car_id: number;
  physical_car_id: string;
  car_number: number;
  name: LocalizedLabel[];
  is_rich: boolean;
  standing_capacity: number;
}

export interface TrainDay {
  serviceDate: string;
  serviceId: number;
  firstLeg: number;
  lastLeg: number;
}

const legRange = (d: TrainDay) => sql`int4range(${d.firstLeg}::int, ${d.lastLeg + 1}::int)`;

/** The train's cars, in train order. */
export async function carsOf(db: Executor, serviceId: number): Promise<MapCar[]> {
  return rowsOf<MapCar>(
    await db.execute(sql`
      select c.logical_car_id, c.physical_car_id, c.car_number, c.name, c.is_rich, c.standing_capacity
      from services sv join cars c on c.train_id = sv.logical_train_id
      where sv.id = ${serviceId}
      order by c.car_number`),
  );
}

/** Every seat of the train that day: its type, who else holds it on the booking's legs, whether it is the booking's. */
export async function seatsOf(db: Executor, day: TrainDay, bookingId: string): Promise<MapSeat[]> {
  return rowsOf<MapSeat>(
    await db.execute(sql`
      select s.seat_id, s.seat_group_id, s.logical_car_id, c.car_number, s.row, s.letter, s.is_wheelchair, s.labels,
             ${seatTypeSql} as arrangement_type_id,
             (select a.booking_id from seat_assignments a
               where a.service_date = ${day.serviceDate} and a.service_id = ${day.serviceId} and a.seat_id = s.seat_id
                 and a.legs && ${legRange(day)} and a.booking_id <> ${bookingId}
               order by a.booking_id limit 1) as taken_by,
             m.seat_id is not null as mine,
             coalesce(m.need_slope, false) as need_slope
      from services sv
      join seats s on s.train_id = sv.logical_train_id
      join cars c on c.train_id = s.train_id and c.logical_car_id = s.logical_car_id
      ${seatTypeJoinsSql(sql`${day.serviceDate}`, sql`sv.id`, sql`s.seat_id`)}
      left join seat_assignments m on m.service_date = ${day.serviceDate} and m.service_id = sv.id and m.seat_id = s.seat_id and m.booking_id = ${bookingId}
      where sv.id = ${day.serviceId}
      order by c.car_number, s.row, s.letter`),
  );
}

/**
 * Serialises seat choice on one train on one day (a transaction-scoped advisory lock), so that
 * two automatic assignments never pick the same seats from the same snapshot; the seatability
 * check and the fixing of seats take the same lock.
 */
export { lockTrainDay } from '../inventory/index.ts';

const EXCLUSION_VIOLATION = '23P01';

function isExclusionViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === EXCLUSION_VIOLATION) return true;
  }
  return false;
}

/** Replaces the booking's seats on one train with these; a seat another booking holds on an overlapping leg is refused (409 SEAT_TAKEN). */
export async function replaceSeats(
  tx: Executor,
  day: TrainDay,
  bookingId: string,
  seats: { seatId: string; needSlope: boolean }[],
  state: 'HELD' | 'ASSIGNED',
): Promise<void> {
  await tx.execute(sql`delete from seat_assignments where booking_id = ${bookingId} and service_date = ${day.serviceDate} and service_id = ${day.serviceId}`);
  if (seats.length === 0) return;
  try {
    await tx.execute(sql`
      insert into seat_assignments (service_date, service_id, seat_id, booking_id, legs, state, need_slope)
      select ${day.serviceDate}, ${day.serviceId}, x.seat_id, ${bookingId}, ${legRange(day)}, ${state}, x.need_slope
      from json_to_recordset(${JSON.stringify(seats.map((s) => ({ seat_id: s.seatId, need_slope: s.needSlope })))}::json) as x(seat_id text, need_slope boolean)`);
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('SEAT_TAKEN', 'a seat chosen was just given to another booking; choose again');
    throw error;
  }
}

/** Fixes the booking's seats on one train-day, once inventory's prepareSeatFixing has proved the others still fit around them. */
export async function markSeatsFixed(tx: Executor, day: Pick<TrainDay, 'serviceDate' | 'serviceId'>, bookingId: string): Promise<void> {
  await tx.execute(sql`
    update seat_assignments set fixed = true
    where booking_id = ${bookingId} and service_date = ${day.serviceDate} and service_id = ${day.serviceId} and not fixed`);
}

/** Frees every seat of the booking (a cancellation, a refusal, a change that gives the seats up). */
export async function freeBookingSeats(tx: Executor, bookingId: string): Promise<void> {
  await tx.execute(sql`delete from seat_assignments where booking_id = ${bookingId}`);
}

/** How many seats the booking has on each of its trains. */
export async function seatCountsByTrain(tx: Executor, bookingId: string): Promise<{ service_date: string; service_id: number; n: number }[]> {
  return rowsOf<{ service_date: string; service_id: number; n: number }>(
    await tx.execute(sql`select service_date::text as service_date, service_id, count(*)::int as n from seat_assignments where booking_id = ${bookingId} group by 1, 2`),
  );
}

/** Whether each wheelchair of the booking needs the slope, those that do first (they go to the places nearest the door). */
export async function slopesOf(tx: Executor, id: number): Promise<boolean[]> {
  const rows = await tx.select({ needSlope: t.bookingWheelchairs.needSlope }).from(t.bookingWheelchairs).where(eq(t.bookingWheelchairs.bookingId, id)).orderBy(t.bookingWheelchairs.id);
  return rows.map((r) => r.needSlope).sort((a, b) => Number(b) - Number(a));
}

export async function setSeatsState(tx: Executor, bookingId: string, state: 'HELD' | 'ASSIGNED'): Promise<void> {
  await tx.execute(sql`update seat_assignments set state = ${state} where booking_id = ${bookingId}`);
}

/** Frees the booking's seats: all of them, or those named on one train. Answers how many were freed. */
export async function deleteSeats(tx: Executor, bookingId: string, only?: { day: Pick<TrainDay, 'serviceDate' | 'serviceId'>; seatIds: string[] }): Promise<number> {
  const rows = rowsOf<{ seat_id: string }>(
    await tx.execute(
      only
        ? sql`delete from seat_assignments
              where booking_id = ${bookingId} and service_date = ${only.day.serviceDate} and service_id = ${only.day.serviceId}
                and seat_id in (select jsonb_array_elements_text(${JSON.stringify(only.seatIds)}::jsonb))
              returning seat_id`
        : sql`delete from seat_assignments where booking_id = ${bookingId} returning seat_id`,
    ),
  );
  return rows.length;
}

/** The booking's seats on every train, for the seat sheet and the voucher. */
export async function bookingSeatList(db: Executor, bookingId: string) {
  return rowsOf<{ service_date: string; service_id: number; seat_id: string; car_number: number; row: number; letter: string; labels: LocalizedLabel[]; is_wheelchair: boolean; need_slope: boolean }>(
    await db.execute(sql`
      select a.service_date::text as service_date, a.service_id, a.seat_id, c.car_number, s.row, s.letter, s.labels, s.is_wheelchair, a.need_slope
      from seat_assignments a
      join services sv on sv.id = a.service_id
      join seats s on s.train_id = sv.logical_train_id and s.seat_id = a.seat_id
      join cars c on c.train_id = s.train_id and c.logical_car_id = s.logical_car_id
      where a.booking_id = ${bookingId}
      order by a.service_date, c.car_number, s.row, s.letter`),
  );
}

/**
 * After a headcount change on the same trains: the booking keeps the seats of the people who
 * remain (wheelchair places first, then seats in car, row and letter order), the rest are freed.
 * Answers whether every train now has exactly the seats and wheelchair places it needs.
 */
export async function trimSeats(tx: Executor, bookingId: string, trains: readonly Pick<TrainDay, 'serviceDate' | 'serviceId'>[], need: { seats: number; wheelchairPlaces: number }): Promise<boolean> {
  const rows = rowsOf<{ id: number; service_date: string; service_id: number; is_wheelchair: boolean }>(
    await tx.execute(sql`
      select a.id, a.service_date::text as service_date, a.service_id, s.is_wheelchair
      from seat_assignments a
      join services sv on sv.id = a.service_id
      join seats s on s.train_id = sv.logical_train_id and s.seat_id = a.seat_id
      join cars c on c.train_id = s.train_id and c.logical_car_id = s.logical_car_id
      where a.booking_id = ${bookingId}
      order by c.car_number, s.row, s.letter`),
  );
  const drop: number[] = [];
  let complete = true;
  for (const train of trains) {
    const mine = rows.filter((r) => r.service_date === train.serviceDate && r.service_id === train.serviceId);
    const wheelchair = mine.filter((r) => r.is_wheelchair);
    const ordered = [...wheelchair.slice(0, need.wheelchairPlaces), ...mine.filter((r) => !r.is_wheelchair), ...wheelchair.slice(need.wheelchairPlaces)];
    const total = need.seats + need.wheelchairPlaces;
    drop.push(...ordered.slice(total).map((r) => r.id));
    if (ordered.length < total || wheelchair.length < need.wheelchairPlaces) complete = false;
  }
  const stray = rows.filter((r) => !trains.some((x) => x.serviceDate === r.service_date && x.serviceId === r.service_id)).map((r) => r.id);
  drop.push(...stray);
  if (drop.length > 0) await tx.execute(sql`delete from seat_assignments where id in (select jsonb_array_elements_text(${JSON.stringify(drop.map(String))}::jsonb)::bigint)`);
  return complete;
}

// ---------- the automatic seating's reads (seat-repacking.ts) ----------

export interface MovableRow {
  seat_id: string;
  booking_id: string;
  first: number;
  last: number;
  need_slope: boolean;
  state: 'HELD' | 'ASSIGNED';
  is_wheelchair_type: boolean;
}

/** Other bookings' seats on the train-day that may move (not fixed), with what they need to be put back. */
export async function movableSeats(tx: Executor, day: TrainDay, types: SeatTypes, exceptBooking: string): Promise<MovableRow[]> {
  return rowsOf<MovableRow>(
    await tx.execute(sql`
      select a.seat_id, a.booking_id, lower(a.legs) as first, upper(a.legs) - 1 as last, a.need_slope, a.state,
             ${seatTypeSql} = ${types.wheelchair ?? -1} as is_wheelchair_type
      from seat_assignments a
      ${seatTypeJoinsSql(sql`a.service_date`, sql`a.service_id`, sql`a.seat_id`)}
      where a.service_date = ${day.serviceDate} and a.service_id = ${day.serviceId} and not a.fixed and a.booking_id <> ${exceptBooking}
      order by a.booking_id, a.seat_id`),
  );
}

/** Seats fixed for other bookings on the booking's legs: these never move. */
export async function fixedSeatIds(tx: Executor, day: TrainDay, bookingId: string): Promise<Set<string>> {
  const rows = rowsOf<{ seat_id: string }>(
    await tx.execute(sql`
      select seat_id from seat_assignments
      where service_date = ${day.serviceDate} and service_id = ${day.serviceId} and booking_id <> ${bookingId} and fixed
        and legs && int4range(${day.firstLeg}::int, ${day.lastLeg + 1}::int)`),
  );
  return new Set(rows.map((r) => r.seat_id));
}

/** A booking seat re-packing may move: its row id, and its agent and branch (to tell them its seats moved). */
export interface IdleBooking {
  id: number;
  agentId: number;
  agentSubGroupId: number;
}

/**
 * Locks the rows of those bookings no other transaction holds, without waiting for the others
 * (`skip locked`), and answers the ones it locked by booking_id. Seat re-packing runs under the
 * train-day lock and moves only these: a booking busy in a step of its own may be waiting for that
 * very lock while holding its row, so waiting for the row would be a deadlock (ADR 029).
 */
export async function lockIdleBookings(tx: Executor, bookingIds: readonly string[]): Promise<Map<string, IdleBooking>> {
  if (bookingIds.length === 0) return new Map();
  const rows = rowsOf<IdleBooking & { bookingId: string }>(
    await tx.execute(sql`
      select booking_id as "bookingId", id, agent_id as "agentId", agent_sub_group_id as "agentSubGroupId" from bookings
      where booking_id in (select jsonb_array_elements_text(${jsonParam(bookingIds)}::jsonb))
      order by id for update skip locked`),
  );
  return new Map(rows.map(({ bookingId, ...owner }) => [bookingId, owner]));
}

// ---------- the group's seat changes, answered once per mutation_id (customer_mutations) ----------

/** The group's earlier change with this mutation_id, with the answer it got. */
export async function findCustomerMutation(tx: Executor, bookingDbId: number, mutationId: string) {
  const [done] = await tx.select().from(t.customerMutations).where(sql`${t.customerMutations.bookingId} = ${bookingDbId} and ${t.customerMutations.mutationId} = ${mutationId}`);
  return done;
}

export async function insertCustomerMutation(tx: Executor, mutation: typeof t.customerMutations.$inferInsert): Promise<void> {
  await tx.insert(t.customerMutations).values(mutation);
}

// ---------- what the seat sheet and the voucher print besides the seats (seat-documents.ts) ----------

/** Every station with its labels. */
export async function readStations(executor: Executor) {
  return executor.select().from(t.stations);
}

/** Every unit's name, for the voucher's participant lines. */
export async function readUnitNames(executor: Executor) {
  return executor.select({ id: t.units.id, name: t.units.nameLabel }).from(t.units);
}
