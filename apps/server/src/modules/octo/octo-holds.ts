/**
 * A reservation's seats (ADR 039): held on every leg of the train's group allotment by the one
 * hold statement every booking uses (`holdAllotments`: never oversold), given back on cancel or
 * expiry, and handed to the booking a confirmation submits. The expiry job's work is here too.
 */
import { legsBetween } from '@sagano/domain/inventory/legs';
import type { Db, Executor } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { SYSTEM_ACTOR, SYSTEM_CALLER, beginSystemStep, holdDirections, nextStep, recordRevision } from '../booking-core/index.ts';
import { holdAllotments, releaseAllotments } from '../inventory/index.ts';
import { ROUTE } from './octo-answers.ts';
import { unprocessable } from './octo-errors.ts';
import { expiredHolds, lockOctoBooking, seatTypes, setLockTimeout, updateOctoBooking, type OctoBookingRow } from './octo.repository.ts';

/** Holds `seats` on every leg of the train's group allotment, or refuses as OCTO (never oversold: holdAllotments). */
export async function holdSeats(tx: Executor, train: { serviceDate: string; serviceId: number }, direction: 'down' | 'up', seats: number, uuid: string): Promise<void> {
  const types = await seatTypes(tx);
  if (types.group === null) throw unprocessable('no arrangement type is marked as the group allotment');
  const legs = legsBetween(ROUTE[direction].from, ROUTE[direction].to);
  await setLockTimeout(tx);
  try {
    await holdAllotments(tx, {
      serviceDate: train.serviceDate,
      serviceId: train.serviceId,
      legs,
      items: [{ arrangementTypeId: types.group, quantity: seats }],
      seats: { demand: { bookingId: `octo-${uuid}`, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]!, group: seats, wheelchair: 0 }, types: { group: types.group, wheelchair: types.wheelchair } },
    });
  } catch (error) {
    if (error instanceof AppError) {
      const why = error.code === 'NOT_ENOUGH_SEATS' ? 'sold out: not enough group seats left on this train' : error.code === 'SALES_ON_HOLD' || error.code === 'SERVICE_SUSPENDED' ? 'this train is closed for sale' : error.message;
      throw unprocessable(why);
    }
    throw error;
  }
}

/** Gives back what a hold keeps (nothing when it keeps nothing). */
export async function releaseSeats(tx: Executor, row: OctoBookingRow): Promise<void> {
  if (row.heldSeats === 0) return;
  const types = await seatTypes(tx);
  await releaseAllotments(tx, [{ serviceDate: row.serviceDate, serviceId: row.serviceId, arrangementTypeId: types.group!, legs: legsBetween(row.fromStationId, row.toStationId), quantity: row.heldSeats }]);
}

/**
 * Hands the hold's seats to a submitted booking: the system's reserve_allotments step, through the
 * same hold code and counter guard as the operator's (booking-core holdDirections), in the
 * transaction that released the hold, so nobody can take the seats in between.
 */
export async function holdForBooking(work: Work, bookingId: string): Promise<void> {
  const step = await beginSystemStep(work, bookingId, 'reserve_allotments');
  if (!step) throw unprocessable('the booking cannot hold its seats now');
  const failures = await holdDirections(work.tx, step.booking);
  if (failures.length > 0) throw unprocessable(`the seats could not be held: ${failures.join('; ')}`);
  const next = nextStep(step.state, 'reserve_allotments', SYSTEM_CALLER, { outcome: 'ALL' });
  await recordRevision(work.tx, step.booking.id, 'UPDATE', { subStatus: next.subStatus }, SYSTEM_ACTOR);
}

/**
 * The expiry job's work (octo.jobs.ts): each hold past its time released and marked EXPIRED in its
 * own transaction (the row locked first: a confirmation at the same moment waits, then finds it
 * expired), logged as the system's.
 */
export async function expireOctoHolds(deps: { db: Db; clock: Clock; jobs?: JobSender | undefined }): Promise<{ expired: number }> {
  let expired = 0;
  for (const uuid of await expiredHolds(deps.db, deps.clock.now(), 500)) {
    const done = await inTransaction(
      deps.db,
      async (work) => {
        const row = await lockOctoBooking(work.tx, uuid);
        if (!row || row.holdStatus !== 'ON_HOLD' || row.utcExpiresAt > deps.clock.now()) return false;
        await releaseSeats(work.tx, row);
        await updateOctoBooking(work.tx, row.uuid, { holdStatus: 'EXPIRED', heldSeats: 0 });
        await insertOperationLog(work.tx, {
          category: 'bookings',
          operator: SYSTEM_ACTOR,
          operatorAccountId: null,
          operation: 'octo.expire_hold',
          bookingId: null,
          isError: false,
          statusCode: 200,
          requestJson: { uuid },
          responseJson: { status: 'EXPIRED', released_seats: row.heldSeats, service_date: row.serviceDate, service_id: row.serviceId },
        });
        return true;
      },
      { jobs: deps.jobs },
    );
    if (done) expired++;
  }
  return { expired };
}
