/** Reads of the agent's seat requests: the operator's SEAT_ASSIGNMENT_REQUEST notifications of a booking. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

const n = t.notifications;
const requestsOf = (bookingDbId: number) => and(eq(n.audience, 'ADMIN'), eq(n.kind, 'SEAT_ASSIGNMENT_REQUEST'), eq(n.bookingId, bookingDbId));

/** The request still waiting in the operator's inbox (neither read nor deleted), if any. */
export async function openSeatRequest(db: Executor, bookingDbId: number): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: n.createdAt })
    .from(n)
    .where(and(requestsOf(bookingDbId), isNull(n.readAt), isNull(n.deletedAt)))
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(1);
  return row;
}

/** When the agent last asked for seats on the booking (whatever the operator did with it since). */
export async function lastSeatRequestAt(db: Executor, bookingDbId: number): Promise<Date | null> {
  const [row] = await db.select({ createdAt: n.createdAt }).from(n).where(requestsOf(bookingDbId)).orderBy(desc(n.createdAt), desc(n.id)).limit(1);
  return row?.createdAt ?? null;
}

/** lastSeatRequestAt as a value over the booking row `b` (read with the booking): a timestamp as JSON text, or null. */
export const LAST_SEAT_REQUEST_SQL = sql`to_jsonb((select max(r.created_at) from notifications r
  where r.audience = 'ADMIN' and r.kind = 'SEAT_ASSIGNMENT_REQUEST' and r.booking_id = b.id))`;
