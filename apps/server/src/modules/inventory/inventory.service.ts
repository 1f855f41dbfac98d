/** Seat inquiry, the seat-level inventory of a train, slot adjustment and suspension. */
import { unbookableReason } from '@sagano/domain/inventory/bookability';
import { lastDayOfMonth } from '@sagano/domain/common/business-date';
import { allotmentLevel, bestLevel, DEFAULT_FEW_THRESHOLD, type AllotmentLevel, type SeatInquiryTag } from '@sagano/domain/inventory/allotment-level';
import type {
  AdjustArrangementsBody,
  AllotmentCalendarResponse,
  AllotmentDayResponse,
  AllotmentService,
  SearchInventoryBody,
  ServiceInventoryResponse,
  ServiceOperation,
  ServiceStatus,
} from '@sagano/domain/inventory/inventory-schemas';
import { legsBetween, segmentFitsDirection } from '@sagano/domain/inventory/legs';
import type { Db, Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { RefuseBookingsOnStoppedTrains, StoppedTrain } from './stopped-trains.ts';
import { promoteWaitlistAfterCommit } from './waitlist-promotion-key.ts';
import { listTrains } from '../reference/index.ts';
import {
  calendarFigures,
  countersOf,
  groupCountersInRange,
  patternsOfMonth,
  requestsOnDay,
  seatsOf,
  minGroupSize,
  servicesOnDay,
  moveSeats,
  standingsOf,
  type CounterRow,
  type ServiceOnDay,
  arrangementTypeIds,
  liftPending,
  setDayStatus,
  bookingsOnStoppedTrains,
} from './inventory.repository.ts';

const DIRECTIONS = ['down', 'up'] as const;

/**
 * The trains a suspension of `serviceIds` on `date` stops, each with its refusal reason:
 * SERVICEDAY_SUSPENSION when afterwards no train of the day is left running unsuspended,
 * SERVICE_SUSPENSION otherwise.
 */
async function suspensionTargets(executor: Executor, serviceIds: number[], date: string): Promise<StoppedTrain[]> {
  const running = await servicesOnDay(executor, date);
  const wholeDay = running.every((s) => s.status === 'suspended' || serviceIds.includes(s.serviceId));
  return running
    .filter((s) => serviceIds.includes(s.serviceId) && s.status !== 'suspended')
    .map((s) => ({ serviceDate: date, serviceId: s.serviceId, reason: wholeDay ? 'SERVICEDAY_SUSPENSION' : 'SERVICE_SUSPENSION' }));
}

/** A CHECK constraint refused the write (drizzle wraps the driver's error in `cause`). */
export function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23514' || e.cause?.code === '23514';
}

function monthRange(year: number, month: number): { from: string; to: string } {
  const yearMonth = `${year}-${String(month).padStart(2, '0')}`;
  return { from: `${yearMonth}-01`, to: lastDayOfMonth(yearMonth) };
}

/** Group seats, vacancy and holds of one train on a segment: the tightest leg decides. */
function segmentFigures(counters: CounterRow[], legs: readonly number[]) {
  const onLegs = legs.map((leg) => counters.find((c) => c.leg === leg) ?? { capacity: 0, held: 0 });
  if (onLegs.length === 0) return { group: 0, vacant: 0, held: 0 };
  return {
    group: Math.min(...onLegs.map((c) => c.capacity)),
    vacant: Math.min(...onLegs.map((c) => c.capacity - c.held)),
    held: Math.max(...onLegs.map((c) => c.held)),
  };
}

function sellable(status: ServiceStatus | string | null): boolean {
  return status !== 'suspended' && status !== 'pending';
}

/** How long a month calendar may be served from memory unless force_real_time asks for fresh figures. */
export const CALENDAR_CACHE_MS = 10_000;

/**
 * `refuseBookingsOnStoppedTrains` is the bookings module's suspension step, handed in by app.ts
 * (inventory sits below the booking flows); without it the service cannot suspend trains.
 */
export function createInventoryService({ db, ...options }: { db: Db; fewThreshold?: number; calendarCacheMs?: number; refuseBookingsOnStoppedTrains?: RefuseBookingsOnStoppedTrains }) {
  const fewThreshold = options.fewThreshold ?? DEFAULT_FEW_THRESHOLD;
  const calendarCacheMs = options.calendarCacheMs ?? CALENDAR_CACHE_MS;
  // The month overview is read far more often than it changes meaningfully; a few seconds of
  // staleness is the specification's own trade (force_real_time). Per process, nothing shared.
  const calendarCache = new Map<string, { at: number; value: Promise<AllotmentCalendarResponse> }>();

  async function dayService(executor: Executor, date: string, serviceId: number): Promise<ServiceOnDay> {
    const [service] = await servicesOnDay(executor, date, [serviceId]);
    if (!service) throw new AppError('SERVICE_NOT_RUNNING', `train ${serviceId} does not run on ${date}`);
    return service;
  }

  return {
    /** The month calendar, from a cache at most CALENDAR_CACHE_MS old unless `forceRealTime`. */
    calendar(year: number, month: number, directionIds: readonly ('down' | 'up')[] = DIRECTIONS, forceRealTime = false): Promise<AllotmentCalendarResponse> {
      const key = `${year}-${month}-${directionIds.join(',')}`;
      const hit = calendarCache.get(key);
      if (!forceRealTime && hit && Date.now() - hit.at < calendarCacheMs) return hit.value;
      const value = this.calendarNow(year, month, directionIds);
      calendarCache.set(key, { at: Date.now(), value });
      value.catch(() => calendarCache.delete(key));
      if (calendarCache.size > 200) calendarCache.delete(calendarCache.keys().next().value!);
      return value;
    },

    /**
     * Per day of a month: the pattern, pending approvals and per direction the best level and
     * totals; the database totals the trains (calendarFigures), the domain names the level.
     */
    async calendarNow(year: number, month: number, directionIds: readonly ('down' | 'up')[] = DIRECTIONS): Promise<AllotmentCalendarResponse> {
      const { from, to } = monthRange(year, month);
      const days = await calendarFigures(db, from, to);
      return {
        year,
        month,
        few_threshold: fewThreshold,
        days: days.map((day) => {
          const directions = directionIds.map((direction) => {
            const figures = day.directions.find((d) => d.direction === direction);
            // A direction's level is its best train's: the one with the most vacant seats.
            const best = figures?.bestVacant ?? null;
            return {
              direction_id: direction,
              allotment_level: best === null ? null : allotmentLevel(best, fewThreshold),
              group_seats: figures?.groupSeats ?? 0,
              vacant_seats: figures?.vacantSeats ?? 0,
              service_count: figures?.serviceCount ?? 0,
              inventory_service_count: figures?.inventoryServiceCount ?? 0,
            };
          });
          return {
            date: day.date,
            service_pattern: day.pattern,
            is_approval_pending: day.approvalPending,
            allotment_level: bestLevel(directions.flatMap((d) => (d.allotment_level ? [d.allotment_level] : []))),
            directions,
          };
        }),
      };
    },

    /** The day's trains with their figures for a segment (the whole line when none is given). */
    async day(date: string, segment: { fromStationId?: number; toStationId?: number }): Promise<AllotmentDayResponse> {
      const [services, counters, patterns, requests, minimum] = await readAll(db, [
        () => servicesOnDay(db, date),
        () => groupCountersInRange(db, date, date),
        () => patternsOfMonth(db, date, date),
        () => requestsOnDay(db, date),
        () => minGroupSize(db),
      ] as const);
      const rows: AllotmentService[] = [];
      for (const s of services) {
        let from = s.stops[0]?.stationId ?? 1;
        let to = s.stops[s.stops.length - 1]?.stationId ?? 4;
        if (segment.fromStationId !== undefined && segment.toStationId !== undefined) {
          if (!segmentFitsDirection(s.direction, segment.fromStationId, segment.toStationId)) continue;
          from = segment.fromStationId;
          to = segment.toStationId;
        }
        const legs = legsBetween(from, to).filter((leg) => s.legs.includes(leg));
        const figures = segmentFigures(counters.filter((c) => c.serviceId === s.serviceId), legs);
        // Requests on this train whose legs meet the segment and that hold nothing yet.
        const asking = requests.filter((q) => q.serviceId === s.serviceId && legsBetween(q.fromStationId, q.toStationId).some((leg) => legs.includes(leg)));
        const requested = asking.reduce((n, q) => n + q.quantity, 0);
        const tags: SeatInquiryTag[] = [];
        if (figures.held > 0 || asking.length > 0) tags.push('HAS_BOOKING');
        if (requested > figures.vacant) tags.push('GROUP_ARRANGEMENT_INSUFFICIENT');
        if (asking.some((q) => q.waitlisted)) tags.push('HAS_WAITLISTING_BOOKING');
        const level: AllotmentLevel = sellable(s.status) ? allotmentLevel(figures.vacant, fewThreshold) : 'SOLD_OUT';
        const reason = unbookableReason({ status: s.status, has_inventory: s.arrangementPatternId !== null });
        rows.push({
          service_id: s.serviceId,
          service_names: s.names,
          direction: s.direction,
          is_special: s.isSpecial,
          status: s.status,
          from_station_id: from,
          to_station_id: to,
          departure_hhmm: s.stops.find((d) => d.stationId === from)?.departureHhmm ?? null,
          arrival_hhmm: s.stops.find((d) => d.stationId === to)?.arrivalHhmm ?? null,
          group_seats: figures.group,
          vacant_seats: Math.max(figures.vacant, 0),
          requested_seats: requested,
          reserved_or_occupied_seats: figures.held,
          allotment_level: level,
          tags,
          has_inventory: s.arrangementPatternId !== null,
          bookable: reason === null,
          unbookable_reason: reason,
        });
      }
      return {
        service_day: date,
        service_pattern: patterns.get(date) ?? null,
        few_threshold: fewThreshold,
        min_group_size: minimum,
        services: rows,
      };
    },

    /** One train on one day, car by car and seat by seat. */
    async serviceInventory(executor: Executor, date: string, serviceId: number, arrangementTypeIds?: number[]): Promise<ServiceInventoryResponse> {
      const service = await dayService(executor, date, serviceId);
      if (service.arrangementPatternId === null) throw new AppError('NOT_FOUND', `no inventory has been built for train ${serviceId} on ${date}`);
      const patternId = service.arrangementPatternId;
      const [trains, seats, standings, counters] = await readAll(executor, [
        () => listTrains(executor),
        () => seatsOf(executor, date, serviceId, patternId),
        () => standingsOf(executor, patternId),
        () => countersOf(executor, date, serviceId),
      ] as const);
      const train = trains.find((t) => t.train_id === service.logicalTrainId);
      const seatState = new Map(seats.map((s) => [s.seatId, s]));
      const filter = arrangementTypeIds && arrangementTypeIds.length > 0 ? new Set(arrangementTypeIds) : undefined;
      return {
        service_day: date,
        service_id: serviceId,
        service_names: service.names,
        direction: service.direction,
        status: service.status,
        arrangement_pattern_id: patternId,
        legs: service.legs,
        counters: counters
          .filter((c) => !filter || filter.has(c.arrangementTypeId))
          .map((c) => ({ arrangement_type_id: c.arrangementTypeId, leg: c.leg, capacity: c.capacity, held: c.held })),
        cars: (train?.cars ?? []).map((car) => {
          const standing = standings.find((s) => s.logicalCarId === car.logical_car_id);
          const standingHeld = standing
            ? Math.max(0, ...counters.filter((c) => c.arrangementTypeId === standing.arrangementTypeId).map((c) => c.held))
            : 0;
          const quantity = standing?.capacity ?? 0;
          return {
            logical_car_id: car.logical_car_id,
            physical_car_id: car.physical_car_id,
            car_number: car.car_number,
            name: car.name,
            is_rich: car.is_rich,
            standing: {
              arrangement_type_id: standing?.arrangementTypeId ?? null,
              quantity,
              reserved: Math.min(standingHeld, quantity),
              confirmed: 0,
              vacant: Math.max(quantity - standingHeld, 0),
              base_booking_occupied: 0,
            },
            seats: car.seats.flatMap((seat) => {
              const state = seatState.get(seat.seat_id);
              if (!state || (filter && !filter.has(state.arrangementTypeId))) return [];
              return [
                {
                  seat_id: seat.seat_id,
                  seat_group_id: seat.seat_group_id,
                  logical_car_id: seat.logical_car_id,
                  car_number: car.car_number,
                  row: seat.row,
                  letter: seat.letter,
                  is_wheelchair: seat.is_wheelchair,
                  labels: seat.labels,
                  arrangement_type_id: state.arrangementTypeId,
                  state: state.state,
                  booking_ids: state.bookingIds,
                },
              ];
            }),
          };
        }),
      };
    },

    /**
     * Moves seats of one train on one day to other arrangement types. A seat held or assigned to
     * a booking is refused, and so is a move that would leave a type with fewer seats than it has
     * held on some leg (the counter's CHECK); in both cases nothing changes.
     */
    async adjustArrangements(work: Work, body: AdjustArrangementsBody): Promise<void> {
      const { tx } = work;
      const service = await dayService(tx, body.service_date, body.service_id);
      if (service.arrangementPatternId === null) throw new AppError('NOT_FOUND', `no inventory has been built for train ${body.service_id} on ${body.service_date}`);
      const seats = await seatsOf(tx, body.service_date, body.service_id, service.arrangementPatternId);
      const bySeat = new Map(seats.map((s) => [s.seatId, s]));
      const types = await arrangementTypeIds(tx);
      const seen = new Set<string>();
      for (const [i, move] of body.moves.entries()) {
        const seat = bySeat.get(move.seat_id);
        if (!seat) throw new AppError('VALIDATION_FAILED', `moves.${i}.seat_id: no seat ${move.seat_id} on this train`, `moves.${i}.seat_id`);
        if (!types.includes(move.arrangement_type_id)) throw new AppError('VALIDATION_FAILED', `moves.${i}.arrangement_type_id: unknown arrangement type`, `moves.${i}.arrangement_type_id`);
        if (seen.has(move.seat_id)) throw new AppError('VALIDATION_FAILED', `moves.${i}.seat_id: seat ${move.seat_id} appears twice`, `moves.${i}.seat_id`);
        seen.add(move.seat_id);
        if (seat.state !== 'FREE') throw new AppError('SEAT_HELD_OR_ASSIGNED', `seat ${move.seat_id} is held or assigned to a booking and cannot be moved`);
      }
      const moved = body.moves
        .map((m) => ({ seat_id: m.seat_id, from_type: bySeat.get(m.seat_id)!.arrangementTypeId, to_type: m.arrangement_type_id }))
        .filter((m) => m.from_type !== m.to_type);
      try {
        await moveSeats(tx, { serviceDate: body.service_date, serviceId: body.service_id, legs: service.legs }, moved);
      } catch (error) {
        if (isCheckViolation(error)) {
          throw new AppError('SEAT_HELD_OR_ASSIGNED', 'the seats of that arrangement type are held by bookings; release them before moving seats');
        }
        throw error;
      }
      // Seats moved into the group allotment (or the wheelchair places) may let waitlisted groups on.
      if (moved.length > 0) {
        await promoteWaitlistAfterCommit(work, [{ serviceDate: body.service_date, serviceId: body.service_id }], 'SLOT_ADJUSTMENT');
      }
    },

    /** Trains of a day in the segment's direction with enough vacant group seats for `total`. */
    async search(body: SearchInventoryBody) {
      const day = await this.day(body.date, { fromStationId: body.from_station_id, toStationId: body.to_station_id });
      return {
        date: body.date,
        services: day.services.map((s) => ({
          service_id: s.service_id,
          service_names: s.service_names,
          direction: s.direction,
          departure_hhmm: s.departure_hhmm,
          arrival_hhmm: s.arrival_hhmm,
          vacant_seats: s.vacant_seats,
          allotment_level: s.has_inventory ? s.allotment_level : null,
          is_available: sellable(s.status) && s.has_inventory && s.vacant_seats >= body.total,
        })),
      };
    },

    async countersByType(date: string, arrangementTypeIds: number[]) {
      const services = await servicesOnDay(db, date);
      const result = [];
      for (const s of services) {
        const counters = (await countersOf(db, date, s.serviceId)).filter((c) => arrangementTypeIds.includes(c.arrangementTypeId));
        result.push({
          service_id: s.serviceId,
          direction: s.direction,
          counters: counters.map((c) => ({ arrangement_type_id: c.arrangementTypeId, leg: c.leg, capacity: c.capacity, held: c.held })),
        });
      }
      return { date, services: result };
    },

    /**
     * The live bookings suspending these trains on `date` would refuse, with the reason each
     * would get (nothing is written).
     */
    async affectedBookings(executor: Executor, serviceIds: number[], date: string) {
      return { date, bookings: await bookingsOnStoppedTrains(executor, await suspensionTargets(executor, serviceIds, date)) };
    },

    /**
     * Holds or releases sales, or suspends trains on a day. Suspension is final and refuses the
     * trains' live bookings in the same transaction (DESIGN §3); `actor` signs their history.
     */
    async setStatus(work: Work, serviceIds: number[], date: string, operation: ServiceOperation, actor = 'system') {
      const { tx } = work;
      const services = await servicesOnDay(tx, date, serviceIds);
      for (const id of serviceIds) {
        const service = services.find((s) => s.serviceId === id);
        if (!service) throw new AppError('SERVICE_NOT_RUNNING', `train ${id} does not run on ${date}`);
        if (service.status === 'suspended') throw new AppError('SERVICE_SUSPENDED', `train ${id} is already suspended on ${date}; suspension cannot be undone`);
      }
      let refused: string[] | undefined;
      if (operation === 'suspended') {
        const refuse = options.refuseBookingsOnStoppedTrains;
        if (!refuse) throw new Error("the inventory service was built without the bookings' suspension step");
        refused = await refuse(work, actor, await suspensionTargets(tx, serviceIds, date));
      }
      for (const id of serviceIds) {
        if (operation === 'remove pending') await liftPending(tx, date, id);
        else await setDayStatus(tx, date, id, operation);
      }
      // Sales open again: the waitlisted groups on these trains that fit are given their seats.
      if (operation === 'remove pending') await promoteWaitlistAfterCommit(work, serviceIds.map((serviceId) => ({ serviceDate: date, serviceId })), 'SUSPENSION_LIFTED');
      const after = await servicesOnDay(tx, date, serviceIds);
      return { date, services: after.map((s) => ({ service_id: s.serviceId, status: s.status })), ...(refused ? { refused_booking_ids: refused } : {}) };
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
