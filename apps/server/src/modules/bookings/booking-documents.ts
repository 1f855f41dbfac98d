/**
 * The documents a group holds for its trains: when the seat table and the voucher were last
 * mailed, and whether a later change of trains (or segments) has made them outdated, so the
 * booking page can say "send again" and the operator is told before accepting a train change.
 */
import { sql } from 'drizzle-orm';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import type { BookingAggregate } from './bookings.repository.ts';

type Documents = BookingResponse['documents'];

/** The legs of a revision as one comparable text: direction, date, train and segment. */
function legsKey(snapshot: unknown): string {
  const legs = (snapshot as { service_order?: unknown } | null)?.service_order;
  if (!Array.isArray(legs)) return '';
  return legs
    .map((l: { direction?: string; service_date?: string; service_id?: number; from_station_id?: number; to_station_id?: number }) =>
      [l.direction, l.service_date, l.service_id, l.from_station_id, l.to_station_id].join('|'),
    )
    .sort()
    .join(',');
}

/** When the booking's trains last changed (the first revision with the current legs after other legs), or null. */
export function lastTrainChange(histories: readonly { snapshot: unknown; createdAt: Date }[]): Date | null {
  let changedAt: Date | null = null;
  for (let i = 1; i < histories.length; i++) {
    if (legsKey(histories[i]!.snapshot) !== legsKey(histories[i - 1]!.snapshot)) changedAt = histories[i]!.createdAt;
  }
  return changedAt;
}

/** Reads the seat-table and voucher mails queued for the booking since it was submitted (one statement). */
export async function bookingDocuments(db: Executor, a: BookingAggregate): Promise<Documents> {
  const rows = rowsOf<{ kind: string; sent_at: string }>(
    await db.execute(sql`
      select kind, max(created_at) as sent_at from outbox_mails
      where created_at >= ${a.booking.submittedAt.toISOString()}::timestamptz and booking_id = ${a.booking.bookingId}
        and kind in ('booking.seat_table', 'booking.voucher')
      group by kind`),
  );
  const sentAt = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? new Date(row.sent_at) : null;
  };
  const seatTable = sentAt('booking.seat_table');
  const voucher = sentAt('booking.voucher');
  const changedAt = lastTrainChange(a.histories);
  const outdated: Documents['outdated'] = [];
  if (changedAt && seatTable && seatTable < changedAt) outdated.push('seat_table');
  if (changedAt && voucher && voucher < changedAt) outdated.push('voucher');
  return { seat_table_sent_at: seatTable?.toISOString() ?? null, voucher_sent_at: voucher?.toISOString() ?? null, outdated };
}
