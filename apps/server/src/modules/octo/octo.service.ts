/**
 * The OCTO supplier API's use cases (ADR 039). A reseller is an agent calling with its API key
 * (acting as staff of the key's branch). A reservation holds seats on the train's group allotment
 * itself, with the same one-statement hold as every booking (`holdAllotments`: never oversold);
 * confirming hands the seats to an ordinary booking submitted as the agent, in one transaction;
 * cancelling and changing a confirmed booking go through the booking's own steps.
 */
import { randomUUID } from 'node:crypto';
import { CreateBookingBody, UpdateParamsBody } from '@sagano/domain/bookings/booking-schemas';
import { GROUP_TYPES } from '@sagano/domain/bookings/booking-constants';
import { DEFAULT_HOLD_MINUTES, MAX_HOLD_MINUTES, OCTO_CHANNEL, availabilityIdOf, optionIdOf, parseAvailabilityId, parseOptionId } from '@sagano/domain/octo/octo-constants';
import { legsBetween } from '@sagano/domain/inventory/legs';
import type { Db, Executor } from '../../db/client.ts';
import type { OctoContactRow, OctoUnitItemRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { canSee, type Principal } from '../auth/index.ts';
import { SYSTEM_ACTOR, SYSTEM_CALLER, beginSystemStep, findBookingRow, holdDirections, nextStep, recordRevision } from '../booking-core/index.ts';
import { priceParticipants, type createBookingsService } from '../bookings/index.ts';
import { holdAllotments, releaseAllotments } from '../inventory/index.ts';
import type { WebhooksService } from '../webhooks/index.ts';
import {
  ROUTE,
  ROUTE_LEGS,
  SUPPORTED_CAPABILITIES,
  availabilityAnswer,
  bookingAnswer,
  calendarDay,
  departureUtc,
  optionAnswer,
  productAnswer,
  supplierAnswer,
  type AnswerContext,
  type OctoAvailability,
  type OctoBooking,
  type OctoCapability,
  type OctoProduct,
} from './octo-answers.ts';
import { badRequest, invalidAvailability, invalidBooking, invalidOption, invalidProduct, invalidUnit, OctoError, unprocessable } from './octo-errors.ts';
import {
  bookingStates,
  cancellationSteps,
  departures,
  expiredHolds,
  findOctoBooking,
  findOctoBookingOfBooking,
  insertOctoBooking,
  keyCreatorEmail,
  largestGroupAllotment,
  listOctoBookings,
  lockOctoBooking,
  octoProducts,
  operatorInfo,
  passengerUnits,
  rootGroupOf,
  seatTypes,
  setLockTimeout,
  startTimes,
  unitPricesBetween,
  updateOctoBooking,
  type DepartureRow,
  type OctoBookingRow,
  type OctoListFilter,
  type OctoProductRow,
} from './octo.repository.ts';

type BookingsService = ReturnType<typeof createBookingsService>;

/** The standard's request bodies as this server reads them (checked by the routes' schemas). */
export interface OctoUnitItemInput {
  uuid?: string | undefined;
  unitId: string;
  resellerReference?: string | undefined;
}
export interface OctoContactInput {
  fullName?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  emailAddress?: string | null | undefined;
  phoneNumber?: string | null | undefined;
  locales?: string[] | undefined;
  country?: string | null | undefined;
  notes?: string | null | undefined;
}
export interface ReserveInput {
  uuid?: string | undefined;
  productId: string;
  optionId: string;
  availabilityId?: string | undefined;
  expirationMinutes?: number | undefined;
  notes?: string | null | undefined;
  unitItems?: OctoUnitItemInput[] | undefined;
  resellerReference?: string | undefined;
  contact?: OctoContactInput | undefined;
}
export type UpdateInput = Partial<ReserveInput>;
export interface ConfirmInput {
  resellerReference?: string | undefined;
  contact?: OctoContactInput | undefined;
  unitItems?: OctoUnitItemInput[] | undefined;
}
export interface AvailabilityInput {
  productId: string;
  optionId: string;
  localDateStart?: string | undefined;
  localDateEnd?: string | undefined;
  availabilityIds?: string[] | undefined;
}

/** The longest date range an availability call may ask for (days). */
const MAX_RANGE_DAYS = 366;

interface Train {
  serviceDate: string;
  serviceId: number;
  departure: DepartureRow;
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function contactRow(c: OctoContactInput | undefined, before: OctoContactRow | null): OctoContactRow | null {
  if (!c) return before;
  const pick = <K extends keyof OctoContactInput>(k: K, row: keyof OctoContactRow) => (c[k] !== undefined ? (c[k] as string | null) : ((before?.[row] as string | null | undefined) ?? null));
  return {
    full_name: pick('fullName', 'full_name'),
    first_name: pick('firstName', 'first_name'),
    last_name: pick('lastName', 'last_name'),
    email_address: pick('emailAddress', 'email_address'),
    phone_number: pick('phoneNumber', 'phone_number'),
    locales: c.locales ?? before?.locales ?? [],
    country: pick('country', 'country'),
    notes: pick('notes', 'notes'),
  };
}

/** The contact's name as the applicant's: the full name, else first and last. */
function applicantName(c: OctoContactRow | null): string {
  const full = c?.full_name?.trim();
  if (full) return full;
  return [c?.first_name, c?.last_name].filter((x) => x && x.trim()).join(' ').trim();
}

/** OCTO's country (ISO 3166-1 alpha-2, sometimes alpha-3) as the booking's (alpha-3, or OTHER). */
function countryCode(country: string | null | undefined): string {
  const c = (country ?? '').trim().toUpperCase();
  if (c === 'JP' || c === 'JPN') return 'JPN';
  return /^[A-Z]{3}$/.test(c) ? c : 'OTHER';
}

/** The unit items counted per unit, as a booking's participants. */
function unitQuantities(items: readonly OctoUnitItemRow[]): { unit_id: number; quantity: number }[] {
  const counts = new Map<number, number>();
  for (const i of items) counts.set(i.unit_id, (counts.get(i.unit_id) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([unit_id, quantity]) => ({ unit_id, quantity }));
}

/** Gives back what a hold keeps (nothing when it keeps nothing). */
async function release(tx: Executor, row: OctoBookingRow): Promise<void> {
  if (row.heldSeats === 0) return;
  const types = await seatTypes(tx);
  await releaseAllotments(tx, [{ serviceDate: row.serviceDate, serviceId: row.serviceId, arrangementTypeId: types.group!, legs: legsBetween(row.fromStationId, row.toStationId), quantity: row.heldSeats }]);
}


/** The webhooks module's reseller side (its front door's service, handed in by app.ts): where OCTO endpoints are kept and delivered. */
export type OctoWebhooksPort = Pick<WebhooksService, 'createOctoEndpoint' | 'listOctoEndpoints' | 'deleteOctoEndpoint'>;

/** The octo/webhooks capability's webhook (the standard's Webhook object): only booking_update is offered. */
export interface OctoWebhook {
  id: string;
  event: 'booking_update';
  url: string;
}
const octoWebhook = (e: { id: number; url: string }): OctoWebhook => ({ id: String(e.id), event: 'booking_update', url: e.url });

export function createOctoService({ db, clock, bookings, publicUrl, webhooks }: { db: Db; clock: Clock; bookings: BookingsService; publicUrl: string; webhooks: OctoWebhooksPort }) {
  async function answerContext(executor: Executor, capabilities: readonly OctoCapability[], date?: string): Promise<AnswerContext> {
    const info = await operatorInfo(executor);
    const day = date ?? clock.today();
    const prices = await unitPricesBetween(executor, day, day);
    const largest = await largestGroupAllotment(executor, day);
    return { capabilities, publicUrl, minGroupSize: info?.min_group_size ?? 1, maxGroupSize: largest, prices: new Map(prices.map((p) => [p.unit_id, p.price_e6])) };
  }

  async function productRow(executor: Executor, productId: unknown): Promise<OctoProductRow> {
    const id = typeof productId === 'string' && /^[1-9][0-9]{0,8}$/.test(productId) ? Number(productId) : NaN;
    const [row] = Number.isNaN(id) ? [] : await octoProducts(executor, id);
    if (!row) throw invalidProduct(productId);
    return row;
  }

  function optionOf(optionId: unknown): { groupType: string; direction: 'down' | 'up' } {
    const option = typeof optionId === 'string' ? parseOptionId(optionId, GROUP_TYPES) : null;
    if (!option) throw invalidOption(optionId);
    return option;
  }

  function onSale(product: OctoProductRow, date: string): boolean {
    return (product.service_date_from === null || product.service_date_from <= date) && (product.service_date_to === null || date <= product.service_date_to);
  }

  /** The departures of an option between two dates (clipped to the product's dates). */
  async function trainsOf(executor: Executor, product: OctoProductRow, direction: 'down' | 'up', fromDate: string, toDate: string, departure?: string): Promise<DepartureRow[]> {
    const route = ROUTE[direction];
    const rows = await departures(executor, { fromDate, toDate, direction, fromStationId: route.from, toStationId: route.to, firstLeg: ROUTE_LEGS.first, lastLeg: ROUTE_LEGS.last, ...(departure ? { departure } : {}) });
    return rows.filter((r) => onSale(product, r.service_date));
  }

  /** The one train an availability id names for this option, or INVALID_AVAILABILITY_ID. */
  async function trainOf(executor: Executor, product: OctoProductRow, direction: 'down' | 'up', availabilityId: unknown): Promise<Train> {
    const parsed = typeof availabilityId === 'string' ? parseAvailabilityId(availabilityId) : null;
    if (!parsed) throw invalidAvailability(availabilityId, 'not an availability id (e.g. 2027-06-10T10:02:00+09:00)');
    const [row] = await trainsOf(executor, product, direction, parsed.serviceDate, parsed.serviceDate, parsed.departureHhmm);
    if (!row) throw invalidAvailability(availabilityId);
    return { serviceDate: row.service_date, serviceId: row.service_id, departure: row };
  }

  async function optionsOf(executor: Executor, product: OctoProductRow, ctx: AnswerContext): Promise<OctoProduct['options']> {
    const units = await passengerUnits(executor);
    const today = clock.today();
    const options: OctoProduct['options'] = [];
    for (const groupType of GROUP_TYPES) {
      for (const direction of ['down', 'up'] as const) {
        // The start times: the departures the timetables still running have, from the option's first station.
        const times = await startTimes(executor, direction, ROUTE[direction].from, today);
        options.push(optionAnswer(groupType, direction, options.length === 0, units, times, ctx));
      }
    }
    return options;
  }

  async function productAnswerOf(executor: Executor, product: OctoProductRow, ctx: AnswerContext): Promise<OctoProduct> {
    return productAnswer(product, await optionsOf(executor, product, ctx), ctx, await cancellationSteps(executor));
  }

  function agentOf(principal: Principal): number {
    if (principal.user.kind !== 'AGENT' || principal.user.agent_id === null) throw new OctoError('FORBIDDEN', 'only an agent\'s API key books over OCTO');
    return principal.user.agent_id;
  }

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

  /** Holds `seats` on every leg of the train's group allotment, or refuses as OCTO (never oversold: holdAllotments). */
  async function hold(tx: Executor, train: { serviceDate: string; serviceId: number }, direction: 'down' | 'up', seats: number, uuid: string): Promise<void> {
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

  async function answer(executor: Executor, rows: readonly OctoBookingRow[], capabilities: readonly OctoCapability[]): Promise<OctoBooking[]> {
    const states = await bookingStates(executor, rows.flatMap((r) => (r.bookingId === null ? [] : [r.bookingId])));
    const out: OctoBooking[] = [];
    for (const row of rows) {
      const ctx = await answerContext(executor, capabilities, row.serviceDate);
      const product = (await octoProducts(executor, row.productId))[0];
      const [train] = product ? await trainsOf(executor, product, row.direction, row.serviceDate, row.serviceDate, parseAvailabilityId(row.availabilityId)?.departureHhmm) : [];
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
      const availability: OctoAvailability | null = train ? availabilityAnswer(train, row.groupType, await passengerUnits(executor), ctx, clock.now()) : null;
      out.push(bookingAnswer({ row, booking, availability, totalE6, ctx }));
    }
    return out;
  }

  async function one(executor: Executor, principal: Principal, row: OctoBookingRow, capabilities: readonly OctoCapability[]): Promise<OctoBooking> {
    return (await answer(executor, [row], capabilities))[0]!;
  }

  /**
   * Hands the hold's seats to a submitted booking: the system's reserve_allotments step, through the
   * same hold code and counter guard as the operator's (booking-core holdDirections), in the
   * transaction that released the hold, so nobody can take the seats in between.
   */
  async function holdForBooking(work: Work, bookingId: string): Promise<void> {
    const step = await beginSystemStep(work, bookingId, 'reserve_allotments');
    if (!step) throw unprocessable('the booking cannot hold its seats now');
    const failures = await holdDirections(work.tx, step.booking);
    if (failures.length > 0) throw unprocessable(`the seats could not be held: ${failures.join('; ')}`);
    const next = nextStep(step.state, 'reserve_allotments', SYSTEM_CALLER, { outcome: 'ALL' });
    await recordRevision(work.tx, step.booking.id, 'UPDATE', { subStatus: next.subStatus }, SYSTEM_ACTOR);
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
    await release(work.tx, current);
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
      await release(work.tx, row);
      await hold(work.tx, train, option.direction, unitItems.length, row.uuid);
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

  /** Whose webhooks a key manages: its agent's (a branch key: its branch's). */
  function webhookScope(principal: Principal) {
    return { agentId: agentOf(principal), agentSubGroupId: principal.user.agent_sub_group_id };
  }

  return {
    capabilities: () => SUPPORTED_CAPABILITY_LIST,

    // ---- octo/webhooks: a reseller's booking_update endpoints, kept and delivered by the webhooks module (ADR 038, 039) ----

    webhooks: async (principal: Principal): Promise<OctoWebhook[]> => (await webhooks.listOctoEndpoints(webhookScope(principal))).map(octoWebhook),

    createWebhook: async (work: Work, principal: Principal, input: { url: string; event: 'booking_update' }): Promise<OctoWebhook> =>
      octoWebhook(await webhooks.createOctoEndpoint(work, { ...webhookScope(principal), url: input.url, createdBy: principal.apiKey ? `api-key:${principal.apiKey.name}` : principal.user.email })),

    deleteWebhook: async (work: Work, principal: Principal, id: string): Promise<OctoWebhook> => {
      const scope = webhookScope(principal);
      if (!/^[1-9][0-9]{0,8}$/.test(id)) throw badRequest(`no webhook ${id} of yours`);
      try {
        return octoWebhook(await webhooks.deleteOctoEndpoint(work, scope, Number(id)));
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw badRequest(`no webhook ${id} of yours`);
        throw error;
      }
    },

    /**
     * The body of an OCTO endpoint's delivery (registered with the webhooks module by app.ts):
     * the webhook and the booking as GET /octo/bookings/{uuid} answers it (every capability);
     * null when the delivery's booking was not booked over OCTO.
     */
    renderWebhook: async (delivery: { endpointId: number; url: string; bookingId: string | null }): Promise<{ webhook: OctoWebhook; booking: OctoBooking } | null> => {
      if (delivery.bookingId === null) return null;
      const row = await findOctoBookingOfBooking(db, delivery.bookingId);
      if (!row) return null;
      const [booking] = await answer(db, [row], SUPPORTED_CAPABILITIES);
      return { webhook: octoWebhook({ id: delivery.endpointId, url: delivery.url }), booking: booking! };
    },

    supplier: async (capabilities: readonly OctoCapability[]) => supplierAnswer(await operatorInfo(db), await answerContext(db, capabilities)),

    products: async (capabilities: readonly OctoCapability[]): Promise<OctoProduct[]> => {
      const ctx = await answerContext(db, capabilities);
      const out: OctoProduct[] = [];
      for (const p of await octoProducts(db)) out.push(await productAnswerOf(db, p, ctx));
      return out;
    },

    product: async (productId: string, capabilities: readonly OctoCapability[]): Promise<OctoProduct> => productAnswerOf(db, await productRow(db, productId), await answerContext(db, capabilities)),

    /** POST /availability: the trains of a date range, or the ones named by id. */
    availability: async (input: AvailabilityInput, capabilities: readonly OctoCapability[]): Promise<OctoAvailability[]> => {
      const product = await productRow(db, input.productId);
      const option = optionOf(input.optionId);
      const units = await passengerUnits(db);
      const now = clock.now();
      if (input.availabilityIds !== undefined) {
        if (input.localDateStart !== undefined || input.localDateEnd !== undefined) throw badRequest('ask by availabilityIds or by localDateStart and localDateEnd, not both');
        if (input.availabilityIds.length === 0) throw badRequest('availabilityIds must name at least one availability');
        const out: OctoAvailability[] = [];
        for (const id of input.availabilityIds) {
          const train = await trainOf(db, product, option.direction, id);
          out.push(availabilityAnswer(train.departure, option.groupType, units, await answerContext(db, capabilities, train.serviceDate), now));
        }
        return out;
      }
      const { from, to } = rangeOf(input);
      const trains = await trainsOf(db, product, option.direction, from, to);
      const out: OctoAvailability[] = [];
      for (const t of trains) out.push(availabilityAnswer(t, option.groupType, units, await answerContext(db, capabilities, t.service_date), now));
      return out;
    },

    /** POST /availability/calendar: each day of the range, as good as its best train. */
    calendar: async (input: AvailabilityInput, capabilities: readonly OctoCapability[]) => {
      const product = await productRow(db, input.productId);
      const option = optionOf(input.optionId);
      const { from, to } = rangeOf(input);
      const units = await passengerUnits(db);
      const trains = await trainsOf(db, product, option.direction, from, to);
      const now = clock.now();
      const days = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const ctx = await answerContext(db, capabilities, date);
        const ofDay = trains.filter((t) => t.service_date === date).map((t) => availabilityAnswer(t, option.groupType, units, ctx, now));
        days.push(calendarDay(date, ofDay, option.groupType, units, ctx));
      }
      return days;
    },

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
      await hold(work.tx, train, option.direction, unitItems.length, uuid);
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
        await release(work.tx, row);
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

  function rangeOf(input: AvailabilityInput): { from: string; to: string } {
    const from = input.localDateStart;
    const to = input.localDateEnd;
    if (from === undefined || to === undefined) throw badRequest('localDateStart and localDateEnd are required (or availabilityIds)');
    if (to < from) throw badRequest('localDateEnd must not be before localDateStart');
    if (daysBetween(from, to) > MAX_RANGE_DAYS) throw badRequest(`ask for at most ${MAX_RANGE_DAYS} days at once`);
    return { from, to };
  }
}

export const SUPPORTED_CAPABILITY_LIST = [
  { id: 'octo/pricing', revision: 1, required: false, dependencies: [], docs: 'https://docs.octo.travel/octo-api-pricing' },
  { id: 'octo/content', revision: 1, required: false, dependencies: [], docs: 'https://docs.octo.travel/octo-api-content' },
  { id: 'octo/webhooks', revision: 1, required: false, dependencies: [], docs: 'https://docs.octo.travel/octo-api-webhooks' },
] as const;

export type OctoService = ReturnType<typeof createOctoService>;

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
        await release(work.tx, row);
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
