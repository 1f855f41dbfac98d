/** Notes on a booking (agents do not see private ones), the special notes, priority and the operator in charge. */
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { beginStep, callerOf, notify, recordStep } from '../booking-core/index.ts';
import { bookingOfNote, insertNote, lockNote, updateNoteRow } from './booking-notes.repository.ts';

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
  const noteId = await insertNote(work.tx, { bookingId: booking.id, note: note.note, authorType: caller === 'AGENT' ? 'AGENT' : 'ADMIN', authorName: principal.user.name, authorAccountId: principal.accountId, isPrivate: note.is_private });
  if (!note.is_private) {
    await notify(work.tx, booking, caller === 'AGENT' ? 'ADMIN' : 'AGENT', 'NOTE_UPDATED');
  }
  return { note_id: noteId };
}

export async function updateNote(work: Work, principal: Principal, noteId: number, note: { note: string; is_private: boolean }) {
  const existing = await lockNote(work.tx, noteId);
  if (!existing) throw notFound('note');
  const booking = await bookingOfNote(work.tx, existing.bookingId);
  if (!booking || !canSee(principal, booking) || (callerOf(principal) === 'AGENT' && existing.isPrivate)) throw notFound('note');
  if (existing.authorAccountId !== principal.accountId) throw new AppError('FORBIDDEN', 'only the author can change a note');
  if (callerOf(principal) === 'AGENT' && note.is_private) throw new AppError('FORBIDDEN', 'is_private: agents cannot write private notes', 'is_private');
  await updateNoteRow(work.tx, noteId, { note: note.note, isPrivate: note.is_private });
  return { note_id: noteId };
}
