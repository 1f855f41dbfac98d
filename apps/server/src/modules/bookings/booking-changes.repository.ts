/** The reads of a booking change: the units it is repriced against, the persons' versions, the change asked for. */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** The booking's units with the largest quantity each was ever calculated at (a decrement fee is owed below it). */
export async function unitsForRepricing(tx: Executor, id: number): Promise<{ unit_id: number; record_largest_calculated_quantity: number }[]> {
  return rowsOf<{ unit_id: number; record_largest_calculated_quantity: number }>(
    await tx.execute(sql`select unit_id, record_largest_calculated_quantity from booking_units where booking_id = ${id}`),
  );
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
