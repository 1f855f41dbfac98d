/**
 * The group booking lifecycle (DESIGN §5): submission with pricing and idempotency, holding
 * allotments without overbooking, confirmation and refusal by mail, notes, history and
 * notifications. Every step checks the state machine of packages/domain first.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  applyStep,
  holdsAllotments,
  mayTake,
  type BookingCaller,
  type BookingState,
  type BookingStatus,
  type BookingStep,
  type BookingSubStatus,
  type RefusalReason,
  bookingFlags,
} from '@sagano/domain/bookings/booking-state';
import type { BookingResponse, CalculateAmountBody, CalculateAmountResponse, CreateBookingBody, ServiceChoice } from '@sagano/domain/bookings/booking-schemas';
import { calculateAmount, E6, type UnitPrice } from '@sagano/domain/bookings/pricing';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { labelText } from '@sagano/domain/common/language';
import { legsBetween, segmentFitsDirection } from '@sagano/domain/inventory/legs';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/principal.ts';
import { holdAllotment, releaseAllotment } from '../inventory/allotments.ts';
import { servicesOnDay } from '../inventory/inventory.repository.ts';
import { enqueueMail } from '../mail/outbox.repository.ts';
import { listUnits } from '../reference/reference.repository.ts';
import { bookingNgMail, bookingOkMail, type MailBooking } from './booking-mail-templates.ts';
import { appendHistory, findBookingRow, insertNotification, loadBooking, setHeld, setState, type BookingAggregate, type BookingRow } from './bookings.repository.ts';

/** Days before the service date by which a card payment is due (until group schedules exist). */
export const DEFAULT_PAYMENT_DAY_BEFORE = 7;

const STATION_NAMES: Record<number, string> = { 1: 'トロッコ嵯峨', 2: 'トロッコ嵐山', 3: 'トロッコ保津峡', 4: 'トロッコ亀岡' };

export function callerOf(principal: Principal): BookingCaller {
  const caps = capabilitiesOf(principal.user);
  if (caps.agentPortal) return 'AGENT';
  return caps.stationOnly ? 'STATION' : 'OPERATOR';
}

function stateOf(row: BookingRow, isRoundTrip: boolean, ignoreCancellationPolicy: boolean): BookingState {
  return {
    status: row.status as BookingStatus,
    subStatus: row.subStatus as BookingSubStatus,
    isRoundTrip,
    voucherConfirmed: row.voucherConfirmed,
    ignoreCancellationPolicy,
  };
}

/** An agent sees its own bookings; a branch its own branch's. Anything else is "not found". */
export function canSee(principal: Principal, booking: { agentId: number; agentSubGroupId: number }): boolean {
  const u = principal.user;
  if (u.kind === 'OPERATOR') return true;
  if (u.agent_id !== booking.agentId) return false;
  return u.agent_sub_group_id === null || u.agent_sub_group_id === booking.agentSubGroupId;
}

function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : v;
  return createHash('sha256').update(JSON.stringify(canonical(body))).digest('hex');
}

interface ArrangementTypeIds {
  group: number;
  wheelchair: number | null;
}

async function arrangementTypeIds(db: Executor): Promise<ArrangementTypeIds> {
  const rows = rowsOf<{ arrangement_type_id: number; seat_type: string; is_group_allotment: boolean }>(
    await db.execute(sql`select arrangement_type_id, seat_type, is_group_allotment from arrangement_types order by display_order, arrangement_type_id`),
  );
  const group = rows.find((r) => r.is_group_allotment)?.arrangement_type_id;
  if (group === undefined) throw new AppError('CONFLICT', 'no arrangement type is marked as the group allotment');
  return { group, wheelchair: rows.find((r) => r.seat_type === 'WHEELCHAIR')?.arrangement_type_id ?? null };
}

export async function priceFor(db: Executor, groupType: string, serviceDates: string[], items: { unit_id: number; quantity: number }[]): Promise<CalculateAmountResponse> {
  const date = [...serviceDates].sort()[0]!;
  const [plan] = await db
    .select({ id: t.pricingPlans.id })
    .from(t.pricingPlans)
    .where(and(eq(t.pricingPlans.segment, groupType), lte(t.pricingPlans.serviceDateFrom, date), gte(t.pricingPlans.serviceDateTo, date)))
    .orderBy(desc(t.pricingPlans.id))
    .limit(1);
  if (!plan) throw new AppError('UNPROCESSABLE', `no ${groupType === 'SCHOOL' ? 'school' : 'group'} pricing plan covers ${date}`);
  const [units, priceRows, freePlans] = await readAll(db, [
    () => listUnits(db),
    () => db.select().from(t.pricingPlanUnits).where(eq(t.pricingPlanUnits.pricingPlanId, plan.id)),
    () => db.select().from(t.freeCountPlans),
  ] as const);
  const segmentUnits = units.filter((u) => u.segment === groupType);
  const prices = new Map<number, UnitPrice>(priceRows.map((p) => [p.unitId, { price_e6: p.priceE6, decrement_fee_e6: p.decrementFeeE6 }]));
  for (const [i, item] of items.entries()) {
    if (!segmentUnits.some((u) => u.id === item.unit_id)) {
      throw new AppError('VALIDATION_FAILED', `participant_group.unit_quantity_items.${i}.unit_id: not a unit of the ${groupType} segment`, `participant_group.unit_quantity_items.${i}.unit_id`);
    }
  }
  const result = calculateAmount({
    units: segmentUnits,
    prices,
    freeCountPlans: freePlans.map((p) => ({ min: p.min, max: p.max, free_quantity: p.freeQuantity })),
    items,
    directions: serviceDates.length,
  });
  if (!result.ok) {
    if (result.problem.kind === 'no_participants') throw new AppError('VALIDATION_FAILED', 'participant_group.unit_quantity_items: enter the participants', 'participant_group.unit_quantity_items');
    throw new AppError('VALIDATION_FAILED', `participant_group.unit_quantity_items: unit ${result.problem.unit_id} has no price`, 'participant_group.unit_quantity_items');
  }
  return result.value;
}

function directionsOf(order: CreateBookingBody['service_order']): { direction: 'down' | 'up'; choice: ServiceChoice; field: string }[] {
  const out: { direction: 'down' | 'up'; choice: ServiceChoice; field: string }[] = [];
  if (order.down_service) out.push({ direction: 'down', choice: order.down_service, field: 'service_order.down_service' });
  if (order.up_service) out.push({ direction: 'up', choice: order.up_service, field: 'service_order.up_service' });
  return out;
}

async function vacantGroupSeats(db: Executor, date: string, serviceId: number, typeId: number, legs: number[]): Promise<number> {
  if (legs.length === 0) return 0;
  const rows = rowsOf<{ vacant: number }>(
    await db.execute(sql`
      select min(capacity - held)::int as vacant from inventory_counters
      where service_date = ${date} and service_id = ${serviceId} and arrangement_type_id = ${typeId}
        and leg in (${sql.join(legs.map((l) => sql`${l}`), sql`, `)})`),
  );
  const count = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from inventory_counters where service_date = ${date} and service_id = ${serviceId} and arrangement_type_id = ${typeId} and leg in (${sql.join(legs.map((l) => sql`${l}`), sql`, `)})`),
  );
  return (count[0]?.n ?? 0) < legs.length ? 0 : (rows[0]?.vacant ?? 0);
}

function toMailBooking(a: BookingAggregate): MailBooking {
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

function snapshotOf(a: BookingAggregate) {
  return {
    status: a.booking.status,
    sub_status: a.booking.subStatus,
    service_order: a.services.map((s) => ({ direction: s.direction, service_date: s.serviceDate, service_id: s.serviceId, from_station_id: s.fromStationId, to_station_id: s.toStationId })),
    participant_group: {
      participant_quantity: a.booking.participantQuantity,
      unit_quantity_items: a.units.map((u) => ({ unit_id: u.unitId, quantity: u.quantity, calculated_quantity: u.calculatedQuantity })),
      wheel_chairs: a.wheelchairs.map((w) => ({ need_slope: w.needSlope })),
    },
    payment: a.payment ? { status: a.payment.status, payment_method: a.payment.paymentMethod, total_amount: a.payment.totalAmountE6 } : { total_amount: a.booking.totalAmountE6 },
    confirm_note: a.booking.confirmNote,
  };
}

export function createBookingsService(db: Db) {
  async function load(executor: Executor, principal: Principal, bookingId: string): Promise<BookingAggregate> {
    const aggregate = await loadBooking(executor, bookingId);
    if (!aggregate || !canSee(principal, aggregate.booking)) throw notFound('booking');
    return aggregate;
  }

  /** Locks the booking row, then checks the caller may take the step now. */
  async function begin(work: Work, principal: Principal, bookingId: string, step: BookingStep) {
    const row = await findBookingRow(work.tx, bookingId, { lock: true });
    if (!row || !canSee(principal, row)) throw notFound('booking');
    const aggregate = (await loadBooking(work.tx, bookingId))!;
    const state = stateOf(row, aggregate.services.length === 2, aggregate.agent.ignoreCancellationPolicy);
    if (!mayTake(step, state, callerOf(principal))) {
      throw new AppError('STEP_NOT_ALLOWED', `${step.replaceAll('_', ' ')} is not possible for this booking now (${row.status} / ${row.subStatus})`);
    }
    return { row, aggregate, state };
  }

  async function record(work: Work, principal: Principal, bookingId: string, type: 'UPDATE' | 'CANCEL') {
    const after = (await loadBooking(work.tx, bookingId))!;
    await appendHistory(work.tx, after.booking, type, snapshotOf(after), principal.user.email);
  }

  async function releaseEverything(tx: Tx, a: BookingAggregate, types: ArrangementTypeIds) {
    for (const s of [...a.services].sort((x, y) => x.serviceDate.localeCompare(y.serviceDate) || x.serviceId - y.serviceId)) {
      const legs = legsBetween(s.fromStationId, s.toStationId);
      if (s.heldGroup > 0) await releaseAllotment(tx, { serviceDate: s.serviceDate, serviceId: s.serviceId, arrangementTypeId: types.group, legs, quantity: s.heldGroup });
      if (s.heldWheelchair > 0 && types.wheelchair !== null) {
        await releaseAllotment(tx, { serviceDate: s.serviceDate, serviceId: s.serviceId, arrangementTypeId: types.wheelchair, legs, quantity: s.heldWheelchair });
      }
      await setHeld(tx, a.booking.id, s.direction, { heldGroup: 0, heldWheelchair: 0, heldStanding: 0 });
    }
  }

  /** After seats are returned, the first waitlisted booking on those trains that now fits is offered. */
  async function offerWaitlist(tx: Tx, released: BookingAggregate, types: ArrangementTypeIds) {
    for (const s of released.services) {
      const candidates = rowsOf<{ id: number; booking_id: string; agent_id: number; agent_sub_group_id: number; participant_quantity: number; from_station_id: number; to_station_id: number; wheelchairs: number }>(
        await tx.execute(sql`
          select b.id, b.booking_id, b.agent_id, b.agent_sub_group_id, b.participant_quantity, bs.from_station_id, bs.to_station_id,
                 (select count(*)::int from booking_wheelchairs w where w.booking_id = b.id) as wheelchairs
          from bookings b join booking_services bs on bs.booking_id = b.id
          where b.status = 'WAITLIST' and b.sub_status in ('INITIAL', 'SAGANO_ALLOTMENT_NOT_AVAILABLE')
            and bs.service_date = ${s.serviceDate} and bs.service_id = ${s.serviceId} and b.id <> ${released.booking.id}
          order by b.submitted_at, b.id`),
      );
      for (const c of candidates) {
        const vacant = await vacantGroupSeats(tx, s.serviceDate, s.serviceId, types.group, legsBetween(c.from_station_id, c.to_station_id));
        if (vacant >= c.participant_quantity - c.wheelchairs) {
          await insertNotification(tx, { audience: 'ADMIN', category: 'booking', kind: 'WAITLIST_OFFER', bookingId: c.id, agentId: c.agent_id, agentSubGroupId: c.agent_sub_group_id });
          break;
        }
      }
    }
  }

  async function openFarePayment(tx: Tx, a: BookingAggregate, status: string, method: string, dueDate: string | null) {
    await tx.insert(t.payments).values({ bookingId: a.booking.id, kind: 'FARE', status, paymentMethod: method, totalAmountE6: a.booking.totalAmountE6, dueDate });
  }

  return {
    async calculate(body: CalculateAmountBody): Promise<CalculateAmountResponse> {
      return priceFor(db, body.group_type, body.service_days, body.participant_group.unit_quantity_items);
    },

    /** Submits a booking request; the same external_idempotent_id answers the same booking. */
    async submit(work: Work, principal: Principal, body: CreateBookingBody): Promise<{ booking_id: string }> {
      const { tx } = work;
      const user = principal.user;
      if (user.kind === 'AGENT' && body.agent_id !== user.agent_id) throw new AppError('FORBIDDEN', 'agent_id: you can book only for your own agent', 'agent_id');
      if (user.kind === 'OPERATOR' && user.user_group === 'STATION') throw new AppError('FORBIDDEN', 'station staff cannot submit bookings');
      const [agent] = await tx.select().from(t.agents).where(eq(t.agents.id, body.agent_id));
      if (!agent) throw new AppError('VALIDATION_FAILED', 'agent_id: no such agent', 'agent_id');
      const groups = await tx.select().from(t.agentGroups).where(eq(t.agentGroups.agentId, agent.id));
      let subGroupId = body.agent_sub_group_id ?? groups.find((g) => g.isRoot)?.id;
      if (user.agent_sub_group_id !== null && user.kind === 'AGENT') {
        if (body.agent_sub_group_id !== undefined && body.agent_sub_group_id !== user.agent_sub_group_id) {
          throw new AppError('FORBIDDEN', 'agent_sub_group_id: you can book only for your own branch', 'agent_sub_group_id');
        }
        subGroupId = user.agent_sub_group_id;
      }
      if (!subGroupId || !groups.some((g) => g.id === subGroupId)) throw new AppError('VALIDATION_FAILED', 'agent_sub_group_id: not a branch of this agent', 'agent_sub_group_id');

      const hash = requestHash(body);
      if (body.external_idempotent_id) {
        const [existing] = await tx.select().from(t.bookings).where(and(eq(t.bookings.agentId, agent.id), eq(t.bookings.externalIdempotentId, body.external_idempotent_id)));
        if (existing) return this.replay(existing, hash);
      }

      const directions = directionsOf(body.service_order);
      const types = await arrangementTypeIds(tx);
      const wheelchairs = body.participant_group.wheel_chairs.length;
      const participants = await this.countParticipants(tx, body);
      let fits = true;
      for (const d of directions) {
        const { choice, field } = d;
        const [service] = await servicesOnDay(tx, choice.service_date, [choice.service_id]);
        if (!service) throw new AppError('SERVICE_NOT_RUNNING', `${field}.service_id: the train does not run on ${choice.service_date}`, `${field}.service_id`);
        if (service.direction !== d.direction) throw new AppError('VALIDATION_FAILED', `${field}.service_id: the train runs ${service.direction}`, `${field}.service_id`);
        if (!segmentFitsDirection(d.direction, choice.from_station_id, choice.to_station_id)) {
          throw new AppError('VALIDATION_FAILED', `${field}.to_station_id: the stations must follow the train's direction`, `${field}.to_station_id`);
        }
        if (service.status === 'suspended') throw new AppError('SERVICE_SUSPENDED', `${field}: the train is suspended on that day`);
        if (service.status === 'pending') throw new AppError('SALES_ON_HOLD', `${field}: sales of the train are on hold on that day`);
        if (service.arrangementPatternId === null) throw new AppError('SERVICE_NOT_RUNNING', `${field}: the train has no seats on sale that day`);
        const legs = legsBetween(choice.from_station_id, choice.to_station_id);
        const vacant = await vacantGroupSeats(tx, choice.service_date, choice.service_id, types.group, legs);
        if (vacant < participants - wheelchairs) fits = false;
      }
      if (directions.length === 2 && directions[0]!.choice.service_date > directions[1]!.choice.service_date) {
        throw new AppError('VALIDATION_FAILED', 'service_order.up_service.service_date: the return must not be before the outbound trip', 'service_order.up_service.service_date');
      }
      const price = await priceFor(tx, body.group.group_type, directions.map((d) => d.choice.service_date), body.participant_group.unit_quantity_items);
      if (wheelchairs > price.participant_quantity) {
        throw new AppError('VALIDATION_FAILED', 'participant_group.wheel_chairs: more wheelchairs than participants', 'participant_group.wheel_chairs');
      }
      const status: BookingStatus = body.wait_listing && !fits ? 'WAITLIST' : 'SUBMITTED';

      let inserted: { id: number; bookingId: string } | undefined;
      for (let attempt = 0; attempt < 5 && !inserted; attempt++) {
        const rows = await tx
          .insert(t.bookings)
          .values({
            bookingId: String(randomInt(10_000_000, 100_000_000)),
            bookingToken: randomBytes(24).toString('base64url'),
            agentId: agent.id,
            agentSubGroupId: subGroupId,
            status,
            subStatus: 'INITIAL',
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
          })
          .onConflictDoNothing()
          .returning({ id: t.bookings.id, bookingId: t.bookings.bookingId });
        inserted = rows[0];
        if (!inserted && body.external_idempotent_id) {
          // A parallel request with the same id won the race: answer with its booking.
          const [existing] = await tx.select().from(t.bookings).where(and(eq(t.bookings.agentId, agent.id), eq(t.bookings.externalIdempotentId, body.external_idempotent_id)));
          if (existing) return this.replay(existing, hash);
        }
      }
      if (!inserted) throw new AppError('CONFLICT', 'could not allocate a booking number; try again');
      await tx.insert(t.bookingServices).values(
        directions.map((d) => ({
          bookingId: inserted.id,
          direction: d.direction,
          serviceDate: d.choice.service_date,
          serviceId: d.choice.service_id,
          fromStationId: d.choice.from_station_id,
          toStationId: d.choice.to_station_id,
        })),
      );
      const byUnit = new Map(price.unit_quantity_items.map((i) => [i.unit_id, i]));
      await tx.insert(t.bookingUnits).values(
        [...byUnit.values()].map((i) => ({
          bookingId: inserted.id,
          unitId: i.unit_id,
          quantity: i.quantity,
          calculatedQuantity: i.calculated_quantity,
          unitPriceE6: i.unit_price,
          subtotalE6: i.subtotal_amount,
          recordLargestCalculatedQuantity: i.calculated_quantity,
        })),
      );
      if (wheelchairs > 0) await tx.insert(t.bookingWheelchairs).values(body.participant_group.wheel_chairs.map((w) => ({ bookingId: inserted.id, needSlope: w.need_slope })));
      const aggregate = (await loadBooking(tx, inserted.bookingId))!;
      await appendHistory(tx, aggregate.booking, 'CREATE', snapshotOf(aggregate), user.email);
      await insertNotification(tx, { audience: 'ADMIN', category: 'booking', kind: 'BOOKING_RECEIVED', bookingId: inserted.id, agentId: agent.id, agentSubGroupId: subGroupId });
      if (!body.tour_conductor?.name) {
        await insertNotification(tx, { audience: 'ADMIN', category: 'booking', kind: 'TOUR_CONDUCTOR_NOT_REGISTERED', bookingId: inserted.id, agentId: agent.id, agentSubGroupId: subGroupId });
      }
      return { booking_id: inserted.bookingId };
    },

    replay(existing: BookingRow, hash: string): { booking_id: string } {
      if (existing.requestHash !== hash) {
        throw new AppError('UNPROCESSABLE', 'external_idempotent_id: already used for a different booking request', 'external_idempotent_id');
      }
      return { booking_id: existing.bookingId };
    },

    async countParticipants(tx: Tx, body: CreateBookingBody): Promise<number> {
      const units = await listUnits(tx);
      return body.participant_group.unit_quantity_items.reduce((n, i) => {
        const u = units.find((x) => x.id === i.unit_id);
        return n + (u && u.count_inclusive && !u.auto_calculated ? i.quantity : 0);
      }, 0);
    },

    /** The whole booking as the caller may see it (agents do not see private notes). */
    async get(executor: Executor, principal: Principal, bookingId: string): Promise<BookingResponse> {
      return this.present(await load(executor, principal, bookingId), principal);
    },

    present(a: BookingAggregate, principal: Principal): BookingResponse {
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
            unit_quantity_items: a.units.map((u) => ({ unit_id: u.unitId, quantity: u.quantity, calculated_quantity: u.calculatedQuantity, unit_price: u.unitPriceE6, subtotal_amount: u.subtotalE6 })),
            wheel_chairs: a.wheelchairs.map((w) => ({ need_slope: w.needSlope })),
          },
          payment: a.payment
            ? {
                payment_id: a.payment.id,
                kind: a.payment.kind,
                status: a.payment.status as never,
                payment_method: a.payment.paymentMethod as never,
                total_amount: a.payment.totalAmountE6,
                paid_amount: a.payment.paidAmountE6,
                due_date: a.payment.dueDate,
                issued_at: a.payment.issuedAt.toISOString(),
              }
            : null,
          total_amount: a.booking.totalAmountE6,
          voucherNote: a.booking.voucherNote,
          confirmNote: a.booking.confirmNote,
          revision: a.booking.revision,
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
            service_order: snap.service_order,
            participant_group: snap.participant_group,
            payment: snap.payment,
            confirm_note: snap.confirm_note ?? '',
          };
        }),
        notes: a.notes
          .filter((n) => caller !== 'AGENT' || !n.isPrivate)
          .map((n) => ({ note_id: n.id, note: n.note, author: { type: n.authorType, name: n.authorName }, created_at: n.createdAt.toISOString(), is_private: n.isPrivate })),
        flags: { ...bookingFlags(state, caller), can_refuse: mayTake('refuse_booking', state, caller) },
        ...(caller === 'AGENT' ? {} : { booking_token: a.booking.bookingToken }),
      };
    },

    /**
     * Holds the group seats (and wheelchair places) of every direction not yet held. Each
     * direction holds all its legs or nothing; a round trip with one direction held is PENDING;
     * nothing held releases everything and warns.
     */
    async reserveAllotments(work: Work, principal: Principal, bookingId: string): Promise<{ sub_status: BookingSubStatus; warning: string | null }> {
      const { row, aggregate, state } = await begin(work, principal, bookingId, 'reserve_allotments');
      const types = await arrangementTypeIds(work.tx);
      const wheelchairs = aggregate.wheelchairs.length;
      const groupSeats = row.participantQuantity - wheelchairs;
      const todo = aggregate.services.filter((s) => s.heldGroup === 0 && s.heldWheelchair === 0).sort((x, y) => x.serviceDate.localeCompare(y.serviceDate) || x.serviceId - y.serviceId);
      const failures: string[] = [];
      for (const s of todo) {
        const legs = legsBetween(s.fromStationId, s.toStationId);
        try {
          // A savepoint per direction: a direction that cannot be held leaves no partial holds.
          await work.tx.transaction(async (sp) => {
            await holdAllotment(sp, { serviceDate: s.serviceDate, serviceId: s.serviceId, arrangementTypeId: types.group, legs, quantity: groupSeats });
            if (wheelchairs > 0) {
              if (types.wheelchair === null) throw new AppError('NOT_ENOUGH_SEATS', 'no wheelchair places are configured');
              await holdAllotment(sp, { serviceDate: s.serviceDate, serviceId: s.serviceId, arrangementTypeId: types.wheelchair, legs, quantity: wheelchairs });
            }
            await setHeld(sp, row.id, s.direction, { heldGroup: groupSeats, heldWheelchair: wheelchairs, heldStanding: 0 });
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          failures.push(`${s.serviceDate} ${labelText(s.names, 'ja')}: ${error.message}`);
        }
      }
      const heldBefore = aggregate.services.length - todo.length;
      const heldNow = heldBefore + (todo.length - failures.length);
      const outcome = heldNow === aggregate.services.length ? 'ALL' : heldNow === 0 ? 'NONE' : 'SOME';
      const next = applyStep(state, 'reserve_allotments', callerOf(principal), { outcome });
      if (!next.ok) throw new AppError('STEP_NOT_ALLOWED', 'reserve allotments is not possible now');
      let warning: string | null = null;
      if (next.state.subStatus === 'SAGANO_ALLOTMENT_NOT_AVAILABLE') {
        await releaseEverything(work.tx, (await loadBooking(work.tx, bookingId))!, types);
        warning = `no allotment could be held; everything was released (${failures.join('; ')})`;
      } else if (failures.length > 0) {
        warning = `one direction could not be held (${failures.join('; ')})`;
      }
      await setState(work.tx, row.id, { subStatus: next.state.subStatus });
      await record(work, principal, bookingId, 'UPDATE');
      return { sub_status: next.state.subStatus, warning };
    },

    async releaseAllotments(work: Work, principal: Principal, bookingId: string): Promise<void> {
      const { row, aggregate, state } = await begin(work, principal, bookingId, 'release_allotments');
      const types = await arrangementTypeIds(work.tx);
      await releaseEverything(work.tx, aggregate, types);
      const next = applyStep(state, 'release_allotments', callerOf(principal));
      if (next.ok) await setState(work.tx, row.id, { subStatus: next.state.subStatus });
      await offerWaitlist(work.tx, aggregate, types);
      await record(work, principal, bookingId, 'UPDATE');
    },

    mailTemplate(a: BookingAggregate, template: 'booking_ok' | 'booking_ng' | 'voucher', reason: RefusalReason = 'FULL') {
      const mail = template === 'booking_ng' ? bookingNgMail(toMailBooking(a), reason) : bookingOkMail(toMailBooking(a));
      return { ...mail, to_address: (a.booking.applicant as { email: string }).email };
    },

    async template(executor: Executor, principal: Principal, bookingId: string, template: 'booking_ok' | 'booking_ng' | 'voucher', reason?: RefusalReason) {
      return this.mailTemplate(await load(executor, principal, bookingId), template, reason);
    },

    /** Confirms the reservation, opens its payment and mails the booking OK. */
    async confirm(work: Work, principal: Principal, bookingId: string, mail: { subject: string; body: string }): Promise<void> {
      const { row, aggregate, state } = await begin(work, principal, bookingId, 'confirm_booking');
      const next = applyStep(state, 'confirm_booking', callerOf(principal));
      if (!next.ok) throw new AppError('STEP_NOT_ALLOWED', 'confirm booking is not possible now');
      await setState(work.tx, row.id, { status: next.state.status });
      const firstDate = aggregate.services.map((s) => s.serviceDate).sort()[0]!;
      const due = new Date(`${firstDate}T00:00:00Z`);
      due.setUTCDate(due.getUTCDate() - DEFAULT_PAYMENT_DAY_BEFORE);
      const [status, method, dueDate] =
        aggregate.agent.agentType === 'FREE'
          ? ['PAYMENT_PENDING', 'ONLINE_CREDIT_CARD', due.toISOString().slice(0, 10)]
          : aggregate.agent.agentType === 'CONTRACTED'
            ? ['PAYMENT_PENDING', 'COUPON', null]
            : ['INVOICE_PENDING', 'MONTHLY', null];
      await openFarePayment(work.tx, aggregate, status, method, dueDate);
      await enqueueMail(work, { kind: 'booking.ok', toAddress: (row.applicant as { email: string }).email, subject: mail.subject, bodyText: mail.body, bookingId });
      await insertNotification(work.tx, { audience: 'AGENT', category: 'booking', kind: 'BOOKING_CONFIRMED', bookingId: row.id, agentId: row.agentId, agentSubGroupId: row.agentSubGroupId });
      await insertNotification(work.tx, { audience: 'ADMIN', category: 'payment', kind: 'PAYMENT_REQUEST', bookingId: row.id, agentId: row.agentId, agentSubGroupId: row.agentSubGroupId });
      await record(work, principal, bookingId, 'UPDATE');
    },

    /** Refuses the request with a reason: everything held is released, nothing is owed. */
    async refuse(work: Work, principal: Principal, bookingId: string, reason: RefusalReason, mail: { subject: string; body: string }): Promise<void> {
      const { row, aggregate, state } = await begin(work, principal, bookingId, 'refuse_booking');
      const types = await arrangementTypeIds(work.tx);
      const next = applyStep(state, 'refuse_booking', callerOf(principal));
      if (!next.ok) throw new AppError('STEP_NOT_ALLOWED', 'refusal is not possible now');
      if (holdsAllotments(state)) await releaseEverything(work.tx, aggregate, types);
      await setState(work.tx, row.id, { status: next.state.status, subStatus: next.state.subStatus, refusalReason: reason });
      await openFarePayment(work.tx, aggregate, 'NO_NEED_TO_PAY', 'UNKNOWN', null);
      await enqueueMail(work, { kind: 'booking.ng', toAddress: (row.applicant as { email: string }).email, subject: mail.subject, bodyText: mail.body, bookingId });
      await insertNotification(work.tx, { audience: 'AGENT', category: 'booking', kind: 'BOOKING_REFUSED', bookingId: row.id, agentId: row.agentId, agentSubGroupId: row.agentSubGroupId });
      if (holdsAllotments(state)) await offerWaitlist(work.tx, aggregate, types);
      await record(work, principal, bookingId, 'UPDATE');
    },

    async selectPriority(work: Work, principal: Principal, bookingId: string, priority: number): Promise<void> {
      const { row } = await begin(work, principal, bookingId, 'select_priority');
      await setState(work.tx, row.id, { priority });
      await record(work, principal, bookingId, 'UPDATE');
    },

    async assignOperator(work: Work, principal: Principal, bookingId: string, operatorName: string): Promise<void> {
      const { row } = await begin(work, principal, bookingId, 'assign_operator');
      await setState(work.tx, row.id, { operatorName });
      await record(work, principal, bookingId, 'UPDATE');
    },

    async addSpecialNote(work: Work, principal: Principal, bookingId: string, notes: { confirm_note?: string; voucher_note?: string }): Promise<void> {
      const { row } = await begin(work, principal, bookingId, 'add_special_note');
      await setState(work.tx, row.id, {
        ...(notes.confirm_note !== undefined ? { confirmNote: notes.confirm_note } : {}),
        ...(notes.voucher_note !== undefined ? { voucherNote: notes.voucher_note } : {}),
      });
      await record(work, principal, bookingId, 'UPDATE');
    },

    /** Changes the segment of one direction; held allotments move to the new legs atomically. */
    async updateFromToStation(work: Work, principal: Principal, bookingId: string, change: { direction: 'down' | 'up'; from_station_id: number; to_station_id: number }): Promise<void> {
      const { row, aggregate } = await begin(work, principal, bookingId, 'update_from_to_station');
      const s = aggregate.services.find((x) => x.direction === change.direction);
      if (!s) throw new AppError('VALIDATION_FAILED', `direction: the booking has no ${change.direction} train`, 'direction');
      if (!segmentFitsDirection(change.direction, change.from_station_id, change.to_station_id)) {
        throw new AppError('VALIDATION_FAILED', "to_station_id: the stations must follow the train's direction", 'to_station_id');
      }
      const types = await arrangementTypeIds(work.tx);
      const oldLegs = legsBetween(s.fromStationId, s.toStationId);
      const newLegs = legsBetween(change.from_station_id, change.to_station_id);
      if (s.heldGroup > 0) {
        await releaseAllotment(work.tx, { serviceDate: s.serviceDate, serviceId: s.serviceId, arrangementTypeId: types.group, legs: oldLegs, quantity: s.heldGroup });
        await holdAllotment(work.tx, { serviceDate: s.serviceDate, serviceId: s.serviceId, arrangementTypeId: types.group, legs: newLegs, quantity: s.heldGroup });
      }
      if (s.heldWheelchair > 0 && types.wheelchair !== null) {
        await releaseAllotment(work.tx, { serviceDate: s.serviceDate, serviceId: s.serviceId, arrangementTypeId: types.wheelchair, legs: oldLegs, quantity: s.heldWheelchair });
        await holdAllotment(work.tx, { serviceDate: s.serviceDate, serviceId: s.serviceId, arrangementTypeId: types.wheelchair, legs: newLegs, quantity: s.heldWheelchair });
      }
      await work.tx
        .update(t.bookingServices)
        .set({ fromStationId: change.from_station_id, toStationId: change.to_station_id })
        .where(and(eq(t.bookingServices.bookingId, row.id), eq(t.bookingServices.direction, change.direction)));
      await record(work, principal, bookingId, 'UPDATE');
    },

    async notes(executor: Executor, principal: Principal, bookingId: string) {
      return this.present(await load(executor, principal, bookingId), principal).notes;
    },

    async addNote(work: Work, principal: Principal, bookingId: string, note: { note: string; is_private: boolean }) {
      const { row } = await begin(work, principal, bookingId, 'add_note');
      const caller = callerOf(principal);
      if (caller === 'AGENT' && note.is_private) throw new AppError('FORBIDDEN', 'is_private: agents cannot write private notes', 'is_private');
      const [created] = await work.tx
        .insert(t.bookingNotes)
        .values({ bookingId: row.id, note: note.note, authorType: caller === 'AGENT' ? 'AGENT' : 'ADMIN', authorName: principal.user.name, authorAccountId: principal.accountId, isPrivate: note.is_private })
        .returning({ id: t.bookingNotes.id });
      if (!note.is_private) {
        await insertNotification(work.tx, { audience: caller === 'AGENT' ? 'ADMIN' : 'AGENT', category: 'booking', kind: 'NOTE_UPDATED', bookingId: row.id, agentId: row.agentId, agentSubGroupId: row.agentSubGroupId });
      }
      return { note_id: created!.id };
    },

    async updateNote(work: Work, principal: Principal, noteId: number, note: { note: string; is_private: boolean }) {
      const [existing] = await work.tx.select().from(t.bookingNotes).where(eq(t.bookingNotes.id, noteId)).for('update');
      if (!existing) throw notFound('note');
      const [booking] = await work.tx.select().from(t.bookings).where(eq(t.bookings.id, existing.bookingId));
      if (!booking || !canSee(principal, booking) || (callerOf(principal) === 'AGENT' && existing.isPrivate)) throw notFound('note');
      if (existing.authorAccountId !== principal.accountId) throw new AppError('FORBIDDEN', 'only the author can change a note');
      if (callerOf(principal) === 'AGENT' && note.is_private) throw new AppError('FORBIDDEN', 'is_private: agents cannot write private notes', 'is_private');
      await work.tx.update(t.bookingNotes).set({ note: note.note, isPrivate: note.is_private, updatedAt: new Date() }).where(eq(t.bookingNotes.id, noteId));
      return { note_id: noteId };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
