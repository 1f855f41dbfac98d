/** The reads of a booking change: the units it is repriced against, the handling fees it holds, the persons' versions, the change asked for. */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** The booking's units with the largest quantity each was ever calculated at (a decrement fee is owed below it). */
export async function unitsForRepricing(tx: Executor, id: number): Promise<{ unit_id: number; record_largest_calculated_quantity: number }[]> {
  return rowsOf<{ unit_id: number; record_largest_calculated_quantity: number }>(
    await tx.execute(sql`select unit_id, record_largest_calculated_quantity from booking_units where booking_id = ${id}`),
  );
}

/** The handling-fee units (fare type CHANGE_HANDLE_FEE) and what the booking holds of each (0 for a new booking). */
export async function handlingFeesOf(db: Executor, bookingDbId: number | null): Promise<Map<number, number>> {
  const rows = rowsOf<{ id: number; quantity: number }>(
    await db.execute(sql`
      select u.id, coalesce((select b.quantity from booking_units b where b.booking_id = ${bookingDbId} and b.unit_id = u.id), 0)::int as quantity
      from units u where u.fare_type = 'CHANGE_HANDLE_FEE'`),
  );
  return new Map(rows.map((r) => [r.id, r.quantity]));
}

/** The versions of the applicant's and the tour conductor's data. */
export async function personVersions(tx: Executor, id: number) {
  const [row] = await tx.select({ applicant: t.bookings.applicantVersion, tour_conductor: t.bookings.tourConductorVersion }).from(t.bookings).where(eq(t.bookings.id, id));
  return row;
}

/** The agent's change waiting for the operator's answer, as stored. */
export async function pendingChange(tx: Executor, id: number): Promise<unknown> {
  const [row] = await tx.select({ change: t.bookings.pendingChange }).from(t.bookings).where(eq(t.bookings.id, id));
  return row?.change;
}
