/** The reads of a cancellation: the fee agreed to, who confirmed it, the status it was asked from. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BookingStatus } from '@sagano/domain/bookings/booking-state';
import { rowsOf, type Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** The fee and rate quoted when the cancellation was asked for or started (null fee: none yet). */
export async function quotedCancellation(tx: Executor, id: number) {
  const [quoted] = await tx.select({ fee: t.bookings.cancellationFeeE6, rate: t.bookings.cancellationRateE6 }).from(t.bookings).where(eq(t.bookings.id, id));
  return quoted;
}

/** Who cancelled the booking and when: its latest CANCEL revision. */
export async function lastCancelRevision(tx: Executor, id: number) {
  const [cancelled] = await tx
    .select({ by: t.bookingHistories.createdBy, at: t.bookingHistories.createdAt })
    .from(t.bookingHistories)
    .where(and(eq(t.bookingHistories.bookingId, id), eq(t.bookingHistories.type, 'CANCEL')))
    .orderBy(desc(t.bookingHistories.revision))
    .limit(1);
  return cancelled;
}

/**
 * The status the cancellation was asked for from. Requests made before the column existed: the
 * latest revision whose status was not a cancelling one.
 */
export async function statusBeforeCancellation(tx: Executor, id: number): Promise<BookingStatus | null> {
  const [row] = rowsOf<{ status: BookingStatus | null }>(
    await tx.execute(sql`
      select coalesce(b.status_before_cancellation,
        (select h.snapshot->>'status' from booking_histories h
          where h.booking_id = b.id and h.snapshot->>'status' not in ('CANCELLATION_SUBMITTED', 'CANCELLATION_PENDING')
          order by h.revision desc limit 1)) as status
      from bookings b where b.id = ${id}`),
  );
  return row?.status ?? null;
}
