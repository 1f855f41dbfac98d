/**
 * Suspensions reach the bookings (DESIGN §3, §10 "Documents for agents, suspensions and demo
 * data"): when a train will not run on a day (suspended by the operator, or stopped by a
 * pattern-calendar or special-day change), every live booking on it is refused with the
 * suspension reason, whatever step it was at: seats and allotments released, unpaid fares
 * waived, the refusal mail in the outbox and the agent's notification, a history revision.
 */
import { sql } from 'drizzle-orm';
import { holdsAllotments, refusedBySuspension, type BookingStatus, type BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { mailSignature } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { rowsOf, type Executor } from '../../db/client.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { readOperatorBasicInfo } from '../master-data/operator-basic-info.repository.ts';
import { suspensionMail } from './booking-mail-templates.ts';
import { loadBooking, lockBooking, recordRevision, type LockedBooking } from './bookings.repository.ts';
import { notify, stateOfLocked } from './booking-steps.ts';
import { releaseEverything } from './booking-allotments.ts';
import { promoteWaitlistAfterCommit } from './waitlist-promotion-key.ts';
import { waiveForRefusal } from '../payments/booking-payments.ts';
import { toMailBooking } from './booking-presenter.ts';

export type SuspensionReason = 'SERVICE_SUSPENSION' | 'SERVICEDAY_SUSPENSION';

/** One train on one day that will not run, and the reason its bookings are refused with. */
export interface StoppedTrain {
  serviceDate: string;
  serviceId: number;
  reason: SuspensionReason;
}

/** A live booking on a stopped train, as the suspend dialog and the approval screens list it. */
export interface AffectedBooking {
  booking_id: string;
  status: BookingStatus;
  sub_status: BookingSubStatus;
  group_name: string;
  agent_name: string;
  agent_name_en: string;
  agent_sub_group_name: string;
  agent_sub_group_name_en: string;
  participant_quantity: number;
  service_date: string;
  service_id: number;
  service_names: LocalizedLabel[];
  direction: 'down' | 'up';
  reason: SuspensionReason;
}

const LIVE = sql`b.status not in ('NOT_RESERVED', 'CANCELLED')`;

function trainsJson(trains: readonly StoppedTrain[]): string {
  return JSON.stringify(trains.map((x) => ({ service_date: x.serviceDate, service_id: x.serviceId, reason: x.reason })));
}

/** The live bookings on the stopped trains, oldest booking first (one row per booking and train). */
export async function bookingsOnStoppedTrains(executor: Executor, trains: readonly StoppedTrain[]): Promise<AffectedBooking[]> {
  if (trains.length === 0) return [];
  return rowsOf<AffectedBooking>(
    await executor.execute(sql`
      with stopped as (
        select * from json_to_recordset(${trainsJson(trains)}::json) as x(service_date date, service_id int, reason text)
      )
      select b.booking_id, b.status, b.sub_status, b.group_name, a.name_ja as agent_name, a.name_en as agent_name_en, g.name_ja as agent_sub_group_name, g.name_en as agent_sub_group_name_en,
             b.participant_quantity, bs.service_date::text as service_date, bs.service_id, s.names as service_names, bs.direction, x.reason
      from stopped x
      join booking_services bs on bs.service_date = x.service_date and bs.service_id = x.service_id
      join services s on s.id = bs.service_id
      join bookings b on b.id = bs.booking_id
      join agents a on a.id = b.agent_id
      join agent_groups g on g.id = b.agent_sub_group_id
      where ${LIVE}
      order by b.id, bs.service_date, bs.service_id`),
  ).map((r) => ({ ...r, service_id: Number(r.service_id), participant_quantity: Number(r.participant_quantity) }));
}

/**
 * Refuses every live booking on the stopped trains in the caller's transaction; answers the
 * booking numbers refused. Bookings are locked first, in id order, before any counter is
 * touched (the lock order of every booking step). `actor` is recorded on the history revision.
 */
export async function refuseBookingsOnStoppedTrains(work: Work, actor: string, trains: readonly StoppedTrain[]): Promise<string[]> {
  const { tx } = work;
  const affected = await bookingsOnStoppedTrains(tx, trains);
  const reasonOf = new Map<string, SuspensionReason>();
  // A booking on a day that stops entirely is refused for the day; otherwise for its train.
  for (const a of affected) if (reasonOf.get(a.booking_id) !== 'SERVICEDAY_SUSPENSION') reasonOf.set(a.booking_id, a.reason);
  const locked: LockedBooking[] = [];
  for (const id of reasonOf.keys()) {
    const booking = await lockBooking(tx, id);
    if (booking) locked.push(booking);
  }
  const stopped = new Set(trains.map((x) => `${x.serviceDate}|${x.serviceId}`));
  const signature = locked.length > 0 ? mailSignature(await readOperatorBasicInfo(tx)) : '';
  const refused: string[] = [];
  for (const booking of locked) {
    const state = stateOfLocked(booking);
    const next = refusedBySuspension(state);
    if (!next) continue; // ended meanwhile
    const reason = reasonOf.get(booking.bookingId)!;
    await tx.execute(sql`delete from seat_assignments where booking_id = ${booking.bookingId}`);
    if (holdsAllotments(state)) await releaseEverything(tx, booking);
    // Nothing is owed any more; what was already paid goes back in full (a card through the gateway).
    await waiveForRefusal(work, booking, actor, 'SUSPENSION');
    const aggregate = await loadBooking(tx, booking.bookingId);
    const mail = suspensionMail(toMailBooking(aggregate!), reason, signature);
    await enqueueMail(work, { kind: 'booking.ng', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.body, bookingId: booking.bookingId });
    await notify(tx, booking, 'AGENT', 'BOOKING_REFUSED');
    // Seats freed on the booking's other trains (a round trip's running direction) go to the waitlist.
    const running = booking.services.filter((s) => !stopped.has(`${s.serviceDate}|${s.serviceId}`));
    if (holdsAllotments(state)) promoteWaitlistAfterCommit(work, running, 'REFUSAL');
    await recordRevision(tx, booking.id, 'UPDATE', { status: next.status, subStatus: next.subStatus, voucherConfirmed: false, refusalReason: reason, pendingChange: null }, actor);
    refused.push(booking.bookingId);
  }
  return refused;
}
