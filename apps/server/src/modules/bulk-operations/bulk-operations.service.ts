/**
 * The bulk operation (DESIGN §7 "Bulk operations"): an upload is read and checked whole (nothing
 * runs when any line is wrong: the run is recorded INVALID with every error); a good file becomes
 * a PENDING run worked by the job `bulk-operations.run`, line by line, each line in its own
 * transaction through the booking steps, as the uploader, with its operation log and history.
 * The result CSV is stored, mailed to the uploader and downloadable.
 */
import { alreadyDone, checkBulkRows, type BulkKind, type BulkLineRow, type BulkReservationResponse, type BulkReservationSummary, type BulkUploadBody, type BulkValidationError } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { findAccountById, sessionUserOf, type Principal } from '../auth/index.ts';
import { reserveAllotments, loadVisible } from '../booking-core/index.ts';
import { confirm, addSpecialNote, mailTemplate } from '../bookings/index.ts';
import { type FileStorage, storeCsv } from '../files/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { bulkFinishedMail } from './bulk-mails.ts';
import { readBulkFile } from './bulk-file.ts';
import { resultCsvBytes } from './bulk-result-csv.ts';
import { bulkRunJobKey } from './bulk-run-key.ts';
import * as repo from './bulk-operations.repository.ts';

const RECENT_RUNS = 20;

export interface BulkOperationsDeps {
  db: Db;
  clock: Clock;
  fileStorage: FileStorage;
  publicUrl: string;
  jobs?: JobSender | undefined;
}

export type UploadOutcome = { invalid: { errors: BulkValidationError[] } } | { run: BulkReservationSummary };

function resultUrl(run: repo.BulkRunRow): string | null {
  return run.status === 'DONE' ? `/v1/bulk-reservations/${run.id}/result.csv` : null;
}

function summaryOf(run: repo.BulkRunRow): BulkReservationSummary {
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    filename: run.filename,
    total: run.totalLines,
    processed: run.processedLines,
    succeeded: run.succeededLines,
    failed: run.failedLines,
    skipped: run.processedLines - run.succeededLines - run.failedLines,
    created_by: run.createdByEmail,
    created_at: run.createdAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    result_url: resultUrl(run),
  };
}

function lineOf(l: repo.BulkLineRowDb): BulkLineRow {
  return { line_no: l.lineNo, booking_id: l.bookingNumber, result: l.result, error_code: l.errorCode, reason: l.reason };
}


/** The uploader as the principal the booking steps act for (the job runs as them, not as `system`). */
async function uploaderOf(db: Db, run: repo.BulkRunRow): Promise<Principal> {
  const account = run.createdBy ? await findAccountById(db, run.createdBy) : undefined;
  if (!account || account.kind !== 'OPERATOR') throw new AppError('FORBIDDEN', 'the account that uploaded the file no longer exists');
  return { accountId: account.id, sessionId: `bulk-${run.id}`, csrfToken: '', viaCookie: false, expiresAt: new Date(8.64e15), user: sessionUserOf(account) };
}

async function bookingStateOf(work: Work, bookingNumber: string): Promise<{ status: BookingStatus; subStatus: BookingSubStatus } | undefined> {
  const row = await repo.bookingStatusOf(work.tx, bookingNumber);
  return row as { status: BookingStatus; subStatus: BookingSubStatus } | undefined;
}

export function createBulkOperationsService(deps: BulkOperationsDeps) {
  const { db, clock, fileStorage, publicUrl, jobs } = deps;

  /** One line in its own transaction: the step, the booking's bulk_reservation_id, the line's result and progress, the operation log. */
  async function runLine(run: repo.BulkRunRow, line: repo.BulkLineRowDb, principal: Principal): Promise<void> {
    const kind = run.kind;
    const operation = kind === 'RESERVE_ALLOTMENTS' ? 'bookings.reserve_allotments' : 'bookings.confirm_booking';
    const log = (statusCode: number, response: unknown) => ({
      category: 'bookings',
      operator: principal.user.email,
      operatorAccountId: principal.accountId,
      operation,
      bookingId: line.bookingNumber,
      isError: statusCode >= 400,
      statusCode,
      requestJson: { bulk_reservation_id: run.id, line_no: line.lineNo, ...line.input },
      responseJson: response,
    });
    try {
      await inTransaction(db, async (work) => {
        if (!(await repo.claimLine(work.tx, run.id, line.lineNo))) return;
        /** A line whose booking already went where the file would take it is SKIPPED, not refused. */
        const skippedAs = async (): Promise<string | null> => {
          const booking = await bookingStateOf(work, line.bookingNumber);
          if (!booking) throw notFound('booking');
          if (!alreadyDone(kind, booking)) return null;
          return kind === 'RESERVE_ALLOTMENTS' ? `allotments already secured (${booking.status} / ${booking.subStatus})` : `already answered (${booking.status})`;
        };
        let reason: string | null = null;
        if (kind === 'RESERVE_ALLOTMENTS') {
          // The step itself locks and checks the booking; only a refused step asks why (the usual
          // line reads the booking once, as a single request does).
          let outcome: Awaited<ReturnType<typeof reserveAllotments>>;
          try {
            outcome = await reserveAllotments(work, principal, line.bookingNumber, clock);
          } catch (error) {
            const skipped = error instanceof AppError && error.code === 'STEP_NOT_ALLOWED' ? await skippedAs() : null;
            if (skipped === null) throw error;
            await repo.finishLine(work.tx, run.id, line.lineNo, 'SKIPPED', null, skipped);
            return;
          }
          // Nothing could be held: the line is refused and its transaction rolled back (the booking stays as it was).
          if (outcome.sub_status === 'SAGANO_ALLOTMENT_NOT_AVAILABLE') throw new AppError('NOT_ENOUGH_SEATS', outcome.warning ?? 'no allotment could be held');
          reason = outcome.warning;
        } else {
          // Answering writes a note before the answer's own check: read the state first.
          const skipped = await skippedAs();
          if (skipped !== null) {
            await repo.finishLine(work.tx, run.id, line.lineNo, 'SKIPPED', null, skipped);
            return;
          }
          const note = line.input.confirm_note ?? '';
          if (note !== '') await addSpecialNote(work, principal, line.bookingNumber, { confirm_note: note });
          const mail = await mailTemplate(work.tx, await loadVisible(work.tx, principal, line.bookingNumber), publicUrl, 'booking_ok');
          await confirm(work, principal, line.bookingNumber, { subject: mail.subject, body: mail.body }, clock);
        }
        await repo.finishLine(work.tx, run.id, line.lineNo, 'DONE', null, reason, line.bookingNumber);
        await insertOperationLog(work.tx, log(200, { ok: true, warning: reason }));
      }, { jobs });
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
      const reason = error instanceof AppError ? error.message : 'an unexpected error occurred';
      const status = error instanceof AppError ? error.status : 500;
      await inTransaction(db, async (work) => {
        await repo.finishLine(work.tx, run.id, line.lineNo, 'REFUSED', code, reason);
        await insertOperationLog(work.tx, log(status, { common: { error_code: code, error_description: reason } }));
      });
    }
  }

  /** The result CSV stored, the run DONE, the uploader mailed (with the CSV) and the operator notified, once. */
  async function finish(run: repo.BulkRunRow): Promise<void> {
    // The stored and mailed file is in the uploader's language.
    const account = run.createdBy ? await findAccountById(db, run.createdBy) : undefined;
    const bytes = resultCsvBytes(account?.languageCode ?? 'ja', run.kind, await repo.linesOf(db, run.id));
    const key = await storeCsv(db, fileStorage, { bytes, originalName: `bulk-${run.id}-result.csv` });
    await inTransaction(db, async (work) => {
      if (!(await repo.completeRun(work.tx, run.id, key, clock.now()))) return;
      const done = (await repo.findRun(work.tx, run.id))!;
      await repo.insertBulkNotification(work.tx);
      const to = account?.email ?? run.createdByEmail;
      if (!to) return;
      const summary = summaryOf(done);
      const mail = bulkFinishedMail(account?.languageCode ?? 'ja', {
        id: run.id,
        kind: run.kind,
        filename: run.filename,
        total: summary.total,
        done: summary.succeeded,
        refused: summary.failed,
        skipped: summary.skipped,
        link: `${publicUrl}/bulk-operation?id=${run.id}`,
      });
      await enqueueMail(work, { kind: 'BULK_FINISHED', toAddress: to, ...mail, attachments: [{ filename: `bulk-${run.id}-result.csv`, contentType: 'text/csv; charset=utf-8', content: bytes }] });
    }, { jobs });
  }

  return {
    /**
     * Reads and checks the file whole. Any error: every error is answered (400) and nothing is
     * written or run. The same file and kind still waiting or running: that run is answered.
     */
    async upload(principal: Principal, kind: BulkKind, body: BulkUploadBody, mutate: <T>(fn: (work: Work) => Promise<T>) => Promise<T>): Promise<UploadOutcome> {
      const file = readBulkFile(body.csv_base64, body.encoding);
      const checked = checkBulkRows(kind, file.rows);
      const errors = [...checked.errors];
      const found = await repo.existingBookingNumbers(db, checked.lines.map((l) => l.bookingId));
      for (const l of checked.lines) if (!found.has(l.bookingId)) errors.push({ line: l.lineNo, field: 'booking_id', reason: `booking ${l.bookingId} not found`, code: 'NOT_FOUND', params: { booking_id: l.bookingId } });
      errors.sort((a, b) => a.line - b.line);
      const newRun = { kind, filename: body.filename ?? '', sha256: file.sha256, createdBy: principal.accountId, createdByEmail: principal.user.email };
      if (errors.length > 0) return { invalid: { errors } };
      const run = await mutate(async (work) => {
        await repo.lockFile(work.tx, kind, file.sha256);
        const active = await repo.activeRunOf(work.tx, kind, file.sha256);
        if (active) return active;
        const created = await repo.insertRun(work.tx, newRun, checked.lines);
        work.enqueue(bulkRunJobKey, { id: created.id });
        return created;
      });
      return { run: summaryOf(run) };
    },

    async get(id: number, withLines: boolean): Promise<BulkReservationResponse> {
      const run = await repo.findRun(db, id);
      if (!run) throw notFound('bulk reservation');
      const lines = withLines ? await repo.linesOf(db, id) : [];
      return { ...summaryOf(run), validation_errors: run.validationErrors, error: run.error, lines: lines.map(lineOf) };
    },

    async list(): Promise<BulkReservationSummary[]> {
      return (await repo.recentRuns(db, RECENT_RUNS)).map(summaryOf);
    },

    /** The result CSV in the reader's language, built from the lines (the stored copy is the uploader's mailed one). */
    async resultCsv(id: number, languageCode: string): Promise<{ filename: string; bytes: Buffer }> {
      const run = await repo.findRun(db, id);
      if (!run || run.status !== 'DONE') throw notFound('bulk reservation result');
      return { filename: `bulk-${id}-result.csv`, bytes: resultCsvBytes(languageCode, run.kind, await repo.linesOf(db, id)) };
    },

    /** Works a run's pending lines in file order, then finishes it; a run that cannot go on is FAILED with the reason. */
    async run(id: number): Promise<void> {
      if (!(await repo.startRun(db, id, clock.now()))) return;
      const run = (await repo.findRun(db, id))!;
      try {
        const principal = await uploaderOf(db, run);
        for (const line of await repo.pendingLines(db, id)) await runLine(run, line, principal);
        await finish(run);
      } catch (error) {
        await repo.failRun(db, id, error instanceof Error ? error.message : String(error), clock.now());
      }
    },

    unfinished: () => repo.unfinishedRunIds(db),
  };
}

export type BulkOperationsService = ReturnType<typeof createBulkOperationsService>;
