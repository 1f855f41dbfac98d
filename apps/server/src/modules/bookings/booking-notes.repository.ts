/** The rows of a booking's notes (booking_notes, owned by the bookings module). */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type BookingNoteRow = typeof t.bookingNotes.$inferSelect;

/** Writes a note; answers its id. */
export async function insertNote(tx: Executor, note: typeof t.bookingNotes.$inferInsert): Promise<number> {
  const [created] = await tx.insert(t.bookingNotes).values(note).returning({ id: t.bookingNotes.id });
  return created!.id;
}

/** The note, locked for its change. */
export async function lockNote(tx: Executor, noteId: number): Promise<BookingNoteRow | undefined> {
  const [existing] = await tx.select().from(t.bookingNotes).where(eq(t.bookingNotes.id, noteId)).for('update');
  return existing;
}

/** The booking row a note belongs to (by the booking's row id). */
export async function bookingOfNote(tx: Executor, bookingDbId: number): Promise<typeof t.bookings.$inferSelect | undefined> {
  const [booking] = await tx.select().from(t.bookings).where(eq(t.bookings.id, bookingDbId));
  return booking;
}

export async function updateNoteRow(tx: Executor, noteId: number, note: { note: string; isPrivate: boolean }): Promise<void> {
  await tx.update(t.bookingNotes).set({ note: note.note, isPrivate: note.isPrivate, updatedAt: new Date() }).where(eq(t.bookingNotes.id, noteId));
}
