/**
 * Release of the group allotment (DESIGN §7): `group_arrangement_release_day_before` days before a
 * service day (the group schedule covering it), the group seats of each train that no booking
 * holds go back to general sale, moved seat by seat to the first NORMAL non-group arrangement
 * type (demo: 個人 Individual) by the same one-statement move as a slot adjustment (moveSeats): the
 * seat's day override and both counters on every leg. Kept: as many group seats as the largest number
 * held on any leg (the counters' promise to the held bookings), every seat with a seat assignment,
 * and, on a train-day with fixed seats, whatever the seatability rule still needs. A missed day is
 * released on the next run while the service day has not passed; each train-day once
 * (scheduled_effects ALLOTMENT_RELEASE `service:<id>:<date>`), in a transaction that holds only the
 * move and its records (on the embedded database every request waits for it: ADR 017). Then,
 * apart, requests still unanswered (SUBMITTED, WAITLIST) on a released train are flagged to the
 * operator once each.
 */
import type { Db, Executor } from '../../db/client.ts';
import { giveWay } from '../../lib/give-way.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { insertNotification, insertOperatorNotification } from '../notifications/index.ts';
import { promoteWaitlistAfterCommit } from './waitlist-promotion-key.ts';
import { claimEffect, recordEffectDetail } from '../jobs/index.ts';
import { arrangementTypeKinds, lockTypeCounters, moveSeats, trainDaysDue, releasedDaysUntold, unansweredOnTrainDays, type TrainDayDue } from './inventory.repository.ts';
import { planSeating } from './seatability.ts';
import { lockTrainDay, readSeating, type SeatTypes } from './seatability.repository.ts';

const SYSTEM_ACTOR = 'system';

interface ReleaseTypes {
  group: number;
  wheelchair: number | null;
  /** Where released seats go: the first NORMAL type that is not a group allotment. */
  target: number;
}

async function releaseTypes(db: Executor): Promise<ReleaseTypes | null> {
  const rows = await arrangementTypeKinds(db);
  const group = rows.find((r) => r.is_group_allotment);
  const target = rows.find((r) => r.seat_type === 'NORMAL' && !r.is_group_allotment);
  if (!group || !target) return null;
  return { group: group.arrangement_type_id, wheelchair: rows.find((r) => r.seat_type === 'WHEELCHAIR')?.arrangement_type_id ?? null, target: target.arrangement_type_id };
}

/** The group seats to release on one train-day (already locked): free seats from the back of the train, as many as no hold needs. */
async function seatsToRelease(tx: Executor, day: { serviceDate: string; serviceId: number }, types: ReleaseTypes): Promise<{ seatIds: string[]; heldKept: number; capacity: number; legs: number[] }> {
  const counters = await lockTypeCounters(tx, day, types.group);
  if (counters.length === 0) return { seatIds: [], heldKept: 0, capacity: 0, legs: [] };
  const capacity = Math.min(...counters.map((c) => c.capacity));
  const heldKept = Math.max(...counters.map((c) => c.held));
  const legs = counters.map((c) => Number(c.leg));
  const seatTypes: SeatTypes = { group: types.group, wheelchair: types.wheelchair };
  // One read of the train-day: its group seats (the day's type) and every seat a booking holds or has.
  const seating = await readSeating(tx, day, seatTypes);
  const taken = new Set([...seating.fixed, ...seating.movable].map((a) => a.seat_id));
  // From the back of the train (readSeating orders by car, row, letter): groups keep the front cars together.
  const free = seating.seats.filter((s) => s.type === types.group && !taken.has(s.seat_id)).map((s) => s.seat_id).reverse();
  let count = Math.min(Math.max(0, capacity - heldKept), free.length);
  if (seating.fixed.length > 0 || counters.some((c) => c.seats_fixed)) {
    // Fixed seats: release only as many as still leave every held group a seat on all its legs.
    while (count > 0) {
      const gone = new Set(free.slice(0, count));
      const plan = planSeating({ ...seating, seats: seating.seats.filter((s) => !gone.has(s.seat_id)) }, seatTypes);
      if (plan.group.ok && plan.wheelchair.ok) break;
      count--;
    }
  }
  return { seatIds: free.slice(0, count), heldKept, capacity, legs };
}

/** Releases one train-day in the caller's transaction; null when another run already did. */
export async function releaseTrainDay(work: Work, due: TrainDayDue, types: ReleaseTypes, jobRunId: number | undefined) {
  const { tx } = work;
  const effect = { kind: 'ALLOTMENT_RELEASE' as const, subject: `service:${due.serviceId}:${due.serviceDate}`, effectDate: due.serviceDate };
  if (!(await claimEffect(tx, { ...effect, jobRunId }))) return null;
  const day = { serviceDate: due.serviceDate, serviceId: due.serviceId };
  await lockTrainDay(tx, day);
  const { seatIds, heldKept, capacity, legs } = await seatsToRelease(tx, day, types);
  // The seats are free under the train-day's lock and no more than the holds leave: a plain move.
  await moveSeats(tx, { ...day, legs }, seatIds.map((seat_id) => ({ seat_id, from_type: types.group, to_type: types.target })));
  const detail = { service_date: due.serviceDate, service_id: due.serviceId, release_date: due.releaseDate, from_arrangement_type_id: types.group, to_arrangement_type_id: types.target, group_seats_before: capacity, held_kept: heldKept, released_seats: seatIds.length, seat_ids: seatIds };
  await recordEffectDetail(tx, effect, detail);

  await insertOperationLog(tx, {
    category: 'inventory',
    operator: SYSTEM_ACTOR,
    operatorAccountId: null,
    operation: 'inventory.release_group_allotments',
    bookingId: null,
    isError: false,
    statusCode: 200,
    requestJson: { service_date: due.serviceDate, service_id: due.serviceId, release_date: due.releaseDate },
    responseJson: detail,
  });
  if (seatIds.length > 0) await promoteWaitlistAfterCommit(work, [{ serviceDate: due.serviceDate, serviceId: due.serviceId }], 'RELEASE');
  return { releasedSeats: seatIds.length };
}

/** Bookings flagged to the operator per transaction: each flag is claimed, so short transactions lose nothing. */
const FLAGS_PER_TRANSACTION = 25;

/**
 * After a service day's trains are released, in transactions of their own: the operator is told
 * once per request still unanswered on a released train, then once that the day's allotment went.
 * The day's notice is claimed last, so a run that stops half way leaves the day untold and the next
 * run tells the rest (releasedDaysUntold); each flag is claimed once.
 */
async function tellOperator(db: Db, serviceDate: string, serviceIds: readonly number[], jobRunId: number | undefined): Promise<number> {
  const unanswered = await unansweredOnTrainDays(db, serviceDate, serviceIds);
  let flagged = 0;
  for (let i = 0; i < unanswered.length; i += FLAGS_PER_TRANSACTION) {
    await giveWay();
    flagged += await inTransaction(db, async ({ tx }) => {
      let n = 0;
      for (const b of unanswered.slice(i, i + FLAGS_PER_TRANSACTION)) {
        if (!(await claimEffect(tx, { kind: 'UNANSWERED_BEFORE_RELEASE', subject: `booking:${b.id}`, effectDate: serviceDate, bookingId: b.id, jobRunId }))) continue;
        await insertNotification(tx, { audience: 'ADMIN', category: 'booking', kind: 'UNANSWERED_BEFORE_RELEASE', bookingId: b.id, agentId: b.agent_id, agentSubGroupId: b.agent_sub_group_id });
        n++;
      }
      return n;
    });
  }
  await inTransaction(db, async ({ tx }) => {
    if (await claimEffect(tx, { kind: 'ALLOTMENT_RELEASE', subject: `day:${serviceDate}`, effectDate: serviceDate, jobRunId })) {
      await insertOperatorNotification(tx, 'ALLOTMENT_RELEASED');
    }
  });
  return flagged;
}

/**
 * The daily run: every train-day due, one short transaction each (a few set-based statements),
 * giving way to requests between them (ADR 017); answers what moved.
 */
export async function releaseDueAllotments(deps: { db: Db; clock: Clock; jobs: JobSender | undefined }, jobRunId?: number) {
  const today = deps.clock.today();
  const types = await releaseTypes(deps.db);
  if (!types) return { run_date: today, train_days: 0, released_seats: 0, unanswered_flagged: 0, note: 'no group or general arrangement type' };
  let trainDays = 0;
  let releasedSeats = 0;
  let flagged = 0;
  /** Service day → the trains released on it: now, or by an earlier run that did not tell the operator. */
  const released = new Map<string, Set<number>>();
  const add = (serviceDate: string, serviceIds: readonly number[]) => {
    const trains = released.get(serviceDate) ?? new Set<number>();
    for (const id of serviceIds) trains.add(id);
    released.set(serviceDate, trains);
  };
  for (const due of await trainDaysDue(deps.db, today)) {
    await giveWay();
    const done = await inTransaction(deps.db, (work) => releaseTrainDay(work, due, types, jobRunId), { jobs: deps.jobs });
    if (!done) continue;
    trainDays++;
    add(due.serviceDate, [due.serviceId]);
    releasedSeats += done.releasedSeats;
  }
  const serviceDays = [...released.keys()];
  for (const untold of await releasedDaysUntold(deps.db, today)) add(untold.serviceDate, untold.serviceIds);
  for (const [serviceDate, serviceIds] of released) {
    await giveWay();
    flagged += await tellOperator(deps.db, serviceDate, [...serviceIds], jobRunId);
  }
  return { run_date: today, service_days: serviceDays, train_days: trainDays, released_seats: releasedSeats, unanswered_flagged: flagged };
}
