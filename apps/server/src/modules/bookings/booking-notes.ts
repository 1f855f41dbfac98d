/** Notes on a booking (agents do not see private ones), the special notes, priority and the operator in charge. */
import { eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { beginStep, callerOf, notify, recordStep } from '../booking-core/index.ts';

export async function selectPriority(work: Work, principal: Principal, bookingId: string, priority: number): Promise<void> {
  const { booking } = await beginStep(work, principal, bookingId, 'select_priority');
  await recordStep(work, principal, booking, { priority });
}

export async function assignOperator(work: Work, principal: Principal, bookingId: string, operatorName: string): Promise<void> {
  const { booking } = await beginStep(work, principal, bookingId, 'assign_operator');
  await recordStep(work, principal, booking, { operatorName });
}

export async function addSpecialNote(work: Work, principal: Principal, bookingId: string, notes: { confirm_note?: string; voucher_note?: string }): Promise<void> {
  const { booking } = await beginStep(work, principal, bookingId, 'add_special_note');
  await recordStep(work, principal, booking, { confirmNote: notes.confirm_note, voucherNote: notes.voucher_note });
}

export async function addNote(work: Work, principal: Principal, bookingId: string, note: { note: string; is_private: boolean }) {
  const { booking } = await beginStep(work, principal, bookingId, 'add_note');
  const caller = callerOf(principal);
  if (caller === 'AGENT' && note.is_private) throw new AppError('FORBIDDEN', 'is_private: agents cannot write private notes', 'is_private');
  const [created] = await work.tx
    .insert(t.bookingNotes)
    .values({ bookingId: booking.id, note: note.note, authorType: caller === 'AGENT' ? 'AGENT' : 'ADMIN', authorName: principal.user.name, authorAccountId: principal.accountId, isPrivate: note.is_private })
    .returning({ id: t.bookingNotes.id });
  if (!note.is_private) {
    await notify(work.tx, booking, caller === 'AGENT' ? 'ADMIN' : 'AGENT', 'NOTE_UPDATED');
  }
  return { note_id: created!.id };
}

export async function updateNote(work: Work, principal: Principal, noteId: number, note: { note: string; is_private: boolean }) {
  const [existing] = await work.tx.select().from(t.bookingNotes).where(eq(t.bookingNotes.id, noteId)).for('update');
  if (!existing) throw notFound('note');
  const [booking] = await work.tx.select().from(t.bookings).where(eq(t.bookings.id, existing.bookingId));
  if (!booking || !canSee(principal, booking) || (callerOf(principal) === 'AGENT' && existing.isPrivate)) throw notFound('note');
  if (existing.authorAccountId !== principal.accountId) throw new AppError('FORBIDDEN', 'only the author can change a note');
  if (callerOf(principal) === 'AGENT' && note.is_private) throw new AppError('FORBIDDEN', 'is_private: agents cannot write private notes', 'is_private');
  await work.tx.update(t.bookingNotes).set({ note: note.note, isPrivate: note.is_private, updatedAt: new Date() }).where(eq(t.bookingNotes.id, noteId));
  return { note_id: noteId };
}
