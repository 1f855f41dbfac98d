/** The bulk runs and their lines (tables of migration 0027); only this module writes them. */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BulkKind, BulkLineInput, BulkLineResult } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { markBulkReservationSql } from '../booking-core/index.ts';
import { insertOperatorNotification } from '../notifications/index.ts';

export type BulkRunRow = typeof t.bulkReservations.$inferSelect;
export type BulkLineRowDb = typeof t.bulkReservationLines.$inferSelect;

const INSERT_CHUNK = 1000;

/** The booking numbers of `numbers` that exist. */
export async function existingBookingNumbers(db: Executor, numbers: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < numbers.length; i += INSERT_CHUNK) {
    const chunk = numbers.slice(i, i + INSERT_CHUNK);
    const rows = await db.select({ bookingId: t.bookings.bookingId }).from(t.bookings).where(inArray(t.bookings.bookingId, chunk));
    for (const r of rows) found.add(r.bookingId);
  }
  return found;
}

/** Serialises uploads of the same file and kind (till the transaction ends). */
export async function lockFile(db: Executor, kind: BulkKind, sha256: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`bulk:${kind}:${sha256}`}))`);
}

/** The run of the same file and kind still waiting or running, if any. */
export async function activeRunOf(db: Executor, kind: BulkKind, sha256: string): Promise<BulkRunRow | undefined> {
  const [row] = await db
    .select()
    .from(t.bulkReservations)
    .where(and(eq(t.bulkReservations.kind, kind), eq(t.bulkReservations.fileSha256, sha256), inArray(t.bulkReservations.status, ['PENDING', 'RUNNING'])))
    .orderBy(desc(t.bulkReservations.id))
    .limit(1);
  return row;
}

export interface NewRun {
  kind: BulkKind;
  filename: string;
  sha256: string;
  createdBy: string;
  createdByEmail: string;
}

export async function insertRun(db: Executor, run: NewRun, lines: readonly BulkLineInput[]): Promise<BulkRunRow> {
  const [row] = await db
    .insert(t.bulkReservations)
    .values({ kind: run.kind, status: 'PENDING', filename: run.filename, fileSha256: run.sha256, createdBy: run.createdBy, createdByEmail: run.createdByEmail, totalLines: lines.length })
    .returning();
  for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
    await db.insert(t.bulkReservationLines).values(
      lines.slice(i, i + INSERT_CHUNK).map((l) => ({ bulkReservationId: row!.id, lineNo: l.lineNo, bookingNumber: l.bookingId, input: l.input })),
    );
  }
  return row!;
}

export async function findRun(db: Executor, id: number): Promise<BulkRunRow | undefined> {
  const [row] = await db.select().from(t.bulkReservations).where(eq(t.bulkReservations.id, id));
  return row;
}

export function recentRuns(db: Executor, limit: number): Promise<BulkRunRow[]> {
  return db.select().from(t.bulkReservations).orderBy(desc(t.bulkReservations.id)).limit(limit);
}

export function linesOf(db: Executor, id: number): Promise<BulkLineRowDb[]> {
  return db.select().from(t.bulkReservationLines).where(eq(t.bulkReservationLines.bulkReservationId, id)).orderBy(asc(t.bulkReservationLines.lineNo));
}

export function pendingLines(db: Executor, id: number): Promise<BulkLineRowDb[]> {
  return db
    .select()
    .from(t.bulkReservationLines)
    .where(and(eq(t.bulkReservationLines.bulkReservationId, id), eq(t.bulkReservationLines.result, 'PENDING')))
    .orderBy(asc(t.bulkReservationLines.lineNo));
}

/** Locks a line for its run; false when another worker has already finished it. */
export async function claimLine(db: Executor, id: number, lineNo: number): Promise<boolean> {
  const [row] = await db
    .select({ result: t.bulkReservationLines.result })
    .from(t.bulkReservationLines)
    .where(and(eq(t.bulkReservationLines.bulkReservationId, id), eq(t.bulkReservationLines.lineNo, lineNo)))
    .for('update');
  return row?.result === 'PENDING';
}

/**
 * Records a line's result and counts it in its run's progress; a DONE line also marks its booking
 * with the run (`bookings.bulk_reservation_id`). One statement.
 */
export async function finishLine(db: Executor, id: number, lineNo: number, result: Exclude<BulkLineResult, 'PENDING'>, errorCode: string | null, reason: string | null, markBooking?: string): Promise<void> {
  await db.execute(sql`
    with b as (
      ${markBulkReservationSql(id, markBooking ?? null)}
    ),
    l as (
      update bulk_reservation_lines set result = ${result}, error_code = ${errorCode}, reason = ${reason}, processed_at = now()
      where bulk_reservation_id = ${id} and line_no = ${lineNo} and result = 'PENDING'
      returning result
    )
    update bulk_reservations set
      processed_lines = processed_lines + (select count(*) from l),
      succeeded_lines = succeeded_lines + (select count(*) from l where result = 'DONE'),
      failed_lines = failed_lines + (select count(*) from l where result = 'REFUSED'),
      updated_at = now()
    where id = ${id}`);
}

/** PENDING → RUNNING (a rerun after a crash finds it RUNNING and carries on); false when finished. */
export async function startRun(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(t.bulkReservations)
    .set({ status: 'RUNNING', startedAt: sql`coalesce(${t.bulkReservations.startedAt}, ${now})`, updatedAt: now })
    .where(and(eq(t.bulkReservations.id, id), inArray(t.bulkReservations.status, ['PENDING', 'RUNNING'])))
    .returning({ id: t.bulkReservations.id });
  return rows.length > 0;
}

/** RUNNING → DONE with its result file, once (false when another worker finished it). */
export async function completeRun(db: Executor, id: number, resultFileKey: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(t.bulkReservations)
    .set({ status: 'DONE', resultFileKey, finishedAt: now, updatedAt: now })
    .where(and(eq(t.bulkReservations.id, id), eq(t.bulkReservations.status, 'RUNNING')))
    .returning({ id: t.bulkReservations.id });
  return rows.length > 0;
}

export async function failRun(db: Executor, id: number, error: string, now: Date): Promise<void> {
  await db
    .update(t.bulkReservations)
    .set({ status: 'FAILED', error: error.slice(0, 1000), finishedAt: now, updatedAt: now })
    .where(and(eq(t.bulkReservations.id, id), inArray(t.bulkReservations.status, ['PENDING', 'RUNNING'])));
}

export async function unfinishedRunIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: t.bulkReservations.id }).from(t.bulkReservations).where(inArray(t.bulkReservations.status, ['PENDING', 'RUNNING']));
  return rows.map((r) => r.id);
}

/** The booking's status and sub-status, by its number (a line names the booking it acts on). */
export async function bookingStatusOf(db: Executor, bookingNumber: string) {
  const [row] = await db.select({ status: t.bookings.status, subStatus: t.bookings.subStatus }).from(t.bookings).where(eq(t.bookings.bookingId, bookingNumber));
  return row;
}

export async function insertBulkNotification(db: Executor): Promise<void> {
  await insertOperatorNotification(db, 'BULK_FINISHED');
}
