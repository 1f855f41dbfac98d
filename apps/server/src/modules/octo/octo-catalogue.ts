/**
 * What the OCTO supplier sells (ADR 039), read only: the supplier, its products with their
 * options and units, and the availability of each train departure, day by day. The bookings side
 * (octo.service.ts) finds its product, option and train through the same functions.
 */
import { GROUP_TYPES } from '@sagano/domain/bookings/booking-constants';
import { eachDay } from '@sagano/domain/common/business-date';
import { parseAvailabilityId, parseOptionId } from '@sagano/domain/octo/octo-constants';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  ROUTE,
  ROUTE_LEGS,
  availabilityAnswer,
  calendarDay,
  optionAnswer,
  productAnswer,
  supplierAnswer,
  type AnswerContext,
  type OctoAvailability,
  type OctoCapability,
  type OctoProduct,
} from './octo-answers.ts';
import { badRequest, invalidAvailability, invalidOption, invalidProduct } from './octo-errors.ts';
import { rangeOf, type AvailabilityInput } from './octo-inputs.ts';
import { cancellationSteps, departures, octoProducts, operatorInfo, passengerUnits, startTimes, unitPricesBetween, type DepartureRow, type OctoProductRow } from './octo.repository.ts';

/** One train departure an availability id names. */
export interface Train {
  serviceDate: string;
  serviceId: number;
  departure: DepartureRow;
}

export function createOctoCatalogue({ db, clock, publicUrl }: { db: Db; clock: Clock; publicUrl: string }) {
  /**
   * What every answer of a day needs (capabilities asked for, the minimum group, the day's prices),
   * for each day from `from` to `to`: two statements whatever the number of days.
   */
  async function contextsBetween(executor: Executor, capabilities: readonly OctoCapability[], from: string, to: string): Promise<Map<string, AnswerContext>> {
    const info = await operatorInfo(executor);
    const prices = await unitPricesBetween(executor, from, to);
    const byDay = new Map(eachDay(from, to).map((date) => [date, { capabilities, publicUrl, minGroupSize: info?.min_group_size ?? 1, prices: new Map<number, number>() }]));
    for (const p of prices) byDay.get(p.service_date)?.prices.set(p.unit_id, p.price_e6);
    return byDay;
  }

  /** The answer context of one day (today by default). */
  async function answerContext(executor: Executor, capabilities: readonly OctoCapability[], date?: string): Promise<AnswerContext> {
    const day = date ?? clock.today();
    return (await contextsBetween(executor, capabilities, day, day)).get(day)!;
  }

  /** The OCTO product a product id names, or INVALID_PRODUCT_ID. */
  async function productRow(executor: Executor, productId: unknown): Promise<OctoProductRow> {
    const id = typeof productId === 'string' && /^[1-9][0-9]{0,8}$/.test(productId) ? Number(productId) : NaN;
    const [row] = Number.isNaN(id) ? [] : await octoProducts(executor, id);
    if (!row) throw invalidProduct(productId);
    return row;
  }

  /** The group type and direction an option id names, or INVALID_OPTION_ID. */
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

  async function optionsOf(executor: Executor, ctx: AnswerContext): Promise<OctoProduct['options']> {
    const units = await passengerUnits(executor);
    const today = clock.today();
    const options: OctoProduct['options'] = [];
    // The start times: the departures the timetables still running have, from the option's first station (one read per direction).
    const times = { down: await startTimes(executor, 'down', ROUTE.down.from, today), up: await startTimes(executor, 'up', ROUTE.up.from, today) };
    for (const groupType of GROUP_TYPES) {
      for (const direction of ['down', 'up'] as const) options.push(optionAnswer(groupType, direction, options.length === 0, units, times[direction], ctx));
    }
    return options;
  }

  async function productAnswerOf(executor: Executor, product: OctoProductRow, ctx: AnswerContext): Promise<OctoProduct> {
    return productAnswer(product, await optionsOf(executor, ctx), ctx, await cancellationSteps(executor));
  }

  return {
    answerContext,
    contextsBetween,
    productRow,
    optionOf,
    trainsOf,
    trainOf,

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
      const contexts = await contextsBetween(db, capabilities, from, to);
      return trains.map((t) => availabilityAnswer(t, option.groupType, units, contexts.get(t.service_date)!, now));
    },

    /** POST /availability/calendar: each day of the range, as good as its best train. */
    calendar: async (input: AvailabilityInput, capabilities: readonly OctoCapability[]) => {
      const product = await productRow(db, input.productId);
      const option = optionOf(input.optionId);
      const { from, to } = rangeOf(input);
      const units = await passengerUnits(db);
      const trains = await trainsOf(db, product, option.direction, from, to);
      const now = clock.now();
      const contexts = await contextsBetween(db, capabilities, from, to);
      return eachDay(from, to).map((date) => {
        const ctx = contexts.get(date)!;
        const ofDay = trains.filter((t) => t.service_date === date).map((t) => availabilityAnswer(t, option.groupType, units, ctx, now));
        return calendarDay(date, ofDay, option.groupType, units, ctx);
      });
    },
  };
}

export type OctoCatalogue = ReturnType<typeof createOctoCatalogue>;
