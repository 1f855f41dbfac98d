/**
 * The group booking lifecycle (DESIGN §5): submission with pricing and idempotency, holding
 * allotments without overbooking, confirmation and refusal by mail, notes, history and
 * notifications. Every step checks the state machine of packages/domain first.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  holdsAllotments,
  mayTake,
  type BookingState,
  type BookingStatus,
  type BookingStep,
  type BookingSubStatus,
  type RefusalReason,
  bookingFlags,
} from '@sagano/domain/bookings/booking-state';
import { UpdateParamsBody } from '@sagano/domain/bookings/booking-schemas';
import { previewChange, reprice } from '@sagano/domain/bookings/modification';
import type { BookingResponse, PaymentSummary, CancellationQuoteResponse, CalculateAmountBody, CalculateAmountResponse, CreateBookingBody, ServiceChoice , MAIL_TEMPLATES} from '@sagano/domain/bookings/booking-schemas';
import { E6 } from '@sagano/domain/bookings/pricing';
import { quoteCancellation } from '@sagano/domain/bookings/cancellation';
import { labelText } from '@sagano/domain/common/language';
import { legsBetween, segmentFitsDirection } from '@sagano/domain/inventory/legs';
import { DEFAULT_PAYMENT_DAY_BEFORE } from '@sagano/domain/master-data/group-schedule-schemas';
import { mailSignature } from '@sagano/domain/master-data/operator-basic-info-schemas';
import { rowsOf, type Db, type Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/principal.ts';
import { trimSeats } from '../seats/seats.repository.ts';
import { GROUP_TYPE_ID_SQL, holdAllotments, releaseAllotments, vacantOnLegsSql, type AllotmentRequest, type DirectionHold } from '../inventory/allotments.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { paymentDayBeforeOn } from '../master-data/group-schedules.repository.ts';
import { readOperatorBasicInfo } from '../master-data/operator-basic-info.repository.ts';
import { bookingNgMail, bookingOkMail, seatTableMail, voucherMail, type MailBooking } from './booking-mail-templates.ts';
import { bookingDocuments } from './booking-documents.ts';
import { insertBookingGraph, readSubmitContext, type SubmitContext } from './booking-submission.repository.ts';
import { loadBooking, readCancellationPolicy, readCancellationTerms, type BookingAggregate, type LockedBooking, type LockedService } from './bookings.repository.ts';
import { beginStep, callerOf, canSee, nextStep, notify, recordStep, stateOf } from './booking-steps.ts';
import { priceWith, readPricingReference } from './pricing-reference.ts';
import { tokyoToday as todayInTokyo } from '../timetable/timetable.service.ts';

/** Days after the cancellation by which a cancellation fee paid by card is due. */
const CANCELLATION_FEE_DUE_DAYS = 7;

const STATION_NAMES: Record<number, string> = { 1: 'トロッコ嵯峨', 2: 'トロッコ嵐山', 3: 'トロッコ保津峡', 4: 'トロッコ亀岡' };

function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

function directionsOf(order: CreateBookingBody['service_order']): { direction: 'down' | 'up'; choice: ServiceChoice; field: string }[] {
  const out: { direction: 'down' | 'up'; choice: ServiceChoice; field: string }[] = [];
  if (order.down_service) out.push({ direction: 'down', choice: order.down_service, field: 'service_order.down_service' });
  if (order.up_service) out.push({ direction: 'up', choice: order.up_service, field: 'service_order.up_service' });
  return out;
}

export function toMailBooking(a: BookingAggregate): MailBooking {
  const applicant = a.booking.applicant as { name: string };
  return {
    bookingId: a.booking.bookingId,
    groupName: a.booking.groupName,
    applicantName: applicant.name,
    agentName: a.agent.nameJa,
    participants: a.booking.participantQuantity,
    totalYen: Math.round(a.booking.totalAmountE6 / E6),
    services: a.services.map((s) => ({
      direction: s.direction,
      serviceDate: s.serviceDate,
      names: s.names,
      from: STATION_NAMES[s.fromStationId] ?? String(s.fromStationId),
      to: STATION_NAMES[s.toStationId] ?? String(s.toStationId),
      departure: s.departureHhmm,
      arrival: s.arrivalHhmm,
    })),
  };
}

function presentPayment(p: NonNullable<BookingAggregate['payment']>): PaymentSummary {
  return {
    payment_id: p.id,
    kind: p.kind,
    status: p.status as PaymentSummary['status'],
    payment_method: p.paymentMethod as PaymentSummary['payment_method'],
    total_amount: p.totalAmountE6,
    paid_amount: p.paidAmountE6,
    due_date: p.dueDate,
    issued_at: p.issuedAt.toISOString(),
  };
}

const NO_DOCUMENTS: BookingResponse['documents'] = { seat_table_sent_at: null, voucher_sent_at: null, outdated: [] };

/** The booking as the caller may see it; `documents` as read by bookingDocuments (none when not read). */
export function presentBooking(a: BookingAggregate, principal: Principal, documents: BookingResponse['documents'] = NO_DOCUMENTS): BookingResponse {
  const caller = callerOf(principal);
  const state = stateOf(a.booking, a.services.length === 2, a.agent.ignoreCancellationPolicy);
  const group = a.booking.group as BookingResponse['group'];
  return {
    booking_id: a.booking.bookingId,
    product_id: a.booking.productId,
    agent_id: a.agent.id,
    agent_type: a.agent.agentType,
    agent_name: a.agent.nameJa,
    agent_sub_group_id: a.subGroup.id,
    agent_sub_group_name: a.subGroup.nameJa,
    operator_name: a.booking.operatorName,
    status: state.status,
    sub_status: state.subStatus,
    refusal_reason: (a.booking.refusalReason as RefusalReason | null) ?? null,
    submitted_at: a.booking.submittedAt.toISOString(),
    wait_listing: a.booking.waitListing,
    caution: a.booking.caution,
    priority: a.booking.priority,
    applicant: a.booking.applicant as BookingResponse['applicant'],
    tour_conductor: (a.booking.tourConductor as BookingResponse['tour_conductor']) ?? null,
    group: { group_type: group.group_type, name: group.name, name_kana: group.name_kana ?? '', country_code: group.country_code, japan_prefecture_code: group.japan_prefecture_code ?? null },
    note: a.booking.note,
    main_params: {
      service_order: {
        is_round_trip: a.services.length === 2,
        update_count: a.booking.updateCount,
        services: a.services.map((s) => ({
          direction: s.direction as 'down' | 'up',
          service_day: s.serviceDate,
          service_id: s.serviceId,
          service_name: s.names,
          from_station_id: s.fromStationId,
          to_station_id: s.toStationId,
          departure_hhmm: s.departureHhmm,
          arrival_hhmm: s.arrivalHhmm,
          held_group: s.heldGroup,
          held_wheelchair: s.heldWheelchair,
          held_standing: s.heldStanding,
        })),
      },
      participant_group: {
        participant_quantity: a.booking.participantQuantity,
        unit_quantity_items: a.units.map((u) => ({
          unit_id: u.unitId,
          quantity: u.quantity,
          calculated_quantity: u.calculatedQuantity,
          unit_price: u.unitPriceE6,
          subtotal_amount: u.subtotalE6,
          decrement_quantity: u.decrementQuantity,
          decrement_fee: u.decrementFeeE6,
          record_largest_calculated_quantity: u.recordLargestCalculatedQuantity,
        })),
        wheel_chairs: a.wheelchairs.map((w) => ({ need_slope: w.needSlope })),
      },
      payment: a.payment ? presentPayment(a.payment) : null,
      total_amount: a.booking.totalAmountE6,
      voucherNote: a.booking.voucherNote,
      confirmNote: a.booking.confirmNote,
      revision: a.booking.revision,
      cancellation:
        a.booking.cancellationFeeE6 === null
          ? null
          : {
              cancellation_rate_e6: a.booking.cancellationRateE6 ?? 0,
              total_cancellation_fee: a.booking.cancellationFeeE6,
              cancelled_at: a.booking.cancelledAt?.toISOString() ?? null,
              payment: a.cancellationPayment ? presentPayment(a.cancellationPayment) : null,
            },
    },
    main_param_histories: a.histories.map((h) => {
      const snap = h.snapshot as { status?: BookingStatus; sub_status?: BookingSubStatus; service_order: unknown; participant_group: unknown; payment: unknown; confirm_note?: string };
      return {
        type: h.type as 'CREATE' | 'UPDATE' | 'CANCEL',
        status: snap.status ?? null,
        sub_status: snap.sub_status ?? null,
        revision: h.revision,
        created_at: h.createdAt.toISOString(),
        created_by: caller === 'AGENT' && !h.createdBy.includes('@') ? h.createdBy : caller === 'AGENT' ? '' : h.createdBy,
        // Each train with its name (the snapshot keeps the id only).
        service_order: Array.isArray(snap.service_order)
          ? (snap.service_order as { service_id: number }[]).map((leg) => ({ ...leg, service_name: a.serviceNames.get(leg.service_id) ?? [] }))
          : snap.service_order,
        participant_group: snap.participant_group,
        payment: snap.payment,
        confirm_note: snap.confirm_note ?? '',
      };
    }),
    pending_change: (a.booking.pendingChange as UpdateParamsBody | null) ?? null,
    documents,
    notes: a.notes
      .filter((n) => caller !== 'AGENT' || !n.isPrivate)
      .map((n) => ({ note_id: n.id, note: n.note, author: { type: n.authorType, name: n.authorName }, created_at: n.createdAt.toISOString(), is_private: n.isPrivate })),
    flags: { ...bookingFlags(state, caller), can_refuse: mayTake('refuse_booking', state, caller) },
    ...(caller === 'AGENT' ? {} : { booking_token: a.booking.bookingToken }),
  };
}

/** The first revision's snapshot: the same shape the database builds for later revisions. */
function creationSnapshot(status: BookingStatus, services: { direction: string; service_date: string; service_id: number; from_station_id: number; to_station_id: number }[], participantQuantity: number, units: { unit_id: number; quantity: number; calculated_quantity: number }[], wheelchairs: boolean[], totalAmountE6: number) {
  const directionOrder = (d: string) => (d === 'down' ? 0 : 1);
  return {
    status,
    sub_status: 'INITIAL',
    service_order: [...services].sort((x, y) => x.service_date.localeCompare(y.service_date) || directionOrder(x.direction) - directionOrder(y.direction)),
    participant_group: {
      participant_quantity: participantQuantity,
      unit_quantity_items: [...units].sort((x, y) => x.unit_id - y.unit_id).map((u) => ({ unit_id: u.unit_id, quantity: u.quantity, calculated_quantity: u.calculated_quantity })),
      wheel_chairs: wheelchairs.map((needSlope) => ({ need_slope: needSlope })),
    },
    payment: { total_amount: totalAmountE6 },
    confirm_note: '',
  };
}

/**
 * A replayed external_idempotent_id answers its booking, to the branch that made it only: the key
 * is unique per agent, and another branch (or another request) using it is refused, not answered
 * with a booking number it may not see.
 */
function replay(existing: { booking_id: string; request_hash: string | null; agent_sub_group_id: number }, hash: string, subGroupId: number): { booking_id: string } {
  if (existing.request_hash !== hash || existing.agent_sub_group_id !== subGroupId) {
    throw new AppError('UNPROCESSABLE', 'external_idempotent_id: already used for a different booking request', 'external_idempotent_id');
  }
  return { booking_id: existing.booking_id };
}

function byDateAndTrain(x: LockedService, y: LockedService): number {
  return x.serviceDate.localeCompare(y.serviceDate) || x.serviceId - y.serviceId;
}

/** What a booking's directions hold, as release requests. */
const SEATED_SUB_STATUSES: readonly string[] = ['SAGANO_SEAT_ASSIGNING', 'SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT', 'SAGANO_SEAT_NOT_AVAILABLE'];

/** The seat demand a hold of a booking's direction answers for (DESIGN §4, seatability). */
function seatsOf(bookingId: string, types: { group: number; wheelchair: number | null }, legs: readonly number[], group: number, wheelchair: number): DirectionHold['seats'] {
  return { demand: { bookingId, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]!, group, wheelchair }, types: { group: types.group, wheelchair: types.wheelchair } };
}

function heldOf(services: readonly LockedService[], types: { group: number; wheelchair: number | null; standing: number | null }): AllotmentRequest[] {
  return services.flatMap((s) => {
    const legs = legsBetween(s.fromStationId, s.toStationId);
    const base = { serviceDate: s.serviceDate, serviceId: s.serviceId, legs };
    return [
      { ...base, arrangementTypeId: types.group, quantity: s.heldGroup },
      ...(types.wheelchair !== null ? [{ ...base, arrangementTypeId: types.wheelchair, quantity: s.heldWheelchair }] : []),
      ...(types.standing !== null ? [{ ...base, arrangementTypeId: types.standing, quantity: s.heldStanding }] : []),
    ].filter((r) => r.quantity > 0);
  });
}

export function typesOf(booking: LockedBooking): { group: number; wheelchair: number | null; standing: number | null } {
  if (booking.types.group === null) throw new AppError('CONFLICT', 'no arrangement type is marked as the group allotment');
  return { group: booking.types.group, wheelchair: booking.types.wheelchair, standing: booking.types.standing };
}

/** Returns everything the booking holds and zeroes its held counts, in two statements. */
export async function releaseEverything(tx: Executor, booking: LockedBooking): Promise<void> {
  if (!booking.services.some((s) => s.heldGroup > 0 || s.heldWheelchair > 0 || s.heldStanding > 0)) return;
  await releaseAllotments(tx, heldOf([...booking.services].sort(byDateAndTrain), typesOf(booking)));
  await tx.execute(sql`update booking_services set held_group = 0, held_wheelchair = 0, held_standing = 0 where booking_id = ${booking.id}`);
}

/** After seats are returned, the first waitlisted booking on those trains that now fits is offered. */
export async function offerWaitlist(tx: Executor, released: LockedBooking): Promise<void> {
  const trains = JSON.stringify(released.services.map((s) => ({ service_date: s.serviceDate, service_id: s.serviceId })));
  // Per train, the first waitlisted request (in submission order) whose group seats are free on every leg of its segment.
  await tx.execute(sql`
    with trains as (
      select distinct * from json_to_recordset(${trains}::json) as t(service_date date, service_id int)
    ), offers as (
      select distinct on (t.service_date, t.service_id) b.id, b.agent_id, b.agent_sub_group_id
      from trains t
      join booking_services bs on bs.service_date = t.service_date and bs.service_id = t.service_id
      join bookings b on b.id = bs.booking_id
      where b.status = 'WAITLIST' and b.sub_status in ('INITIAL', 'SAGANO_ALLOTMENT_NOT_AVAILABLE') and b.id <> ${released.id}
        and ${vacantOnLegsSql(
          sql`bs.service_date`,
          sql`bs.service_id`,
          GROUP_TYPE_ID_SQL,
          sql`least(bs.from_station_id, bs.to_station_id)`,
          sql`greatest(bs.from_station_id, bs.to_station_id) - 1`,
        )}
            >= b.participant_quantity - (select count(*) from booking_wheelchairs w where w.booking_id = b.id)
      order by t.service_date, t.service_id, b.submitted_at, b.id
    )
    insert into notifications (audience, category, kind, booking_id, agent_id, agent_sub_group_id)
    select 'ADMIN', 'booking', 'WAITLIST_OFFER', id, agent_id, agent_sub_group_id from offers`);
}

/** The payment a booking's agent makes: FREE by card (due on `cardDueDate`), CONTRACTED by coupon, SPECIAL_CONTRACTED monthly. */
function paymentFor(agentType: string, cardDueDate: string): { status: string; method: string; dueDate: string | null } {
  if (agentType === 'FREE') return { status: 'PAYMENT_PENDING', method: 'ONLINE_CREDIT_CARD', dueDate: cardDueDate };
  if (agentType === 'CONTRACTED') return { status: 'PAYMENT_PENDING', method: 'COUPON', dueDate: null };
  return { status: 'INVOICE_PENDING', method: 'MONTHLY', dueDate: null };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function openFarePayment(tx: Executor, booking: LockedBooking, payment: { status: string; method: string; dueDate: string | null }): Promise<void> {
  await tx.insert(t.payments).values({ bookingId: booking.id, kind: 'FARE', status: payment.status, paymentMethod: payment.method, totalAmountE6: booking.totalAmountE6, dueDate: payment.dueDate });
}

type Direction = ReturnType<typeof directionsOf>[number];
type BookingContent = Pick<CreateBookingBody, 'group' | 'participant_group'>;

/** The request's directions, each segment checked against its train's direction. */
function checkedDirections(order: CreateBookingBody['service_order']): Direction[] {
  const directions = directionsOf(order);
  for (const { direction, choice, field } of directions) {
    if (!segmentFitsDirection(direction, choice.from_station_id, choice.to_station_id)) {
      throw new AppError('VALIDATION_FAILED', `${field}.to_station_id: the stations must follow the train's direction`, `${field}.to_station_id`);
    }
  }
  return directions;
}

/**
 * A train that has run cannot be booked: a service date before today (Asia/Tokyo) is refused,
 * naming its field. A change may keep a leg the booking already rides (`kept`), so the rest of a
 * booking whose outbound trip has run can still be corrected.
 */
function refusePastDates(directions: Direction[], kept: (d: Direction) => boolean = () => false): void {
  const today = todayInTokyo();
  for (const d of directions) {
    if (d.choice.service_date < today && !kept(d)) {
      throw new AppError('VALIDATION_FAILED', `${d.field}.service_date: ${d.choice.service_date} has passed (today is ${today} in Japan)`, `${d.field}.service_date`);
    }
  }
}

function readContext(tx: Executor, agentId: number, idempotentId: string | null, groupType: string, priceDate: string, directions: Direction[]) {
  return readSubmitContext(tx, {
    agentId,
    idempotentId,
    groupType,
    priceDate,
    directions: directions.map((d) => {
      const legs = legsBetween(d.choice.from_station_id, d.choice.to_station_id);
      return { direction: d.direction, serviceDate: d.choice.service_date, serviceId: d.choice.service_id, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]! };
    }),
  });
}

/** Every train runs and is on sale, the return is not before the outbound trip; the group priced. */
function checkContent(context: SubmitContext, directions: Direction[], body: BookingContent, priceDate: string) {
  directions.forEach(({ direction, choice, field }, i) => {
    const service = context.services[i]!;
    if (service.direction === null || !service.running) throw new AppError('SERVICE_NOT_RUNNING', `${field}.service_id: the train does not run on ${choice.service_date}`, `${field}.service_id`);
    if (service.direction !== direction) throw new AppError('VALIDATION_FAILED', `${field}.service_id: the train runs ${service.direction}`, `${field}.service_id`);
    if (service.day_status === 'suspended') throw new AppError('SERVICE_SUSPENDED', `${field}: the train is suspended on that day`);
    if (service.day_status === 'pending') throw new AppError('SALES_ON_HOLD', `${field}: sales of the train are on hold on that day`);
    if (service.arrangement_pattern_id === null) throw new AppError('SERVICE_NOT_RUNNING', `${field}: the train has no seats on sale that day`);
  });
  if (directions.length === 2 && directions[0]!.choice.service_date > directions[1]!.choice.service_date) {
    throw new AppError('VALIDATION_FAILED', 'service_order.up_service.service_date: the return must not be before the outbound trip', 'service_order.up_service.service_date');
  }
  const price = priceWith(context.pricing, body.group.group_type, priceDate, directions.length, body.participant_group.unit_quantity_items);
  const wheelchairs = body.participant_group.wheel_chairs.map((w) => w.need_slope);
  if (wheelchairs.length > price.participant_quantity) {
    throw new AppError('VALIDATION_FAILED', 'participant_group.wheel_chairs: more wheelchairs than participants', 'participant_group.wheel_chairs');
  }
  return { price, wheelchairs };
}

type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

/** The group's own page: booking id + token, no login (the voucher's QR code and the voucher mail). */
export function customerUrl(publicUrl: string, bookingId: string, token: string): string {
  return `${publicUrl}/customer/bookings/${bookingId}?token=${encodeURIComponent(token)}`;
}

/** A detached, plain-function service: methods may be passed around freely. */
export function createBookingsService(db: Db, options: { publicUrl: string }) {
  const begin = beginStep;
  const record = recordStep;

  async function load(executor: Executor, principal: Principal, bookingId: string): Promise<BookingAggregate> {
    const aggregate = await loadBooking(executor, bookingId);
    if (!aggregate || !canSee(principal, aggregate.booking)) throw notFound('booking');
    return aggregate;
  }

  /** The mail staff start from, signed with the operator's basic info. */
  async function mailTemplate(executor: Executor, a: BookingAggregate, template: MailTemplateName, reason: RefusalReason = 'FULL') {
    const b = toMailBooking(a);
    const signature = mailSignature(await readOperatorBasicInfo(executor));
    const mail =
      template === 'booking_ng'
        ? bookingNgMail(b, reason, signature)
        : template === 'seat_table'
          ? seatTableMail(b, signature)
          : template === 'voucher'
            ? voucherMail(b, customerUrl(options.publicUrl, a.booking.bookingId, a.booking.bookingToken), signature)
            : bookingOkMail(b, signature);
    return { ...mail, to_address: (a.booking.applicant as { email: string }).email };
  }

  /**
   * POST /calculate_amount: the price of these participants; with booking_id, what changing that
   * booking to them costs, re-priced exactly as the change will be (fares of the plan on the
   * earliest date, a decrement fee per participant below the largest count, per direction).
   */
  async function calculate(principal: Principal, body: CalculateAmountBody): Promise<CalculateAmountResponse> {
    const date = [...body.service_days].sort()[0]!;
    const reference = await readPricingReference(db, body.group_type, date);
    const price = priceWith(reference, body.group_type, date, body.service_days.length, body.participant_group.unit_quantity_items);
    if (body.booking_id === undefined) return price;
    const a = await load(db, principal, body.booking_id);
    const previous = a.units.map((u) => ({ unit_id: u.unitId, record_largest_calculated_quantity: u.recordLargestCalculatedQuantity }));
    const fees = new Map(reference.prices.map((p) => [p.unit_id, Number(p.decrement_fee_e6)]));
    const modification = previewChange(a.booking.totalAmountE6, reprice(previous, price, fees, body.service_days.length));
    return { ...price, total_amount: modification.total_amount, modification };
  }

  /** Submits a booking request; the same external_idempotent_id answers the same booking. */
  async function submit(work: Work, principal: Principal, body: CreateBookingBody): Promise<{ booking_id: string }> {
    const { tx } = work;
    const user = principal.user;
    if (user.kind === 'AGENT' && body.agent_id !== user.agent_id) throw new AppError('FORBIDDEN', 'agent_id: you can book only for your own agent', 'agent_id');
    if (user.kind === 'OPERATOR' && user.user_group === 'STATION') throw new AppError('FORBIDDEN', 'station staff cannot submit bookings');
    const directions = checkedDirections(body.service_order);
    refusePastDates(directions);
    const serviceDates = directions.map((d) => d.choice.service_date);
    const priceDate = [...serviceDates].sort()[0]!;
    const context = await readContext(tx, body.agent_id, body.external_idempotent_id ?? null, body.group.group_type, priceDate, directions);
    const agent = context.agent;
    if (!agent) throw new AppError('VALIDATION_FAILED', 'agent_id: no such agent', 'agent_id');
    let subGroupId = body.agent_sub_group_id ?? context.groups.find((g) => g.is_root)?.id;
    if (user.agent_sub_group_id !== null && user.kind === 'AGENT') {
      if (body.agent_sub_group_id !== undefined && body.agent_sub_group_id !== user.agent_sub_group_id) {
        throw new AppError('FORBIDDEN', 'agent_sub_group_id: you can book only for your own branch', 'agent_sub_group_id');
      }
      subGroupId = user.agent_sub_group_id;
    }
    if (!subGroupId || !context.groups.some((g) => g.id === subGroupId)) throw new AppError('VALIDATION_FAILED', 'agent_sub_group_id: not a branch of this agent', 'agent_sub_group_id');

    const hash = requestHash(body);
    if (context.existing) return replay(context.existing, hash, subGroupId);
    if (context.group_type_id === null) throw new AppError('CONFLICT', 'no arrangement type is marked as the group allotment');

    const { price, wheelchairs } = checkContent(context, directions, body, priceDate);
    const needed = price.participant_quantity - wheelchairs.length;
    const fits = context.services.every((s) => s.vacant >= needed);
    if (!fits && !body.wait_listing) {
      // Only a waitlist request may ask for more than the train has free.
      const i = context.services.findIndex((s) => s.vacant < needed);
      const { field } = directions[i]!;
      throw new AppError('NOT_ENOUGH_SEATS', `${field}: ${context.services[i]!.vacant} group seats are free on this train for the segment; the group needs ${needed} (a waitlist request may ask for more)`, field);
    }
    const status: BookingStatus = body.wait_listing && !fits ? 'WAITLIST' : 'SUBMITTED';

    const services = directions.map((d) => ({
      direction: d.direction,
      service_date: d.choice.service_date,
      service_id: d.choice.service_id,
      from_station_id: d.choice.from_station_id,
      to_station_id: d.choice.to_station_id,
    }));
    const units = price.unit_quantity_items.map((i) => ({ unit_id: i.unit_id, quantity: i.quantity, calculated_quantity: i.calculated_quantity, unit_price_e6: i.unit_price, subtotal_e6: i.subtotal_amount }));
    for (let attempt = 0; attempt < 5; attempt++) {
      const inserted = await insertBookingGraph(tx, {
        bookingId: String(randomInt(10_000_000, 100_000_000)),
        bookingToken: randomBytes(24).toString('base64url'),
        agentId: agent.id,
        agentSubGroupId: subGroupId,
        status,
        waitListing: body.wait_listing,
        groupType: body.group.group_type,
        groupName: body.group.name,
        group: body.group,
        applicant: body.applicant,
        tourConductor: body.tour_conductor,
        author: body.author ?? { type: user.kind === 'AGENT' ? 'AGENT' : 'ADMIN', name: user.name },
        note: body.note,
        operatorName: body.operator ?? '',
        participantQuantity: price.participant_quantity,
        totalAmountE6: price.total_amount,
        externalIdempotentId: body.external_idempotent_id ?? null,
        requestHash: hash,
        createdBy: principal.accountId,
        services,
        units,
        wheelchairs,
        snapshot: creationSnapshot(status, services, price.participant_quantity, units, wheelchairs, price.total_amount),
        historyBy: user.email,
        notificationKinds: ['BOOKING_RECEIVED', ...(body.tour_conductor?.name ? [] : ['TOUR_CONDUCTOR_NOT_REGISTERED'])],
      });
      if (inserted) return { booking_id: inserted.booking_id };
      if (body.external_idempotent_id) {
        // A parallel request with the same id won the race: answer with its booking.
        const [existing] = await tx.select().from(t.bookings).where(sql`${t.bookings.agentId} = ${agent.id} and ${t.bookings.externalIdempotentId} = ${body.external_idempotent_id}`);
        if (existing) return replay({ booking_id: existing.bookingId, request_hash: existing.requestHash, agent_sub_group_id: existing.agentSubGroupId }, hash, subGroupId);
      }
    }
    throw new AppError('CONFLICT', 'could not allocate a booking number; try again');
  }

  /**
   * Holds the group seats (and wheelchair places) of every direction not yet held. Each
   * direction holds all its legs or nothing; a round trip with one direction held is PENDING;
   * nothing held releases everything and warns.
   */
  async function reserveAllotments(work: Work, principal: Principal, bookingId: string): Promise<{ sub_status: BookingSubStatus; warning: string | null }> {
    const { booking, state } = await begin(work, principal, bookingId, 'reserve_allotments');
    const today = todayInTokyo();
    const past = booking.services.findIndex((s) => s.serviceDate < today && s.heldGroup === 0 && s.heldWheelchair === 0);
    if (past >= 0) {
      throw new AppError('VALIDATION_FAILED', `services.${past}.service_date: ${booking.services[past]!.serviceDate} has passed (today is ${today} in Japan)`, `services.${past}.service_date`);
    }
    const groupSeats = booking.participantQuantity - booking.wheelchairs;
    const todo = booking.services.filter((s) => s.heldGroup === 0 && s.heldWheelchair === 0).sort(byDateAndTrain);
    const types = todo.length > 0 ? typesOf(booking) : null;
    const failures: string[] = [];
    for (const s of todo) {
      try {
        if (booking.wheelchairs > 0 && types!.wheelchair === null) throw new AppError('NOT_ENOUGH_SEATS', 'no wheelchair places are configured');
        await holdAllotments(work.tx, {
          serviceDate: s.serviceDate,
          serviceId: s.serviceId,
          legs: legsBetween(s.fromStationId, s.toStationId),
          items: [
            { arrangementTypeId: types!.group, quantity: groupSeats },
            ...(booking.wheelchairs > 0 ? [{ arrangementTypeId: types!.wheelchair!, quantity: booking.wheelchairs }] : []),
          ],
          bookingService: { bookingId: booking.id, direction: s.direction, heldGroup: groupSeats, heldWheelchair: booking.wheelchairs },
          seats: seatsOf(booking.bookingId, types!, legsBetween(s.fromStationId, s.toStationId), groupSeats, booking.wheelchairs),
        });
        s.heldGroup = groupSeats;
        s.heldWheelchair = booking.wheelchairs;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        failures.push(`${s.serviceDate} ${labelText(s.names, 'ja')}: ${error.message}`);
      }
    }
    const heldNow = booking.services.filter((s) => s.heldGroup > 0 || s.heldWheelchair > 0).length;
    const outcome = heldNow === booking.services.length ? 'ALL' : heldNow === 0 ? 'NONE' : 'SOME';
    const next = nextStep(state, 'reserve_allotments', callerOf(principal), { outcome });
    let warning: string | null = null;
    if (next.subStatus === 'SAGANO_ALLOTMENT_NOT_AVAILABLE') {
      await releaseEverything(work.tx, booking);
      warning = `no allotment could be held; everything was released (${failures.join('; ')})`;
    } else if (failures.length > 0) {
      warning = `one direction could not be held (${failures.join('; ')})`;
    }
    await record(work, principal, booking, { subStatus: next.subStatus });
    return { sub_status: next.subStatus, warning };
  }

  async function releaseAllotmentsStep(work: Work, principal: Principal, bookingId: string): Promise<void> {
    const { booking, state } = await begin(work, principal, bookingId, 'release_allotments');
    await releaseEverything(work.tx, booking);
    const next = nextStep(state, 'release_allotments', callerOf(principal));
    await offerWaitlist(work.tx, booking);
    await record(work, principal, booking, { subStatus: next.subStatus });
  }

  /** Confirms the reservation, opens its payment and mails the booking OK. */
  async function confirm(work: Work, principal: Principal, bookingId: string, mail: { subject: string; body: string }): Promise<void> {
    const { booking, state } = await begin(work, principal, bookingId, 'confirm_booking');
    const next = nextStep(state, 'confirm_booking', callerOf(principal));
    // A card payment is due the group schedule's payment_day_before days before the first train.
    const firstDate = booking.services.map((s) => s.serviceDate).sort()[0]!;
    const daysBefore = (await paymentDayBeforeOn(work.tx, firstDate)) ?? DEFAULT_PAYMENT_DAY_BEFORE;
    await openFarePayment(work.tx, booking, paymentFor(booking.agentType, addDays(firstDate, -daysBefore)));
    const policy = await readCancellationPolicy(work.tx);
    await enqueueMail(work, { kind: 'booking.ok', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.body, bookingId });
    await notify(work.tx, booking, 'AGENT', 'BOOKING_CONFIRMED');
    await notify(work.tx, booking, 'ADMIN', 'PAYMENT_REQUEST', 'payment');
    await record(work, principal, booking, { status: next.status, cancellationPolicy: policy });
  }

  /** Refuses the request with a reason: everything held is released, nothing is owed. */
  async function refuse(work: Work, principal: Principal, bookingId: string, reason: RefusalReason, mail: { subject: string; body: string }): Promise<void> {
    const { booking, state } = await begin(work, principal, bookingId, 'refuse_booking');
    const next = nextStep(state, 'refuse_booking', callerOf(principal));
    if (holdsAllotments(state)) await releaseEverything(work.tx, booking);
    await openFarePayment(work.tx, booking, { status: 'NO_NEED_TO_PAY', method: 'UNKNOWN', dueDate: null });
    await enqueueMail(work, { kind: 'booking.ng', toAddress: booking.applicantEmail, subject: mail.subject, bodyText: mail.body, bookingId });
    await notify(work.tx, booking, 'AGENT', 'BOOKING_REFUSED');
    if (holdsAllotments(state)) await offerWaitlist(work.tx, booking);
    await record(work, principal, booking, { status: next.status, subStatus: next.subStatus, refusalReason: reason });
  }

  /** The fee the booking would owe if cancelled today, with the policy it is priced on. */
  async function cancellationQuote(executor: Executor, principal: Principal, bookingId: string): Promise<CancellationQuoteResponse> {
    const a = await load(executor, principal, bookingId);
    const terms = await readCancellationTerms(executor, a.booking.id);
    const quote = quoteCancellation({
      policy: terms.policy,
      totalAmountE6: a.booking.totalAmountE6,
      serviceDate: a.services.map((s) => s.serviceDate).sort()[0]!,
      today: todayInTokyo(),
      confirmed: terms.fareOwed,
    });
    return { ...quote, policy: terms.policy, ignore_cancellation_policy: a.agent.ignoreCancellationPolicy };
  }

  async function quoteFor(tx: Executor, booking: LockedBooking) {
    const terms = await readCancellationTerms(tx, booking.id);
    const serviceDate = booking.services.map((s) => s.serviceDate).sort()[0]!;
    return quoteCancellation({ policy: terms.policy, totalAmountE6: booking.totalAmountE6, serviceDate, today: todayInTokyo(), confirmed: terms.fareOwed });
  }

  /**
   * Ends the booking: seats and allotments are returned (waitlisted groups offered the room),
   * an unpaid fare is no longer owed, the fee quoted is opened as a cancellation payment
   * (NO_NEED_TO_PAY when 0), and a CANCEL revision is written.
   */
  async function finishCancellation(work: Work, principal: Principal, booking: LockedBooking, state: BookingState, feeE6: number, rateE6: number) {
    const { tx } = work;
    await tx.execute(sql`delete from seat_assignments where booking_id = ${booking.bookingId}`);
    if (holdsAllotments(state)) await releaseEverything(tx, booking);
    await tx.execute(sql`
      update payments set status = 'NO_NEED_TO_PAY', updated_at = now()
      where booking_id = ${booking.id} and kind = 'FARE' and paid_amount_e6 = 0 and status in ('PAYMENT_PENDING', 'INVOICE_PENDING', 'INITED')`);
    // A fee paid by card is due a week from the cancellation (the service date may be past).
    const owed = feeE6 > 0 ? paymentFor(booking.agentType, addDays(todayInTokyo(), CANCELLATION_FEE_DUE_DAYS)) : { status: 'NO_NEED_TO_PAY', method: 'UNKNOWN', dueDate: null };
    await tx.insert(t.payments).values({ bookingId: booking.id, kind: 'CANCELLATION', status: owed.status, paymentMethod: owed.method, totalAmountE6: feeE6, dueDate: owed.dueDate });
    await notify(tx, booking, 'AGENT', 'CANCELLATION_CONFIRMED');
    if (holdsAllotments(state)) await offerWaitlist(tx, booking);
    await record(work, principal, booking, { status: 'CANCELLED', subStatus: 'INITIAL', voucherConfirmed: false, cancellationRateE6: rateE6, cancellationFeeE6: feeE6, cancelledAt: 'now' }, 'CANCEL');
  }

  /**
   * POST /cancel. An agent asks (agreeing to the policy and the fee shown, unless its agent
   * ignores the policy): CANCELLATION_SUBMITTED, for the operator to confirm. The operator
   * starts one: CANCELLATION_PENDING with the fee quoted, for the agent to agree, or cancelled
   * at once for an agent that ignores the policy.
   */
  async function cancel(work: Work, principal: Principal, bookingId: string, body: { agree_cancellation_policy: boolean }): Promise<{ status: BookingStatus; cancellation_fee: number }> {
    const caller = callerOf(principal);
    const step: BookingStep = caller === 'AGENT' ? 'request_cancellation' : 'start_cancellation';
    const { booking, state } = await begin(work, principal, bookingId, step);
    if (caller === 'AGENT' && !booking.ignoreCancellationPolicy && !body.agree_cancellation_policy) {
      throw new AppError('VALIDATION_FAILED', 'agree_cancellation_policy: agree to the cancellation policy to cancel', 'agree_cancellation_policy');
    }
    const next = nextStep(state, step, caller);
    const quote = await quoteFor(work.tx, booking);
    if (next.status === 'CANCELLED') {
      await finishCancellation(work, principal, booking, state, quote.cancellation_fee, quote.rate_e6);
    } else {
      // The operator hears of an agent's request; the agent is asked to agree to the fee the operator quoted.
      await notify(work.tx, booking, caller === 'AGENT' ? 'ADMIN' : 'AGENT', caller === 'AGENT' ? 'CANCELLATION' : 'CANCELLATION_FEE_QUOTED');
      await record(work, principal, booking, { status: next.status, cancellationRateE6: quote.rate_e6, cancellationFeeE6: quote.cancellation_fee });
    }
    return { status: next.status, cancellation_fee: quote.cancellation_fee };
  }

  /** The operator confirms an agent's request, or the agent agrees to the fee the operator quoted: CANCELLED (irreversible). */
  async function confirmCancellation(work: Work, principal: Principal, bookingId: string): Promise<void> {
    const caller = callerOf(principal);
    const step: BookingStep = caller === 'AGENT' ? 'agree_cancellation' : 'confirm_cancellation';
    const { booking, state } = await begin(work, principal, bookingId, step);
    const [quoted] = await work.tx.select({ fee: t.bookings.cancellationFeeE6, rate: t.bookings.cancellationRateE6 }).from(t.bookings).where(eq(t.bookings.id, booking.id));
    // The fee quoted when the cancellation was asked for or started is the one agreed to.
    const quote = quoted?.fee != null ? { fee: quoted.fee, rate: quoted.rate ?? 0 } : await quoteFor(work.tx, booking).then((q) => ({ fee: q.cancellation_fee, rate: q.rate_e6 }));
    await finishCancellation(work, principal, booking, state, quote.fee, quote.rate);
  }

  /**
   * Checks a change against the timetable, sales and prices, and re-prices it with the decrement
   * fee for removed participants. Nothing is written.
   */
  async function planChange(tx: Executor, booking: LockedBooking, change: UpdateParamsBody) {
    const directions = checkedDirections(change.service_order);
    refusePastDates(directions, (d) => booking.services.some((s) => s.direction === d.direction && s.serviceDate === d.choice.service_date && s.serviceId === d.choice.service_id));
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
    const previous = rowsOf<{ unit_id: number; record_largest_calculated_quantity: number }>(
      await tx.execute(sql`select unit_id, record_largest_calculated_quantity from booking_units where booking_id = ${booking.id}`),
    );
    const fees = new Map(context.pricing.prices.map((p) => [p.unit_id, Number(p.decrement_fee_e6)]));
    const repricing = reprice(previous, price, fees, directions.length);
    const seatsChanged = trainsChanged || price.participant_quantity !== booking.participantQuantity || wheelchairs.length !== booking.wheelchairs;
    return { directions, price, wheelchairs, repricing, trainsChanged, seatsChanged, vacancies: context.services.map((s) => s.vacant) };
  }

  /**
   * Writes a change: trains, units and wheelchairs replaced, allotments moved to the new trains
   * and counts in the same transaction (a change that does not fit is refused and nothing moves),
   * seats given up when trains or counts change, the unpaid fare re-priced.
   */
  async function writeChange(work: Work, principal: Principal, booking: LockedBooking, state: BookingState, change: UpdateParamsBody, status: BookingStatus) {
    const { tx } = work;
    const plan = await planChange(tx, booking, change);
    const held = holdsAllotments(state);
    let subStatus = state.subStatus;
    // A headcount change on the same trains keeps the seats of the people who remain; only a train change gives them all up.
    const keepSeats = held && plan.seatsChanged && !plan.trainsChanged && booking.services.every((s) => s.heldStanding === 0);
    if (plan.seatsChanged) {
      if (!keepSeats) await tx.execute(sql`delete from seat_assignments where booking_id = ${booking.bookingId}`);
      if (held) {
        await releaseEverything(tx, booking);
        if (!keepSeats) subStatus = 'SAGANO_ALLOTMENT_CONFIRMED';
      }
    }
    const groupSeats = plan.price.participant_quantity - plan.wheelchairs.length;
    const holdNow = held && plan.seatsChanged;
    await tx.execute(sql`delete from booking_services where booking_id = ${booking.id}`);
    await tx.insert(t.bookingServices).values(
      plan.directions.map((d) => ({
        bookingId: booking.id,
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
    await tx.execute(sql`delete from booking_units where booking_id = ${booking.id}`);
    await tx.insert(t.bookingUnits).values(
      plan.repricing.unit_quantity_price_items.map((i) => ({
        bookingId: booking.id,
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
    await tx.execute(sql`delete from booking_wheelchairs where booking_id = ${booking.id}`);
    if (plan.wheelchairs.length > 0) await tx.insert(t.bookingWheelchairs).values(plan.wheelchairs.map((needSlope) => ({ bookingId: booking.id, needSlope })));
    await tx
      .update(t.bookings)
      .set({
        applicant: change.applicant,
        tourConductor: change.tour_conductor,
        group: change.group,
        groupType: change.group.group_type,
        groupName: change.group.name,
        note: change.note,
        participantQuantity: plan.price.participant_quantity,
        totalAmountE6: plan.repricing.total_amount,
        updateCount: sql`${t.bookings.updateCount} + ${plan.trainsChanged ? 1 : 0}`,
      })
      .where(eq(t.bookings.id, booking.id));
    await tx.execute(sql`
      update payments set total_amount_e6 = ${plan.repricing.total_amount}, updated_at = now()
      where booking_id = ${booking.id} and kind = 'FARE' and paid_amount_e6 = 0 and status in ('PAYMENT_PENDING', 'INVOICE_PENDING', 'INITED')`);
    if (held && plan.seatsChanged) await offerWaitlist(tx, booking);
    const seatsGone = plan.seatsChanged && subStatus !== state.subStatus;
    await record(work, principal, booking, { status, subStatus, pendingChange: null, ...(seatsGone ? { voucherConfirmed: false } : {}) });
    return plan.repricing.total_amount;
  }

  /**
   * An agent's change that cannot fit is refused when asked, not when staff try to accept it:
   * on each train the group seats free for the segment, plus what the booking already holds on
   * that same train, must cover the new group (the hold on acceptance stays the final word).
   */
  function refuseChangeWithoutRoom(booking: LockedBooking, plan: Awaited<ReturnType<typeof planChange>>): void {
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
  async function updateParams(work: Work, principal: Principal, bookingId: string, change: UpdateParamsBody): Promise<{ status: BookingStatus; total_amount: number }> {
    const caller = callerOf(principal);
    const { booking, state } = await begin(work, principal, bookingId, 'request_modification');
    if (caller === 'OPERATOR') {
      const total = await writeChange(work, principal, booking, state, change, 'MODIFIED');
      await notify(work.tx, booking, 'AGENT', 'MODIFICATION_CONFIRMED');
      return { status: 'MODIFIED', total_amount: total };
    }
    const plan = await planChange(work.tx, booking, change);
    refuseChangeWithoutRoom(booking, plan);
    await notify(work.tx, booking, 'ADMIN', 'MODIFICATION');
    await record(work, principal, booking, { status: 'MODIFICATION_SUBMITTED', pendingChange: change });
    return { status: 'MODIFICATION_SUBMITTED', total_amount: plan.repricing.total_amount };
  }

  async function acceptModification(work: Work, principal: Principal, bookingId: string): Promise<void> {
    const { booking, state } = await begin(work, principal, bookingId, 'accept_modification');
    const [row] = await work.tx.select({ change: t.bookings.pendingChange }).from(t.bookings).where(eq(t.bookings.id, booking.id));
    const change = UpdateParamsBody.parse(row?.change);
    await writeChange(work, principal, booking, state, change, 'MODIFIED');
    await notify(work.tx, booking, 'AGENT', 'MODIFICATION_CONFIRMED');
  }

  async function rejectModification(work: Work, principal: Principal, bookingId: string): Promise<void> {
    const { booking } = await begin(work, principal, bookingId, 'reject_modification');
    await notify(work.tx, booking, 'AGENT', 'MODIFICATION_REFUSED');
    await record(work, principal, booking, { status: 'NOT_MODIFIED', pendingChange: null });
  }

  async function selectPriority(work: Work, principal: Principal, bookingId: string, priority: number): Promise<void> {
    const { booking } = await begin(work, principal, bookingId, 'select_priority');
    await record(work, principal, booking, { priority });
  }

  async function assignOperator(work: Work, principal: Principal, bookingId: string, operatorName: string): Promise<void> {
    const { booking } = await begin(work, principal, bookingId, 'assign_operator');
    await record(work, principal, booking, { operatorName });
  }

  async function addSpecialNote(work: Work, principal: Principal, bookingId: string, notes: { confirm_note?: string; voucher_note?: string }): Promise<void> {
    const { booking } = await begin(work, principal, bookingId, 'add_special_note');
    await record(work, principal, booking, { confirmNote: notes.confirm_note, voucherNote: notes.voucher_note });
  }

  /** Changes the segment of one direction; held allotments move to the new legs atomically. */
  async function updateFromToStation(work: Work, principal: Principal, bookingId: string, change: { direction: 'down' | 'up'; from_station_id: number; to_station_id: number }): Promise<void> {
    const { booking } = await begin(work, principal, bookingId, 'update_from_to_station');
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
    }
    await work.tx
      .update(t.bookingServices)
      .set({ fromStationId: change.from_station_id, toStationId: change.to_station_id })
      .where(sql`${t.bookingServices.bookingId} = ${booking.id} and ${t.bookingServices.direction} = ${change.direction}`);
    await record(work, principal, booking);
  }

  async function addNote(work: Work, principal: Principal, bookingId: string, note: { note: string; is_private: boolean }) {
    const { booking } = await begin(work, principal, bookingId, 'add_note');
    const caller = callerOf(principal);
    if (caller === 'AGENT' && note.is_private) throw new AppError('FORBIDDEN', 'is_private: agents cannot write private notes', 'is_private');
    const [created] = await work.tx
      .insert(t.bookingNotes)
      .values({ bookingId: booking.id, note: note.note, authorType: caller === 'AGENT' ? 'AGENT' : 'ADMIN', authorName: principal.user.name, authorAccountId: principal.accountId, isPrivate: note.is_private })
      .returning({ id: t.bookingNotes.id });
    if (!note.is_private) {
      await notify(work.tx, booking, caller === 'AGENT' ? 'ADMIN' : 'AGENT', 'NOTE_UPDATED');
    }
    return { note_id: created!.id };
  }

  async function updateNote(work: Work, principal: Principal, noteId: number, note: { note: string; is_private: boolean }) {
    const [existing] = await work.tx.select().from(t.bookingNotes).where(eq(t.bookingNotes.id, noteId)).for('update');
    if (!existing) throw notFound('note');
    const [booking] = await work.tx.select().from(t.bookings).where(eq(t.bookings.id, existing.bookingId));
    if (!booking || !canSee(principal, booking) || (callerOf(principal) === 'AGENT' && existing.isPrivate)) throw notFound('note');
    if (existing.authorAccountId !== principal.accountId) throw new AppError('FORBIDDEN', 'only the author can change a note');
    if (callerOf(principal) === 'AGENT' && note.is_private) throw new AppError('FORBIDDEN', 'is_private: agents cannot write private notes', 'is_private');
    await work.tx.update(t.bookingNotes).set({ note: note.note, isPrivate: note.is_private, updatedAt: new Date() }).where(eq(t.bookingNotes.id, noteId));
    return { note_id: noteId };
  }

  return {
    calculate,
    submit,
    /** The whole booking as the caller may see it (agents do not see private notes). */
    get: async (executor: Executor, principal: Principal, bookingId: string): Promise<BookingResponse> => {
      const a = await load(executor, principal, bookingId);
      return presentBooking(a, principal, await bookingDocuments(executor, a));
    },
    present: presentBooking,
    reserveAllotments,
    releaseAllotments: releaseAllotmentsStep,
    template: async (executor: Executor, principal: Principal, bookingId: string, template: MailTemplateName, reason?: RefusalReason) =>
      mailTemplate(executor, await load(executor, principal, bookingId), template, reason),
    confirm,
    refuse,
    cancellationQuote,
    cancel,
    updateParams,
    acceptModification,
    rejectModification,
    confirmCancellation,
    selectPriority,
    assignOperator,
    addSpecialNote,
    updateFromToStation,
    notes: async (executor: Executor, principal: Principal, bookingId: string) => presentBooking(await load(executor, principal, bookingId), principal).notes,
    addNote,
    updateNote,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
