/**
 * The group's inventory look-ups with its booking link (spec 000 §1 "searches inventory", DESIGN
 * §10 "Inventory"): the availability of the trains of its booking's own days, on its own route,
 * for the arrangement types a group books on. Nothing of other bookings: no booking numbers, and
 * no other allotments (individual sale, agents' contract allotments). Anything else is 403.
 */
import { isEnded, type BookingState } from '@sagano/domain/bookings/booking-state';
import type { SearchInventoryBody, ServiceInventoryResponse } from '@sagano/domain/inventory/inventory-schemas';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { groupBookableTypes } from './inventory.repository.ts';
import type { InventoryService } from './inventory.service.ts';

/** What the link lets the group look up: its booking's status and its trains, one row per direction. */
export interface LinkedBooking {
  bookingId: string;
  status: string;
  services: { direction: 'down' | 'up'; serviceDate: string; serviceId: number; fromStationId: number; toStationId: number }[];
}

/**
 * The booking a link opens, 404 for an unknown booking or a wrong token alike: the booking
 * module's bookingOfLink (booking-core/customer-access.ts), handed in by app.ts.
 */
export type OpenBookingLink = (executor: Executor, bookingId: string, token: string) => Promise<LinkedBooking>;

/** The link of one booking: its number and token. */
export interface BookingLink {
  bookingId: string;
  token: string;
}

const refused = (description: string, field: string) => new AppError('FORBIDDEN', description, field);

export function createCustomerInventory(inventory: InventoryService, bookingOfLink: OpenBookingLink) {
  /** The booking the link opens (404 otherwise); an ended booking looks nothing up. */
  async function open(executor: Executor, link: BookingLink): Promise<LinkedBooking> {
    const booking = await bookingOfLink(executor, link.bookingId, link.token);
    if (isEnded({ status: booking.status } as BookingState)) throw refused('this booking has ended: its link no longer searches trains', 'booking_id');
    return booking;
  }

  function daysOf(booking: LinkedBooking, date: string) {
    const legs = booking.services.filter((s) => s.serviceDate === date);
    if (legs.length === 0) throw refused(`date: the booking's link shows the trains of its own days only (${[...new Set(booking.services.map((s) => s.serviceDate))].join(', ')})`, 'date');
    return legs;
  }

  async function typesAllowed(executor: Executor, asked: readonly number[] | undefined, field: string): Promise<number[]> {
    const allowed = await groupBookableTypes(executor);
    if (asked === undefined || asked.length === 0) return allowed;
    const other = asked.filter((id) => !allowed.includes(id));
    if (other.length > 0) throw refused(`${field}: the booking's link shows group seats, wheelchair and standing places only (not ${other.join(', ')})`, field);
    return [...asked];
  }

  return {
    /** POST /v1/search-inventory?booking_id=&token=: the trains of a day of the booking on its segment that day. */
    async search(executor: Executor, link: BookingLink, body: SearchInventoryBody) {
      const booking = await open(executor, link);
      const legs = daysOf(booking, body.date);
      if (!legs.some((s) => s.fromStationId === body.from_station_id && s.toStationId === body.to_station_id)) {
        throw refused('from_station_id: the booking\'s link searches its own route only', 'from_station_id');
      }
      return inventory.search(body);
    },

    /** GET /v1/search-inventory/{date}/{arrangement_type_ids}?booking_id=&token=: counters of the group's types on the trains running the booking's way. */
    async countersByType(executor: Executor, link: BookingLink, date: string, arrangementTypeIds: number[]) {
      const booking = await open(executor, link);
      const directions = new Set(daysOf(booking, date).map((s) => s.direction));
      await typesAllowed(executor, arrangementTypeIds, 'arrangement_type_ids');
      const answer = await inventory.countersByType(date, arrangementTypeIds);
      return { ...answer, services: answer.services.filter((s) => directions.has(s.direction)) };
    },

    /**
     * GET /v1/inventories/{date}/services/{id}?base_booking_id=&token=: one train running the
     * booking's way on its day, seat by seat for the group's types; a seat names this booking
     * when it is the group's own, never another.
     */
    async serviceInventory(executor: Executor, link: BookingLink, date: string, serviceId: number, arrangementTypeIds: number[] | undefined): Promise<ServiceInventoryResponse> {
      const booking = await open(executor, link);
      const directions = new Set(daysOf(booking, date).map((s) => s.direction));
      const types = await typesAllowed(executor, arrangementTypeIds, 'arrangement_type_ids');
      const answer = await inventory.serviceInventory(executor, date, serviceId, types);
      if (!directions.has(answer.direction)) throw refused('service_id: the booking\'s link shows the trains running its own way only', 'service_id');
      return {
        ...answer,
        cars: answer.cars.map((car) => ({
          ...car,
          seats: car.seats.map((seat) => ({ ...seat, booking_ids: seat.booking_ids.filter((id) => id === booking.bookingId) })),
        })),
      };
    },
  };
}

export type CustomerInventory = ReturnType<typeof createCustomerInventory>;
