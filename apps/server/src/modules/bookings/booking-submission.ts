/**
 * Submission of a booking request (DESIGN §5): the request checked against the timetable, sales
 * and prices, its seats counted, its number allocated, idempotent per external_idempotent_id.
 * The request checks are shared with a change of the booking.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { BookingStatus } from '@sagano/domain/bookings/booking-state';
import type { BookingChannel } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import { personData, type CreateBookingBody, type ServiceChoice } from '@sagano/domain/bookings/booking-schemas';
import { legsBetween, segmentFitsDirection } from '@sagano/domain/inventory/legs';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { refuseClosedTerms } from './contract-term-deadline.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { insertBookingGraph } from '../booking-core/index.ts';
import { enabledRulesFromJson, type InstantConfirmationRuleRow } from '../instant-confirmation/index.ts';
import { findByIdempotentId, readSubmitContext, type SubmitContext } from './booking-submission.repository.ts';
import { priceFareSql } from '../payments/index.ts';
import { priceWith } from './pricing-reference.ts';
import { refuseAgentFeeChange } from './handling-fees.ts';

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

export type Direction = ReturnType<typeof directionsOf>[number];
type BookingContent = Pick<CreateBookingBody, 'group' | 'participant_group'>;

/** The request's directions, each segment checked against its train's direction. */
export function checkedDirections(order: CreateBookingBody['service_order']): Direction[] {
  const directions = directionsOf(order);
  for (const { direction, choice, field } of directions) {
    if (!segmentFitsDirection(direction, choice.from_station_id, choice.to_station_id)) {
      throw new AppError('VALIDATION_FAILED', `${field}.to_station_id: the stations must follow the train's direction`, `${field}.to_station_id`);
    }
  }
  return directions;
}

/**
 * A train that has run cannot be booked: a service date before `today` (the business date in
 * Asia/Tokyo) is refused, naming its field. A change may keep a leg the booking already rides
 * (`kept`), so the rest of a booking whose outbound trip has run can still be corrected.
 */
export function refusePastDates(directions: Direction[], today: string, kept: (d: Direction) => boolean = () => false): void {
  for (const d of directions) {
    if (d.choice.service_date < today && !kept(d)) {
      throw new AppError('VALIDATION_FAILED', `${d.field}.service_date: ${d.choice.service_date} has passed (today is ${today} in Japan)`, `${d.field}.service_date`);
    }
  }
}

/**
 * The submission's one read; for a new request (`newRequestOn`, today) it also reads the closed
 * special contract terms and the instant confirmation rules turned on.
 */
export function readContext(tx: Executor, agentId: number, idempotentId: string | null, groupType: string, priceDate: string, directions: Direction[], newRequestOn?: string) {
  return readSubmitContext(tx, {
    agentId,
    idempotentId,
    groupType,
    priceDate,
    closedTermsBefore: newRequestOn,
    withInstantRules: newRequestOn !== undefined,
    directions: directions.map((d) => {
      const legs = legsBetween(d.choice.from_station_id, d.choice.to_station_id);
      return { direction: d.direction, serviceDate: d.choice.service_date, serviceId: d.choice.service_id, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]! };
    }),
  });
}

/** Every train runs and is on sale, the return is not before the outbound trip; the group priced. */
export function checkContent(context: SubmitContext, directions: Direction[], body: BookingContent, priceDate: string) {
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
  refuseGroupSize(context, directions, price.participant_quantity, price.participant_quantity - wheelchairs.length);
  return { price, wheelchairs };
}

/**
 * A group is at least the operator's minimum size, and never larger than a train's whole group
 * allotment on its segment: no cancellation could ever make room for it, so it is refused with
 * that capacity rather than put on the waitlist.
 */
function refuseGroupSize(context: SubmitContext, directions: Direction[], participants: number, groupSeats: number): void {
  const minimum = context.min_group_size;
  if (participants < minimum) {
    throw new AppError('GROUP_TOO_SMALL', `participant_group: a group must be at least ${minimum} participants; this one is ${participants}`, 'participant_group', { limit: minimum });
  }
  directions.forEach(({ field }, i) => {
    const { capacity } = context.services[i]!;
    if (groupSeats > capacity) {
      throw new AppError('GROUP_OVER_CAPACITY', `${field}: the train carries at most ${capacity} group seats on this segment; the group needs ${groupSeats}`, field, { limit: capacity });
    }
  });
}

/** The channel a request came in by, from its caller: an API key, operator staff, else an agent's screen (ADR 037). */
export function channelOfCaller(principal: Principal): BookingChannel {
  if (principal.apiKey) return 'API';
  return principal.user.kind === 'OPERATOR' ? 'BACK_OFFICE' : 'PORTAL';
}

/**
 * Submits a booking request; the same external_idempotent_id answers the same booking (`created`
 * false). `channel` names how it came in when the caller cannot say it (the OCTO reseller API).
 */
export async function submit(
  work: Work,
  principal: Principal,
  body: CreateBookingBody,
  clock: Clock,
  channel: BookingChannel = channelOfCaller(principal),
): Promise<{ booking_id: string; created: boolean; instantRules: InstantConfirmationRuleRow[] }> {
  const { tx } = work;
  const user = principal.user;
  if (user.kind === 'AGENT' && body.agent_id !== user.agent_id) throw new AppError('FORBIDDEN', 'agent_id: you can book only for your own agent', 'agent_id');
  if (user.kind === 'OPERATOR' && user.user_group === 'STATION') throw new AppError('FORBIDDEN', 'station staff cannot submit bookings');
  const directions = checkedDirections(body.service_order);
  const today = clock.today();
  refusePastDates(directions, today);
  const serviceDates = directions.map((d) => d.choice.service_date);
  const priceDate = [...serviceDates].sort()[0]!;
  const context = await readContext(tx, body.agent_id, body.external_idempotent_id ?? null, body.group.group_type, priceDate, directions, today);
  // The closed terms come with the read (no statement of their own), and are checked before anything else in it.
  refuseClosedTerms(context.closed_terms ?? [], directions);
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

  // The hash only ever decides a replay of external_idempotent_id: a request without one stores none.
  const hash = body.external_idempotent_id ? requestHash(body) : null;
  if (context.existing) return { ...replay(context.existing, hash!, subGroupId), created: false, instantRules: [] };
  if (context.group_type_id === null) throw new AppError('CONFLICT', 'no arrangement type is marked as the group allotment');

  const { price, wheelchairs } = checkContent(context, directions, body, priceDate);
  if (user.kind === 'AGENT') {
    const fees = context.pricing.units.filter((u) => u.fare_type === 'CHANGE_HANDLE_FEE').map((u): [number, number] => [u.id, 0]);
    refuseAgentFeeChange(new Map(fees), body.participant_group.unit_quantity_items);
  }
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
      applicant: personData(body.applicant),
      tourConductor: body.tour_conductor && personData(body.tour_conductor),
      author: body.author ?? { type: user.kind === 'AGENT' ? 'AGENT' : 'ADMIN', name: user.name },
      note: body.note,
      operatorName: body.operator ?? '',
      participantQuantity: price.participant_quantity,
      totalAmountE6: price.total_amount,
      externalIdempotentId: body.external_idempotent_id ?? null,
      requestHash: hash,
      createdBy: principal.accountId,
      channel,
      services,
      units,
      wheelchairs,
      snapshot: creationSnapshot(status, services, price.participant_quantity, units, wheelchairs, price.total_amount),
      historyBy: user.email,
      notificationKinds: ['BOOKING_RECEIVED', ...(body.tour_conductor?.name ? [] : ['TOUR_CONDUCTOR_NOT_REGISTERED'])],
      // The fare exists from submission, priced and owing nothing yet (INITED); confirmation opens it.
      fare: priceFareSql({ agentType: agent.agent_type, totalAmountE6: price.total_amount }),
    });
    if (inserted) return { booking_id: inserted.booking_id, created: true, instantRules: enabledRulesFromJson(context.instant_rules ?? []) };
    if (body.external_idempotent_id) {
      // A parallel request with the same id won the race: answer with its booking.
      const existing = await findByIdempotentId(tx, agent.id, body.external_idempotent_id);
      if (existing) return { ...replay({ booking_id: existing.bookingId, request_hash: existing.requestHash, agent_sub_group_id: existing.agentSubGroupId }, hash!, subGroupId), created: false, instantRules: [] };
    }
  }
  throw new AppError('CONFLICT', 'could not allocate a booking number; try again');
}
