import type { BookingResponse, ServiceOrderRow } from '@sagano/domain/bookings/booking-schemas';
import type { Direction } from '@sagano/domain/reference/reference-schemas';

/** The train picked in the seat inquiry: its day, id and direction. */
export type PickedTrain = { date: string; service_id: number; direction: Direction };

/**
 * The booked trains a picked train can replace: the same direction (a round trip offers the leg
 * that way), and not the very train and day the booking already has.
 */
export function changeableRows(rows: readonly ServiceOrderRow[], train: PickedTrain): ServiceOrderRow[] {
  return rows.filter((r) => r.direction === train.direction && !(r.service_id === train.service_id && r.service_date === train.date));
}

/** Why the picked booking cannot change its trains now, or null when it can (the server's TRAIN_CHANGE_USED and can_update stay the rule). */
export function trainChangeBlocked(booking: Pick<BookingResponse, 'can_update'> & { main_params: { service_order: { update_count: number } } }): 'used' | 'notNow' | null {
  if (!booking.can_update) return 'notNow';
  if (booking.main_params.service_order.update_count >= 1) return 'used';
  return null;
}

/** The booking's change form with the picked train chosen (booking-form-state.ts `withPickedTrain` reads it). */
export function changeFormLink(bookingId: string, train: PickedTrain): string {
  const params = new URLSearchParams({ date: train.date, [`${train.direction}_service_id`]: String(train.service_id) });
  return `/bookings/${encodeURIComponent(bookingId)}/update?${params.toString()}`;
}
