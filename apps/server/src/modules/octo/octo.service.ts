/**
 * The OCTO supplier API's bookings (ADR 039). A reseller is an agent calling with its API key
 * (acting as staff of the key's branch). A reservation holds seats on the train's group allotment
 * itself (octo-holds.ts: never oversold); confirming hands the seats to an ordinary booking
 * submitted as the agent, in one transaction; cancelling and changing a confirmed booking go
 * through the booking's own steps. What is sold is read by octo-catalogue.ts and the webhooks
 * capability is octo-webhooks.ts; the service answers for all three.
 */
import { randomUUID } from 'node:crypto';
import { CreateBookingBody, UpdateParamsBody } from '@sagano/domain/bookings/booking-schemas';
import { DEFAULT_HOLD_MINUTES, MAX_HOLD_MINUTES, OCTO_CHANNEL, availabilityIdOf, optionIdOf, parseAvailabilityId } from '@sagano/domain/octo/octo-constants';
import type { Db, Executor } from '../../db/client.ts';
import type { OctoUnitItemRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { canSee, type Principal } from '../auth/index.ts';
import { findBookingRow } from '../booking-core/index.ts';
import { priceParticipants, type createBookingsService } from '../bookings/index.ts';
import { ROUTE, availabilityAnswer, bookingAnswer, departureUtc, type OctoAvailability, type OctoBooking, type OctoCapability } from './octo-answers.ts';
import { createOctoCatalogue } from './octo-catalogue.ts';
import { badRequest, invalidAvailability, invalidBooking, invalidUnit, unprocessable } from './octo-errors.ts';
import { holdForBooking, holdSeats, releaseSeats } from './octo-holds.ts';
import { agentOf, applicantName, contactRow, countryCode, unitQuantities, type ConfirmInput, type OctoUnitItemInput, type ReserveInput, type UpdateInput } from './octo-inputs.ts';
import { createOctoWebhooks, type OctoWebhooksPort } from './octo-webhooks.ts';
import { bookingStates, findOctoBooking, insertOctoBooking, keyCreatorEmail, listOctoBookings, octoProducts, passengerUnits, rootGroupOf, updateOctoBooking, type DepartureRow, type OctoBookingRow, type OctoListFilter } from './octo.repository.ts';

type BookingsService = ReturnType<typeof createBookingsService>;

export function createOctoService({ db, clock, bookings, publicUrl, webhooks }: { db: Db; clock: Clock; bookings: BookingsService; publicUrl: string; webhooks: OctoWebhooksPort }) {
  const catalogue = createOctoCatalogue({ db, clock, publicUrl });
  const { answerContext, contextsBetween, productRow, optionOf, trainsOf, trainOf } = catalogue;

  /** A reseller booking the caller may see (its agent's; a branch key's, its branch's), locked for a change when `lock`. */
  async function visible(executor: Executor, principal: Principal, uuid: string, lock = false): Promise<OctoBookingRow> {
    const agentId = agentOf(principal);
    const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid);
    const row = valid ? await findOctoBooking(executor, agentId, uuid.toLowerCase(), lock) : undefined;
    if (!row || !canSee(principal, { agentId: row.agentId, agentSubGroupId: row.agentSubGroupId })) throw invalidBooking(uuid);
    return row;
  }

  /** Each unit item checked against the option's units; the option's minimum group, and a count at all. */
  async function unitItemsOf(executor: Executor, items: readonly OctoUnitItemInput[] | undefined, groupType: string, minGroupSize: number, before: readonly OctoUnitItemRow[] = []): Promise<OctoUnitItemRow[]> {
    if (items === undefined) throw unprocessable('unitItems is required');
    if (items.length === 0) throw unprocessable('unitItems must list at least one traveller');
    const units = (await passengerUnits(executor)).filter((u) => u.segment === groupType);
    const rows = items.map((item, i) => {
      const unit = units.find((u) => String(u.id) === item.unitId);
      if (!unit) throw invalidUnit(item.unitId);
      const uuid = item.uuid ?? before[i]?.uuid ?? randomUUID();
      return { uuid, unit_id: unit.id, reseller_reference: item.resellerReference ?? before[i]?.reseller_reference ?? null };
    });
    if (rows.length < minGroupSize) throw unprocessable(`a group is at least ${minGroupSize} travellers; this one is ${rows.length}`);
    return rows;
  }

  function expiryOf(minutes: number | undefined): Date {
    const m = minutes ?? DEFAULT_HOLD_MINUTES;
    if (!Number.isInteger(m) || m < 1 || m > MAX_HOLD_MINUTES) throw badRequest(`expirationMinutes must be a whole number from 1 to ${MAX_HOLD_MINUTES}`);
    return new Date(clock.now().getTime() + m * 60_000);
  }

  /**
   * The bookings as the standard's Booking objects. What they share is read once for all of them (a
   * list of 500 is a handful of statements, not several per booking): the booking states, the
   * answer context of each day they cover, the products, the units, and each train-day's departures.
   */
  async function answer(executor: Executor, rows: readonly OctoBookingRow[], capabilities: readonly OctoCapability[]): Promise<OctoBooking[]> {
    if (rows.length === 0) return [];
    const states = await bookingStates(executor, rows.flatMap((r) => (r.bookingId === null ? [] : [r.bookingId])));
    const dates = rows.map((r) => r.serviceDate).sort();
    const contexts = await contextsBetween(executor, capabilities, dates[0]!, dates[dates.length - 1]!);
    const products = new Map((await octoProducts(executor)).map((p) => [p.id, p]));
    const units = await passengerUnits(executor);
    const departuresOfDay = new Map<string, Promise<DepartureRow[]>>();
    const now = clock.now();
    const out: OctoBooking[] = [];
    for (const row of rows) {
      const ctx = contexts.get(row.serviceDate)!;
      const product = products.get(row.productId);
      const dayKey = `${row.productId} ${row.direction} ${row.serviceDate}`;
      if (product && !departuresOfDay.has(dayKey)) departuresOfDay.set(dayKey, trainsOf(executor, product, row.direction, row.serviceDate, row.serviceDate));
      const departure = parseAvailabilityId(row.availabilityId)?.departureHhmm;
      const train = product ? (await departuresOfDay.get(dayKey)!).find((t) => t.departure_hhmm === departure) : undefined;
      const booking = row.bookingId === null ? undefined : states.get(row.bookingId);
      let totalE6: number | null = booking?.total_amount_e6 ?? null;
      if (totalE6 === null && capabilities.includes('octo/pricing')) {
        try {
          // Priced in the caller's transaction (the embedded database has one connection).
          totalE6 = (await priceParticipants(executor, row.groupType, row.serviceDate, unitQuantities(row.unitItems))).total_amount;
        } catch {
          totalE6 = null; // no pricing plan covers the day: the hold answers without a total
        }
      }
      const availability: OctoAvailability | null = train ? availabilityAnswer(train, row.groupType, units, ctx, now) : null;
      out.push(bookingAnswer({ row, booking, availability, totalE6, ctx }));
    }
    return out;
  }

  async function one(executor: Executor, principal: Principal, row: OctoBookingRow, capabilities: readonly OctoCapability[]): Promise<OctoBooking> {
    return (await answer(executor, [row], capabilities))[0]!;
  }

  /**
   * Confirmation: the reseller's hold becomes an ordinary booking of the agent (channel OCTO), its
   * contact the applicant, its unit items the participants, submitted as the agent's key and
   * priced on the agent's contract; the seats pass from the hold to the booking in this transaction.
   */
  async function confirmOctoBooking(work: Work, principal: Principal, row: OctoBookingRow, input: ConfirmInput): Promise<OctoBookingRow> {
    const ctx = await answerContext(work.tx, [], row.serviceDate);
    let current = row;
    if (input.unitItems !== undefined) current = await changeHold(work, current, { unitItems: input.unitItems }, ctx.minGroupSize);
    const contact = contactRow(input.contact, current.contact);
    const name = applicantName(contact);
    if (!name) throw badRequest('contact.fullName (or firstName and lastName) is required');
    // No e-mail from the reseller: the booking's mails go to the agent admin who made the key.
    const email = contact?.email_address || (principal.apiKey ? await keyCreatorEmail(work.tx, principal.apiKey.id) : null);
    if (!email) throw badRequest('contact.emailAddress is required');
    const resellerReference = input.resellerReference ?? current.resellerReference;
    const direction = current.direction;
    const request = CreateBookingBody.safeParse({
      applicant: { name, email, phone_number: contact?.phone_number?.trim() || '-' },
      group: { group_type: current.groupType, name: resellerReference ? `${name} (${resellerReference})`.slice(0, 100) : name, country_code: countryCode(contact?.country) },
      service_order: { [direction === 'down' ? 'down_service' : 'up_service']: { service_date: current.serviceDate, service_id: current.serviceId, from_station_id: current.fromStationId, to_station_id: current.toStationId } },
      participant_group: { unit_quantity_items: unitQuantities(current.unitItems), wheel_chairs: [] },
      note: (current.notes ?? contact?.notes ?? '').slice(0, 1000),
      agent_id: current.agentId,
      agent_sub_group_id: current.agentSubGroupId,
      external_idempotent_id: `${OCTO_CHANNEL}:${current.uuid}`,
    });
    if (!request.success) {
      const issue = request.error.issues[0]!;
      const field = { applicant: 'contact', group: 'contact' }[String(issue.path[0])] ?? String(issue.path[0]);
      throw badRequest(`${field}: ${issue.message} (${issue.path.join('.')})`);
    }
    // The hold's seats go back to the counters and are taken again by the booking, under the same row locks.
    // Submitted on the OCTO channel, the operator's instant confirmation rules are tried on it (ADR
    // 037): a rule that matches reserves and confirms it, taking the seats just released; otherwise
    // the system's reserve step hands it the hold's seats and it waits for the operator (PENDING).
    await releaseSeats(work.tx, current);
    const { booking_id } = await bookings.submit(work, principal, request.data, OCTO_CHANNEL);
    const submitted = await findBookingRow(work.tx, booking_id);
    if (submitted?.instantConfirmationRuleId == null) await holdForBooking(work, booking_id);
    const booking = await findBookingRow(work.tx, booking_id);
    return updateOctoBooking(work.tx, current.uuid, { holdStatus: 'SUBMITTED', heldSeats: 0, bookingId: booking!.id, confirmedAt: clock.now(), contact, resellerReference: resellerReference ?? null });
  }

  /** A hold changed in place: another train or option, other travellers (held again whole), contact, notes, time. */
  async function changeHold(work: Work, row: OctoBookingRow, input: UpdateInput, minGroupSize: number): Promise<OctoBookingRow> {
    const productChanged = input.productId !== undefined && input.productId !== String(row.productId);
    const product = await productRow(work.tx, productChanged ? input.productId : String(row.productId));
    const option = optionOf(input.optionId ?? row.optionId);
    const sameTrainSpec = !productChanged && (input.optionId === undefined || input.optionId === row.optionId) && (input.availabilityId === undefined || input.availabilityId === row.availabilityId);
    if (input.unitItems === undefined && option.groupType !== row.groupType) throw badRequest('unitItems: another group type has other units; send the unit items');
    const unitItems = input.unitItems === undefined ? row.unitItems : await unitItemsOf(work.tx, input.unitItems, option.groupType, minGroupSize, row.unitItems);
    const train = sameTrainSpec ? { serviceDate: row.serviceDate, serviceId: row.serviceId } : await trainOf(work.tx, product, option.direction, input.availabilityId ?? row.availabilityId);
    const route = ROUTE[option.direction];
    const reheld = !sameTrainSpec || unitItems.length !== row.heldSeats;
    if (reheld) {
      await releaseSeats(work.tx, row);
      await holdSeats(work.tx, train, option.direction, unitItems.length, row.uuid);
    }
    const availabilityId = input.availabilityId ?? row.availabilityId;
    return updateOctoBooking(work.tx, row.uuid, {
      productId: product.id,
      optionId: optionIdOf(option.groupType, option.direction),
      groupType: option.groupType,
      direction: option.direction,
      fromStationId: route.from,
      toStationId: route.to,
      availabilityId: sameTrainSpec ? row.availabilityId : availabilityId,
      serviceDate: train.serviceDate,
      serviceId: train.serviceId,
      unitItems,
      heldSeats: unitItems.length,
      ...(input.expirationMinutes !== undefined ? { utcExpiresAt: expiryOf(input.expirationMinutes) } : {}),
      ...(input.contact !== undefined ? { contact: contactRow(input.contact, row.contact) } : {}),
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.resellerReference !== undefined ? { resellerReference: input.resellerReference } : {}),
    });
  }

  const octoWebhooks = createOctoWebhooks({ db, webhooks, answer });

  return {
    capabilities: () => SUPPORTED_CAPABILITY_LIST,
    supplier: catalogue.supplier,
    products: catalogue.products,
    product: catalogue.product,
    availability: catalogue.availability,
    calendar: catalogue.calendar,
    ...octoWebhooks,


    /** POST /bookings: a reservation holding its seats until utcExpiresAt. */
    reserve: async (work: Work, principal: Principal, input: ReserveInput, capabilities: readonly OctoCapability[]): Promise<OctoBooking> => {
      const agentId = agentOf(principal);
      const product = await productRow(work.tx, input.productId);
      const option = optionOf(input.optionId);
      if (input.availabilityId === undefined) throw invalidAvailability(undefined, 'availabilityId is required');
      const train = await trainOf(work.tx, product, option.direction, input.availabilityId);
      const ctx = await answerContext(work.tx, [], train.serviceDate);
      if (departureUtc(train.serviceDate, train.departure.departure_hhmm) <= clock.now()) throw unprocessable('this train has departed');
      if (input.uuid !== undefined) {
        const existing = await findOctoBooking(work.tx, agentId, input.uuid.toLowerCase());
        if (existing) throw unprocessable(`a booking ${input.uuid} exists already`);
      }
      const unitItems = await unitItemsOf(work.tx, input.unitItems, option.groupType, ctx.minGroupSize);
      if (!ctx.prices.size) throw unprocessable(`no fares are set for ${train.serviceDate}`);
      const utcExpiresAt = expiryOf(input.expirationMinutes);
      const uuid = (input.uuid ?? randomUUID()).toLowerCase();
      await holdSeats(work.tx, train, option.direction, unitItems.length, uuid);
      const subGroup = principal.user.agent_sub_group_id ?? (await rootGroupOf(work.tx, agentId));
      const route = ROUTE[option.direction];
      const row = await insertOctoBooking(work.tx, {
        uuid,
        agentId,
        agentSubGroupId: subGroup,
        productId: product.id,
        optionId: optionIdOf(option.groupType, option.direction),
        groupType: option.groupType,
        direction: option.direction,
        fromStationId: route.from,
        toStationId: route.to,
        availabilityId: availabilityIdOf(train.serviceDate, train.departure.departure_hhmm),
        serviceDate: train.serviceDate,
        serviceId: train.serviceId,
        unitItems,
        heldSeats: unitItems.length,
        holdStatus: 'ON_HOLD',
        utcExpiresAt,
        resellerReference: input.resellerReference ?? null,
        contact: contactRow(input.contact, null),
        notes: input.notes ?? null,
        channel: OCTO_CHANNEL,
      });
      return one(work.tx, principal, row, capabilities);
    },

    get: async (principal: Principal, uuid: string, capabilities: readonly OctoCapability[]) => one(db, principal, await visible(db, principal, uuid), capabilities),

    list: async (principal: Principal, filter: Omit<OctoListFilter, 'agentId' | 'agentSubGroupId'>, capabilities: readonly OctoCapability[]) => {
      const agentId = agentOf(principal);
      const rows = await listOctoBookings(db, { ...filter, agentId, agentSubGroupId: principal.user.agent_sub_group_id });
      return answer(db, rows, capabilities);
    },

    extend: async (work: Work, principal: Principal, uuid: string, input: { expirationMinutes?: number | undefined }, capabilities: readonly OctoCapability[]) => {
      const row = await visible(work.tx, principal, uuid, true);
      if (row.holdStatus !== 'ON_HOLD') throw unprocessable(`only a booking on hold can be extended; this one is ${row.holdStatus === 'SUBMITTED' ? 'confirmed' : row.holdStatus.toLowerCase()}`);
      if (row.utcExpiresAt <= clock.now()) throw unprocessable('the hold has expired');
      const updated = await updateOctoBooking(work.tx, row.uuid, { utcExpiresAt: expiryOf(input.expirationMinutes) });
      return one(work.tx, principal, updated, capabilities);
    },

    confirm: async (work: Work, principal: Principal, uuid: string, input: ConfirmInput, capabilities: readonly OctoCapability[]) => {
      const row = await visible(work.tx, principal, uuid, true);
      // Confirming twice answers the booking (a retry after a lost answer); anything else but a live hold is refused.
      if (row.holdStatus === 'SUBMITTED') return one(work.tx, principal, row, capabilities);
      if (row.holdStatus !== 'ON_HOLD') throw unprocessable(`the booking is ${row.holdStatus.toLowerCase()} and cannot be confirmed`);
      if (row.utcExpiresAt <= clock.now()) throw unprocessable('the hold has expired; reserve again');
      return one(work.tx, principal, await confirmOctoBooking(work, principal, row, input), capabilities);
    },

    update: async (work: Work, principal: Principal, uuid: string, input: UpdateInput, capabilities: readonly OctoCapability[]) => {
      const row = await visible(work.tx, principal, uuid, true);
      if (row.holdStatus === 'ON_HOLD') {
        if (row.utcExpiresAt <= clock.now()) throw unprocessable('the hold has expired; reserve again');
        const ctx = await answerContext(work.tx, [], row.serviceDate);
        return one(work.tx, principal, await changeHold(work, row, input, ctx.minGroupSize), capabilities);
      }
      if (row.holdStatus !== 'SUBMITTED' || row.bookingId === null) throw unprocessable(`the booking is ${row.holdStatus.toLowerCase()} and cannot be changed`);
      return one(work.tx, principal, await changeBooking(work, principal, row, input), capabilities);
    },

    cancel: async (work: Work, principal: Principal, uuid: string, input: { reason?: string | null | undefined }, capabilities: readonly OctoCapability[]) => {
      const row = await visible(work.tx, principal, uuid, true);
      const reason = input.reason ?? null;
      if (row.holdStatus === 'ON_HOLD') {
        // A hold's cancellation only gives its seats back.
        await releaseSeats(work.tx, row);
        const updated = await updateOctoBooking(work.tx, row.uuid, { holdStatus: 'CANCELLED', heldSeats: 0, cancelledAt: clock.now(), cancellationReason: reason });
        return one(work.tx, principal, updated, capabilities);
      }
      if (row.holdStatus !== 'SUBMITTED' || row.bookingId === null) throw unprocessable(`the booking is ${row.holdStatus.toLowerCase()} and cannot be cancelled`);
      const [state] = (await bookingStates(work.tx, [row.bookingId])).values();
      if (state?.status === 'CANCELLED') return one(work.tx, principal, row, capabilities);
      if (state?.status === 'NOT_RESERVED') throw unprocessable('the operator refused this booking; there is nothing to cancel');
      // The booking's own cancellation: the policy's fee and the money rules (bookings' cancelAtOnce).
      await bookings.cancelAtOnce(work, principal, state!.booking_id);
      const updated = await updateOctoBooking(work.tx, row.uuid, { cancelledAt: clock.now(), cancellationReason: reason });
      return one(work.tx, principal, updated, capabilities);
    },
  };

  /** A confirmed booking's change, as the agent's change request (PUT params): counts, contact, train. */
  async function changeBooking(work: Work, principal: Principal, row: OctoBookingRow, input: UpdateInput): Promise<OctoBookingRow> {
    const [state] = (await bookingStates(work.tx, [row.bookingId!])).values();
    const current = await bookings.get(work.tx, principal, state!.booking_id);
    const ctx = await answerContext(work.tx, [], row.serviceDate);
    const unitItems = input.unitItems === undefined ? row.unitItems : await unitItemsOf(work.tx, input.unitItems, row.groupType, ctx.minGroupSize, row.unitItems);
    let train = { serviceDate: row.serviceDate, serviceId: row.serviceId, availabilityId: row.availabilityId };
    if (input.availabilityId !== undefined && input.availabilityId !== row.availabilityId) {
      const product = await productRow(work.tx, String(row.productId));
      const t = await trainOf(work.tx, product, row.direction, input.availabilityId);
      train = { serviceDate: t.serviceDate, serviceId: t.serviceId, availabilityId: availabilityIdOf(t.serviceDate, t.departure.departure_hhmm) };
    }
    if ((input.productId !== undefined && input.productId !== String(row.productId)) || (input.optionId !== undefined && input.optionId !== row.optionId)) {
      throw unprocessable('a confirmed booking keeps its product and option; cancel it and book again');
    }
    const contact = contactRow(input.contact, row.contact);
    const name = applicantName(contact) || current.applicant.name;
    const change = UpdateParamsBody.safeParse({
      applicant: { name, email: contact?.email_address || current.applicant.email, phone_number: contact?.phone_number?.trim() || current.applicant.phone_number },
      tour_conductor: current.tour_conductor && { name: current.tour_conductor.name, phone_number: current.tour_conductor.phone_number },
      group: current.group,
      service_order: { [row.direction === 'down' ? 'down_service' : 'up_service']: { service_date: train.serviceDate, service_id: train.serviceId, from_station_id: row.fromStationId, to_station_id: row.toStationId } },
      participant_group: { unit_quantity_items: unitQuantities(unitItems), wheel_chairs: [] },
      note: current.note,
    });
    if (!change.success) throw badRequest(`contact: ${change.error.issues[0]!.message}`);
    try {
      await bookings.updateParams(work, principal, state!.booking_id, change.data);
    } catch (error) {
      if (error instanceof AppError && error.code === 'STEP_NOT_ALLOWED') throw unprocessable('the booking can be changed once the operator has confirmed it');
      throw error;
    }
    return updateOctoBooking(work.tx, row.uuid, {
      unitItems,
      availabilityId: train.availabilityId,
      serviceDate: train.serviceDate,
      serviceId: train.serviceId,
      contact,
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(input.resellerReference !== undefined ? { resellerReference: input.resellerReference } : {}),
    });
  }


}

export const SUPPORTED_CAPABILITY_LIST = [
  { id: 'octo/pricing', revision: 1, required: false, dependencies: [], docs: 'https://docs.octo.travel/octo-api-pricing' },
  { id: 'octo/content', revision: 1, required: false, dependencies: [], docs: 'https://docs.octo.travel/octo-api-content' },
  { id: 'octo/webhooks', revision: 1, required: false, dependencies: [], docs: 'https://docs.octo.travel/octo-api-webhooks' },
] as const;

export type OctoService = ReturnType<typeof createOctoService>;
