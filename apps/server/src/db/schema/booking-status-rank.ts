import { BOOKING_STATUSES } from '@sagano/domain/bookings/booking-state';

/**
 * A booking's status as its place in the lifecycle (1 = SUBMITTED …), the sort key of "sort by
 * status". One text for the index (bookings_status_rank_idx, on `status`) and the search's ORDER BY (on `b.status`): PostgreSQL
 * uses an expression index only for the very same expression, so the statuses are written in, not
 * bound as parameters (they are the domain's own constants).
 */
export const statusRankSql = (column: 'status' | 'b.status') => `array_position(array[${BOOKING_STATUSES.map((s) => `'${s}'`).join(', ')}]::text[], ${column})`;
