/**
 * What the booking answer says about its trains beyond the booking rows (spec 000 §3 "Service
 * order", "Service leg", "Seat"): the seats given per train with their car and arrangement type,
 * the arrangement type ids of the group, wheelchair and standing places, the product's labels and
 * when the group first used its link. Read with the booking (loadBookingWith).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BookingSeat } from '@sagano/domain/bookings/booking-schemas';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { GROUP_TYPE_ID_SQL, seatTypeJoinsSql, seatTypeSql } from '../inventory/index.ts';

export interface BookingLegExtras {
  /** Seats per train, keyed `service_date|service_id`. */
  seats: Map<string, BookingSeat[]>;
  types: { group: number | null; wheelchair: number | null; standing: number | null };
  productLabels: LocalizedLabel[];
  redeemedAt: string | null;
}

export const NO_LEG_EXTRAS: BookingLegExtras = { seats: new Map(), types: { group: null, wheelchair: null, standing: null }, productLabels: [], redeemedAt: null };

export const legKey = (serviceDate: string, serviceId: number) => `${serviceDate}|${serviceId}`;

/** The seats, type ids, product labels and first use of the link, as one jsonb value over the booking row `b`. */
export function legExtrasReadSql(): SQL {
  return sql`jsonb_build_object(
    'seats', (select json_agg(json_build_object(
                       'service_date', a.service_date::text, 'service_id', a.service_id, 'logical_car_id', s.logical_car_id,
                       'seat_group_id', s.seat_group_id, 'seat_id', s.seat_id, 'labels', s.labels,
                       'arrangement_type_id', ${seatTypeSql}, 'car_number', c.car_number)
                     order by a.service_date, c.car_number, s.row, s.letter)
                from seat_assignments a
                join services sv on sv.id = a.service_id
                join seats s on s.train_id = sv.logical_train_id and s.seat_id = a.seat_id
                join cars c on c.train_id = s.train_id and c.logical_car_id = s.logical_car_id
                ${seatTypeJoinsSql(sql`a.service_date`, sql`a.service_id`, sql`a.seat_id`)}
               where a.booking_id = b.booking_id),
    'group_type_id', ${GROUP_TYPE_ID_SQL},
    'wheelchair_type_id', (select arrangement_type_id from arrangement_types where seat_type = 'WHEELCHAIR' order by display_order, arrangement_type_id limit 1),
    'standing_type_id', (select arrangement_type_id from arrangement_types where seat_type = 'STANDING' order by display_order, arrangement_type_id limit 1),
    'product_labels', (select p.labels from products p where p.id = b.product_id),
    'redeemed_at', (select min(m.created_at) from customer_mutations m where m.booking_id = b.id))`;
}

/** What legExtrasReadSql read. */
export interface LegExtrasRead {
  seats: (BookingSeat & { service_date: string; service_id: number })[] | null;
  group_type_id: number | null;
  wheelchair_type_id: number | null;
  standing_type_id: number | null;
  product_labels: LocalizedLabel[] | null;
  redeemed_at: string | null;
}

export function legExtrasOf(row: LegExtrasRead | undefined): BookingLegExtras {
  const seats = new Map<string, BookingSeat[]>();
  for (const { service_date, service_id, ...seat } of row?.seats ?? []) {
    const key = legKey(service_date, service_id);
    seats.set(key, [...(seats.get(key) ?? []), seat]);
  }
  return {
    seats,
    types: { group: row?.group_type_id ?? null, wheelchair: row?.wheelchair_type_id ?? null, standing: row?.standing_type_id ?? null },
    productLabels: row?.product_labels ?? [],
    redeemedAt: row?.redeemed_at ? new Date(row.redeemed_at).toISOString() : null,
  };
}
