/**
 * The seat map a booking is shown (GET /seats, and the answer of assign_seats): each direction's
 * drawn train with every seat's type, who else holds it (anonymised for the group), whether it
 * is the booking's and whether the booking may take it.
 */
import type { BookingState } from '@sagano/domain/bookings/booking-state';
import { legsBetween } from '@sagano/domain/inventory/legs';
import type { BookingSeatDirection, BookingSeatsResponse } from '@sagano/domain/seats/seat-schemas';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { loadBooking, lockBooking, type BookingAggregate, type LockedBooking, type LockedService } from '../booking-core/index.ts';
import { carsOf, seatsOf, type MapSeat, type TrainDay } from './seats.repository.ts';

/** The booking's state as the domain rules read it (what staff and the group may see and do). */
export function bookingStateOf(a: BookingAggregate): BookingState {
  return { status: a.booking.status, subStatus: a.booking.subStatus, isRoundTrip: a.services.length === 2, voucherConfirmed: a.booking.voucherConfirmed, ignoreCancellationPolicy: a.agent.ignoreCancellationPolicy };
}

export function trainDay(s: Pick<LockedService, 'serviceDate' | 'serviceId' | 'fromStationId' | 'toStationId'>): TrainDay {
  const legs = legsBetween(s.fromStationId, s.toStationId);
  return { serviceDate: s.serviceDate, serviceId: s.serviceId, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]! };
}

/** A seat the booking may take: of the group allotment (or a wheelchair place) and free on its legs. */
export function assignable(seat: MapSeat, types: { group: number | null; wheelchair: number | null }): boolean {
  if (seat.taken_by !== null || seat.arrangement_type_id === 0) return false;
  return seat.arrangement_type_id === types.group || (seat.arrangement_type_id === types.wheelchair && types.wheelchair !== null);
}

/** One direction's drawn train and what the booking has and needs there. */
async function directionView(executor: Executor, booking: { bookingId: string; participantQuantity: number; wheelchairs: number; types: LockedBooking['types'] }, s: LockedService & { departureHhmm?: string | null; arrivalHhmm?: string | null }, forCustomer: boolean): Promise<BookingSeatDirection> {
  const day = trainDay(s);
  const [cars, seats] = await Promise.all([carsOf(executor, s.serviceId), seatsOf(executor, day, booking.bookingId)]);
  const mine = seats.filter((x) => x.mine);
  return {
    direction: s.direction,
    service_day: s.serviceDate,
    service_id: s.serviceId,
    service_names: s.names,
    from_station_id: s.fromStationId,
    to_station_id: s.toStationId,
    departure_hhmm: s.departureHhmm ?? null,
    arrival_hhmm: s.arrivalHhmm ?? null,
    legs: legsBetween(s.fromStationId, s.toStationId),
    cars: cars.map((c) => ({
      ...c,
      seats: seats
        .filter((x) => x.logical_car_id === c.logical_car_id)
        .map((x) => ({
          seat_id: x.seat_id,
          seat_group_id: x.seat_group_id,
          logical_car_id: x.logical_car_id,
          car_number: x.car_number,
          row: x.row,
          letter: x.letter,
          is_wheelchair: x.is_wheelchair,
          labels: x.labels,
          arrangement_type_id: x.arrangement_type_id,
          taken_by: x.taken_by === null ? null : forCustomer ? '' : x.taken_by,
          mine: x.mine,
          assignable: assignable(x, booking.types),
        })),
    })),
    assigned_seat_ids: mine.map((x) => x.seat_id),
    standing: s.heldStanding,
    needed_seats: booking.participantQuantity - booking.wheelchairs - s.heldStanding,
    needed_wheelchair_places: booking.wheelchairs,
  };
}

export async function seatsView(executor: Executor, booking: LockedBooking, aggregate: BookingAggregate, forCustomer: boolean): Promise<BookingSeatsResponse> {
  const times = new Map(aggregate.services.map((s) => [s.direction, s]));
  const directions: BookingSeatDirection[] = [];
  for (const s of booking.services) {
    const t2 = times.get(s.direction);
    directions.push(await directionView(executor, booking, { ...s, departureHhmm: t2?.departureHhmm, arrivalHhmm: t2?.arrivalHhmm }, forCustomer));
  }
  return {
    booking_id: booking.bookingId,
    group_name: aggregate.booking.groupName,
    status: booking.status,
    sub_status: booking.subStatus,
    participant_quantity: booking.participantQuantity,
    wheel_chairs: aggregate.wheelchairs.map((w) => ({ need_slope: w.needSlope })),
    seat_ng_reason: aggregate.booking.seatNgReason,
    directions,
  };
}

/** Reads the booking for a view (no lock) in the shape the steps use. */
export async function readForView(executor: Executor, bookingId: string) {
  const [booking, aggregate] = await Promise.all([lockBooking(executor, bookingId, { lock: false }), loadBooking(executor, bookingId)]);
  if (!booking || !aggregate) throw notFound('booking');
  return { booking, aggregate };
}
