/**
 * Changes of a booking (DESIGN §5): the price of a change, an agent's change request and the
 * operator's answer, a staff change written at once, and a direction's segment moved.
 */
import { holdsAllotments, type BookingState, type BookingStatus } from '@sagano/domain/bookings/booking-state';
import { personData, UpdateParamsBody, type CalculateAmountBody, type CalculateAmountResponse } from '@sagano/domain/bookings/booking-schemas';
import { seatOutcome } from '@sagano/domain/bookings/change-comparison';
import type { ChangeSummary } from '@sagano/domain/bookings/change-summary-schema';
import { previewChange, reprice } from '@sagano/domain/bookings/modification';
import { legsBetween, segmentFitsDirection } from '@sagano/domain/inventory/legs';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuseClosedContractTerms } from './contract-term-deadline.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { holdAllotments, releaseAllotments, promoteWaitlistAfterCommit } from '../inventory/index.ts';
import { documentsOf, documentsReadSql, freeBookingSeats, trimSeats, type DocumentsRead } from '../seats/index.ts';
import { anyEndpointListens, emitBookingEvent } from '../webhooks/index.ts';
import { heldOf, releaseEverything, seatsOf, typesOf, loadBooking, loadBookingWith, loadVisible, beginStep, callerOf, notify, recordStep, moveSegment, replaceServices, replaceUnits, replaceWheelchairs, writeChangedBooking, type LockedBooking } from '../booking-core/index.ts';
import { enqueueMail, recipientLanguage } from '../mail/index.ts';
import { changeMail, readChangeMailNames, type ChangeMailKind } from './change-mails.ts';
import { changeSummaryOf } from './change-summary.ts';
import { repriceFare } from '../payments/index.ts';
import { checkContent, checkedDirections, readContext, refusePastDates } from './booking-submission.ts';
import { priceWith } from './pricing-reference.ts';
import { readPricingReference } from './pricing-reference.repository.ts';
import { refuseAgentFeeChange } from './handling-fees.ts';
import { handlingFeesOf, pendingChange, personVersions, unitsForRepricing } from './booking-changes.repository.ts';

/** Sub-statuses in which the booking's seats are (being) assigned. */
const SEATED_SUB_STATUSES: readonly string[] = ['SAGANO_SEAT_ASSIGNING', 'SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT', 'SAGANO_SEAT_NOT_AVAILABLE'];

/**
 * POST /calculate_amount: the price of these participants; with booking_id, what changing that
 * booking to them costs, re-priced exactly as the change will be (fares of the plan on the
 * earliest date, a decrement fee per participant below the largest count, per direction).
 */
export async function calculate(db: Db, principal: Principal, body: CalculateAmountBody): Promise<CalculateAmountResponse> {
  const date = [...body.service_days].sort()[0]!;
  const reference = await readPricingReference(db, body.group_type, date);
  const price = priceWith(reference, body.group_type, date, body.service_days.length, body.participant_group.unit_quantity_items);
  if (body.booking_id === undefined) return price;
  const a = await loadVisible(db, principal, body.booking_id);
  const previous = a.units.map((u) => ({ unit_id: u.unitId, record_largest_calculated_quantity: u.recordLargestCalculatedQuantity }));
  const fees = new Map(reference.prices.map((p) => [p.unit_id, safeE6(p.decrement_fee_e6)]));
  const modification = previewChange(a.booking.totalAmountE6, reprice(previous, price, fees, body.service_days.length));
  return { ...price, total_amount: modification.total_amount, modification };
}

/**
 * Checks a change against the timetable, sales and prices, and re-prices it with the decrement
 * fee for removed participants. Nothing is written.
 */
export async function planChange(tx: Executor, booking: LockedBooking, change: UpdateParamsBody, today: string) {
  const directions = checkedDirections(change.service_order);
  refusePastDates(directions, today, (d) => booking.services.some((s) => s.direction === d.direction && s.serviceDate === d.choice.service_date && s.serviceId === d.choice.service_id));
  const priceDate = directions.map((d) => d.choice.service_date).sort()[0]!;
  const context = await readContext(tx, booking.agentId, null, change.group.group_type, priceDate, directions);
  const { price, wheelchairs } = checkContent(context, directions, change, priceDate);
  const key = (x: { direction: string; serviceDate: string; serviceId: number; fromStationId: number; toStationId: number }) =>
    `${x.direction}|${x.serviceDate}|${x.serviceId}|${x.fromStationId}|${x.toStationId}`;
  const before = booking.services.map(key).sort().join();
  const after = directions
    .map((d) => key({ direction: d.direction, serviceDate: d.choice.service_date, serviceId: d.choice.service_id, fromStationId: d.choice.from_station_id, toStationId: d.choice.to_station_id }))
    .sort()
    .join();
  const trainsChanged = before !== after;
  if (trainsChanged && booking.updateCount >= 1) {
    throw new AppError('TRAIN_CHANGE_USED', 'service_order: the trains of a confirmed booking can be changed only once', 'service_order');
  }
  const previous = await unitsForRepricing(tx, booking.id);
  const fees = new Map(context.pricing.prices.map((p) => [p.unit_id, safeE6(p.decrement_fee_e6)]));
  const repricing = reprice(previous, price, fees, directions.length);
  const countsChanged = price.participant_quantity !== booking.participantQuantity || wheelchairs.length !== booking.wheelchairs;
  const seatsChanged = trainsChanged || countsChanged;
  return { directions, price, wheelchairs, repricing, trainsChanged, countsChanged, seatsChanged, vacancies: context.services.map((s) => s.vacant) };
}

/**
 * Writes a change: trains, units and wheelchairs replaced, allotments moved to the new trains
 * and counts in the same transaction (a change that does not fit is refused and nothing moves),
 * seats given up when trains or counts change, the unpaid fare re-priced.
 */
export async function writeChange(work: Work, principal: Principal, booking: LockedBooking, state: BookingState, change: UpdateParamsBody, status: BookingStatus, today: string) {
  const { tx } = work;
  const plan = await planChange(tx, booking, change, today);
  const held = holdsAllotments(state);
  let subStatus = state.subStatus;
  // A headcount change on the same trains keeps the seats of the people who remain; only a train change gives them all up
  // (the domain's seatOutcome, which the change summary shows before the change is made).
  const keepSeats = seatOutcome({ trainsChanged: plan.trainsChanged, countsChanged: plan.countsChanged, holdsAllotments: held, holdsStanding: booking.services.some((s) => s.heldStanding > 0) }) === 'KEPT';
  if (plan.seatsChanged) {
    if (!keepSeats) await freeBookingSeats(tx, booking.bookingId);
    if (held) {
      await releaseEverything(tx, booking);
      if (!keepSeats) subStatus = 'SAGANO_ALLOTMENT_CONFIRMED';
    }
  }
  const groupSeats = plan.price.participant_quantity - plan.wheelchairs.length;
  const holdNow = held && plan.seatsChanged;
  await replaceServices(
    tx,
    booking.id,
    plan.directions.map((d) => ({
      direction: d.direction,
      serviceDate: d.choice.service_date,
      serviceId: d.choice.service_id,
      fromStationId: d.choice.from_station_id,
      toStationId: d.choice.to_station_id,
      heldGroup: held ? (holdNow ? groupSeats : booking.services.find((s) => s.direction === d.direction)?.heldGroup ?? 0) : 0,
      heldWheelchair: held ? (holdNow ? plan.wheelchairs.length : booking.services.find((s) => s.direction === d.direction)?.heldWheelchair ?? 0) : 0,
    })),
  );
  if (holdNow) {
    const types = typesOf(booking);
    const order = [...plan.directions].sort((x, y) => x.choice.service_date.localeCompare(y.choice.service_date) || x.choice.service_id - y.choice.service_id);
    for (const d of order) {
      if (plan.wheelchairs.length > 0 && types.wheelchair === null) throw new AppError('NOT_ENOUGH_SEATS', 'no wheelchair places are configured');
      await holdAllotments(tx, {
        serviceDate: d.choice.service_date,
        serviceId: d.choice.service_id,
        legs: legsBetween(d.choice.from_station_id, d.choice.to_station_id),
        items: [
          { arrangementTypeId: types.group, quantity: groupSeats },
          ...(plan.wheelchairs.length > 0 ? [{ arrangementTypeId: types.wheelchair!, quantity: plan.wheelchairs.length }] : []),
        ],
        seats: seatsOf(booking.bookingId, types, legsBetween(d.choice.from_station_id, d.choice.to_station_id), groupSeats, plan.wheelchairs.length),
      });
    }
  }
  if (keepSeats) {
    const trains = plan.directions.map((d) => ({ serviceDate: d.choice.service_date, serviceId: d.choice.service_id }));
    const complete = await trimSeats(tx, booking.bookingId, trains, { seats: groupSeats, wheelchairPlaces: plan.wheelchairs.length });
    // More people than seats: the operator seats the newcomers (the seats kept are offered again first).
    if (!complete && SEATED_SUB_STATUSES.includes(subStatus)) subStatus = 'SAGANO_ALLOTMENT_CONFIRMED';
  }
  await replaceUnits(
    tx,
    booking.id,
    plan.repricing.unit_quantity_price_items.map((i) => ({
      unitId: i.unit_id,
      quantity: i.quantity,
      calculatedQuantity: i.calculated_quantity,
      unitPriceE6: i.unit_price,
      subtotalE6: i.subtotal_amount,
      recordLargestCalculatedQuantity: i.record_largest_calculated_quantity,
      decrementQuantity: i.decrement_quantity,
      decrementFeeE6: i.decrement_fee,
    })),
  );
  await replaceWheelchairs(tx, booking.id, plan.wheelchairs);
  await writeChangedBooking(tx, booking.id, {
    applicant: personData(change.applicant),
    tourConductor: change.tour_conductor && personData(change.tour_conductor),
    group: change.group,
    groupType: change.group.group_type,
    groupName: change.group.name,
    note: change.note,
    participantQuantity: plan.price.participant_quantity,
    totalAmountE6: plan.repricing.total_amount,
    trainsChanged: plan.trainsChanged,
  });
  await repriceFare(work, booking, plan.repricing.total_amount, today);
  // Fewer people or other trains: the old trains may have room for the waitlist now.
  if (held && plan.seatsChanged) await promoteWaitlistAfterCommit(work, booking.services, 'MODIFICATION');
  const seatsGone = plan.seatsChanged && subStatus !== state.subStatus;
  await recordStep(work, principal, booking, { status, subStatus, pendingChange: null, ...(seatsGone ? { voucherConfirmed: false } : {}) }, 'UPDATE', undefined, 'booking.change_approved');
  // Mailed documents that no longer print the booking as changed: agents' systems that listen hear of it (ADR 038).
  if (await anyEndpointListens(tx, booking, 'booking.documents_outdated')) {
    const read = await loadBookingWith(tx, booking.bookingId, { documents: documentsReadSql() });
    const outdated = read ? documentsOf(read.aggregate, read.extra.documents as DocumentsRead).outdated : [];
    if (outdated.length > 0) await emitBookingEvent(work, booking.id, 'booking.documents_outdated', { documents: outdated });
  }
  return plan.repricing.total_amount;
}

/**
 * An agent's change that cannot fit is refused when asked, not when staff try to accept it:
 * on each train the group seats free for the segment, plus what the booking already holds on
 * that same train, must cover the new group (the hold on acceptance stays the final word).
 */
export function refuseChangeWithoutRoom(booking: LockedBooking, plan: Awaited<ReturnType<typeof planChange>>): void {
  const needed = plan.price.participant_quantity - plan.wheelchairs.length;
  plan.directions.forEach((d, i) => {
    const own = booking.services.find((s) => s.serviceDate === d.choice.service_date && s.serviceId === d.choice.service_id)?.heldGroup ?? 0;
    const room = (plan.vacancies[i] ?? 0) + own;
    if (needed > room) {
      throw new AppError('NOT_ENOUGH_SEATS', `${d.field}: ${room} group seats are free on this train for the segment (this booking's own included); the group needs ${needed}`, d.field);
    }
  });
}

/**
 * PUT /params. Staff change a confirmed booking at once (MODIFIED); an agent's change is
 * checked now and waits for the operator (MODIFICATION_SUBMITTED).
 */
export async function updateParams(work: Work, principal: Principal, bookingId: string, change: UpdateParamsBody, clock: Clock, publicUrl: string): Promise<{ status: BookingStatus; total_amount: number }> {
  const caller = callerOf(principal);
  const { booking, state } = await beginStep(work, principal, bookingId, 'request_modification');
  await refuseStalePersons(work.tx, booking, change);
  if (caller === 'AGENT') refuseAgentFeeChange(await handlingFeesOf(work.tx, booking.id), change.participant_group.unit_quantity_items);
  await refuseClosedContractTerms(work.tx, checkedDirections(change.service_order), clock.today(), (d) => booking.services.some((s) => s.direction === d.direction && s.serviceDate === d.choice.service_date && s.serviceId === d.choice.service_id));
  if (caller === 'OPERATOR') {
    const summary = await summaryBeforeWrite(work, booking, change);
    const total = await writeChange(work, principal, booking, state, change, 'MODIFIED', clock.today());
    await notify(work.tx, booking, 'AGENT', 'MODIFICATION_CONFIRMED', 'booking', { change_summary: summary });
    await mailChange(work, booking, 'booking.changed', summary, publicUrl);
    return { status: 'MODIFIED', total_amount: total };
  }
  const plan = await planChange(work.tx, booking, change, clock.today());
  refuseChangeWithoutRoom(booking, plan);
  // The operator's notification names what changes (the same summary the booking shows).
  await notify(work.tx, booking, 'ADMIN', 'MODIFICATION', 'booking', { change_summary: await summaryBeforeWrite(work, booking, change) });
  await recordStep(work, principal, booking, { status: 'MODIFICATION_SUBMITTED', pendingChange: change, modificationDeclineReason: null });
  return { status: 'MODIFICATION_SUBMITTED', total_amount: plan.repricing.total_amount };
}

/**
 * The applicant's and tour conductor's versions the caller read, when sent, must be the
 * booking's (409 BOOKING_CHANGED naming the person's version; nothing is written).
 */
async function refuseStalePersons(tx: Executor, booking: LockedBooking, change: UpdateParamsBody): Promise<void> {
  const seen = { applicant: change.applicant.version, tour_conductor: change.tour_conductor?.version };
  if (seen.applicant === undefined && seen.tour_conductor === undefined) return;
  const row = await personVersions(tx, booking.id);
  for (const person of ['applicant', 'tour_conductor'] as const) {
    const read = seen[person];
    if (read !== undefined && read !== row![person]) {
      throw new AppError('BOOKING_CHANGED', `${person}.version: the ${person.replace('_', ' ')} was changed since version ${read} (now ${row![person]}); nothing was changed`, `${person}.version`);
    }
  }
}

/** The change compared with the locked booking as it stands, before anything is written. */
async function summaryBeforeWrite(work: Work, booking: LockedBooking, change: UpdateParamsBody): Promise<ChangeSummary> {
  const aggregate = await loadBooking(work.tx, booking.bookingId);
  return changeSummaryOf(work.tx, aggregate!, change);
}

/** The agent's change mail (to the booking's applicant, in the applicant's language), queued with the change. */
async function mailChange(work: Work, booking: LockedBooking, kind: ChangeMailKind, summary: ChangeSummary, publicUrl: string, reason?: string): Promise<void> {
  const lang = await recipientLanguage(work.tx, booking.applicantEmail);
  const names = await readChangeMailNames(work.tx);
  const mail = changeMail(kind, lang, { bookingId: booking.bookingId, groupName: booking.groupName, summary, link: `${publicUrl}/bookings/${booking.bookingId}`, ...(reason ? { reason } : {}) }, names);
  await enqueueMail(work, { kind, toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.bodyText, bookingId: booking.bookingId });
}

async function pendingChangeOf(work: Work, booking: LockedBooking): Promise<UpdateParamsBody> {
  return UpdateParamsBody.parse(await pendingChange(work.tx, booking.id));
}

/** The operator approves the agent's change: written as asked, the agent notified and mailed the change side by side. */
export async function acceptModification(work: Work, principal: Principal, bookingId: string, clock: Clock, publicUrl: string): Promise<void> {
  const { booking, state } = await beginStep(work, principal, bookingId, 'accept_modification');
  const change = await pendingChangeOf(work, booking);
  const summary = await summaryBeforeWrite(work, booking, change);
  await writeChange(work, principal, booking, state, change, 'MODIFIED', clock.today());
  await notify(work.tx, booking, 'AGENT', 'MODIFICATION_CONFIRMED', 'booking', { change_summary: summary });
  await mailChange(work, booking, 'booking.change_approved', summary, publicUrl);
}

/** The operator declines the agent's change with a reason: nothing changes but the status; the agent is told why. */
export async function rejectModification(work: Work, principal: Principal, bookingId: string, reason: string, publicUrl: string): Promise<void> {
  const { booking } = await beginStep(work, principal, bookingId, 'reject_modification');
  const summary = await summaryBeforeWrite(work, booking, await pendingChangeOf(work, booking));
  await notify(work.tx, booking, 'AGENT', 'MODIFICATION_REFUSED', 'booking', { change_summary: summary, reason });
  await mailChange(work, booking, 'booking.change_declined', summary, publicUrl, reason);
  await recordStep(work, principal, booking, { status: 'NOT_MODIFIED', pendingChange: null, modificationDeclineReason: reason }, 'UPDATE', undefined, 'booking.change_declined');
}

/** Changes the segment of one direction; held allotments move to the new legs atomically. */
export async function updateFromToStation(work: Work, principal: Principal, bookingId: string, change: { direction: 'down' | 'up'; from_station_id: number; to_station_id: number }): Promise<void> {
  const { booking } = await beginStep(work, principal, bookingId, 'update_from_to_station');
  const s = booking.services.find((x) => x.direction === change.direction);
  if (!s) throw new AppError('VALIDATION_FAILED', `direction: the booking has no ${change.direction} train`, 'direction');
  if (!segmentFitsDirection(change.direction, change.from_station_id, change.to_station_id)) {
    throw new AppError('VALIDATION_FAILED', "to_station_id: the stations must follow the train's direction", 'to_station_id');
  }
  if (s.heldGroup > 0 || s.heldWheelchair > 0) {
    const types = typesOf(booking);
    await releaseAllotments(work.tx, heldOf([s], types));
    await holdAllotments(work.tx, {
      serviceDate: s.serviceDate,
      serviceId: s.serviceId,
      legs: legsBetween(change.from_station_id, change.to_station_id),
      items: [
        { arrangementTypeId: types.group, quantity: s.heldGroup },
        ...(types.wheelchair !== null ? [{ arrangementTypeId: types.wheelchair, quantity: s.heldWheelchair }] : []),
        ...(types.standing !== null && s.heldStanding > 0 ? [{ arrangementTypeId: types.standing, quantity: s.heldStanding }] : []),
      ].filter((item) => item.quantity > 0),
      seats: seatsOf(booking.bookingId, types, legsBetween(change.from_station_id, change.to_station_id), s.heldGroup, s.heldWheelchair),
    });
    // A shorter segment gives legs back.
    await promoteWaitlistAfterCommit(work, [s], 'SEGMENT_CHANGE');
  }
  await moveSegment(work.tx, booking.id, change.direction, change.from_station_id, change.to_station_id);
  await recordStep(work, principal, booking);
}
