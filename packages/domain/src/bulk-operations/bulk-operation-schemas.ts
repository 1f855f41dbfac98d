/**
 * The bulk operation (spec 000 §2 bulk-operation, 001 §7.2, DESIGN §7): a CSV of bookings to
 * secure allotments for (RESERVE_ALLOTMENTS) or to answer (CONFIRM_BOOKING). The file's columns,
 * its limits and the whole-file checks are pure and shared by the server and the screen.
 */
import { z } from 'zod';
import type { BookingStatus, BookingSubStatus } from '../bookings/booking-state.ts';

export const BULK_KINDS = ['RESERVE_ALLOTMENTS', 'CONFIRM_BOOKING'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

export const BULK_STATUSES = ['INVALID', 'PENDING', 'RUNNING', 'DONE', 'FAILED'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];

export const BULK_LINE_RESULTS = ['PENDING', 'DONE', 'REFUSED', 'SKIPPED'] as const;
export type BulkLineResult = (typeof BULK_LINE_RESULTS)[number];

/** At most this many bookings (data lines, the header not counted) in one file. */
export const BULK_MAX_LINES = 5000;
/** At most this many bytes in one file (its base64 stays under the API's 1 MB body limit). */
export const BULK_MAX_BYTES = 700 * 1024;
export const CONFIRM_NOTE_MAX = 500;

/** The columns each kind reads, the required ones first; the header row names them. */
export const BULK_COLUMNS: Record<BulkKind, { required: readonly string[]; optional: readonly string[] }> = {
  RESERVE_ALLOTMENTS: { required: ['booking_id'], optional: [] },
  CONFIRM_BOOKING: { required: ['booking_id'], optional: ['confirm_note'] },
};

/** The file to download and fill in: the header row and one example line (UTF-8, CRLF). */
export function bulkTemplateCsv(kind: BulkKind): string {
  return kind === 'RESERVE_ALLOTMENTS' ? 'booking_id\r\n12345678\r\n' : 'booking_id,confirm_note\r\n12345678,\r\n';
}

/** Why a file is refused, per line: the screen says it in words by this code, with `params`. */
export const BULK_VALIDATION_CODES = [
  'HEADER_MISSING',
  'UNKNOWN_COLUMN',
  'COLUMN_TWICE',
  'COLUMN_MISSING',
  'NO_LINES',
  'TOO_MANY_LINES',
  'VALUE_COUNT',
  'EMPTY',
  'NOT_A_BOOKING_NUMBER',
  'REPEATED',
  'TOO_LONG',
  'NOT_FOUND',
] as const;
export type BulkValidationCode = (typeof BULK_VALIDATION_CODES)[number];

export interface BulkValidationError {
  /** The line number in the file: the header is line 1. */
  line: number;
  field: string;
  /** In English, for the API and the log. */
  reason: string;
  code?: BulkValidationCode;
  params?: Record<string, string | number>;
}

export interface BulkLineInput {
  lineNo: number;
  bookingId: string;
  input: Record<string, string>;
}

const BOOKING_NUMBER = /^\d{8}$/;

/**
 * Checks a parsed file whole (header and every line): unknown or missing columns, empty,
 * malformed or repeated booking numbers, notes too long, too many lines. Answers the lines
 * with a well-formed booking number (the server then looks them up) and every error found (line
 * numbers count the header as line 1); nothing runs when there is any error.
 */
export function checkBulkRows(kind: BulkKind, rows: readonly (readonly string[])[]): { lines: BulkLineInput[]; errors: BulkValidationError[] } {
  const errors: BulkValidationError[] = [];
  const header = (rows[0] ?? []).map((h) => h.trim());
  const { required, optional } = BULK_COLUMNS[kind];
  const known = [...required, ...optional];
  if (header.length === 0 || header.every((h) => h === '')) {
    return { lines: [], errors: [{ line: 1, field: 'header', reason: `the first line must name the columns: ${known.join(', ')}`, code: 'HEADER_MISSING', params: { columns: known.join(', ') } }] };
  }
  header.forEach((h, i) => {
    if (!known.includes(h)) errors.push({ line: 1, field: h || `column ${i + 1}`, reason: `unknown column; the columns are ${known.join(', ')}`, code: 'UNKNOWN_COLUMN', params: { columns: known.join(', ') } });
    else if (header.indexOf(h) !== i) errors.push({ line: 1, field: h, reason: 'the column is named twice', code: 'COLUMN_TWICE' });
  });
  for (const r of required) if (!header.includes(r)) errors.push({ line: 1, field: r, reason: 'the column is missing', code: 'COLUMN_MISSING' });
  const data = rows.slice(1).map((cells, i) => ({ lineNo: i + 2, cells })).filter((r) => !r.cells.every((c) => c.trim() === ''));
  if (data.length === 0) errors.push({ line: 2, field: 'booking_id', reason: 'the file has no bookings', code: 'NO_LINES' });
  if (data.length > BULK_MAX_LINES) errors.push({ line: data[BULK_MAX_LINES]!.lineNo, field: 'booking_id', reason: `at most ${BULK_MAX_LINES} bookings per file`, code: 'TOO_MANY_LINES', params: { max: BULK_MAX_LINES } });
  if (errors.length > 0) return { lines: [], errors };

  const seen = new Map<string, number>();
  const lines: BulkLineInput[] = [];
  for (const { lineNo, cells } of data) {
    if (cells.length !== header.length) {
      errors.push({ line: lineNo, field: 'line', reason: `has ${cells.length} values, the header has ${header.length}`, code: 'VALUE_COUNT', params: { values: cells.length, columns: header.length } });
      continue;
    }
    const input: Record<string, string> = {};
    header.forEach((h, i) => (input[h] = cells[i]!.trim()));
    const bookingId = input.booking_id ?? '';
    if ((input.confirm_note ?? '').length > CONFIRM_NOTE_MAX) errors.push({ line: lineNo, field: 'confirm_note', reason: `at most ${CONFIRM_NOTE_MAX} characters`, code: 'TOO_LONG', params: { max: CONFIRM_NOTE_MAX } });
    delete input.booking_id;
    if (bookingId === '') errors.push({ line: lineNo, field: 'booking_id', reason: 'is empty', code: 'EMPTY' });
    else if (!BOOKING_NUMBER.test(bookingId)) errors.push({ line: lineNo, field: 'booking_id', reason: 'must be a booking number of 8 digits', code: 'NOT_A_BOOKING_NUMBER' });
    else if (seen.has(bookingId)) errors.push({ line: lineNo, field: 'booking_id', reason: `repeats line ${seen.get(bookingId)}`, code: 'REPEATED', params: { line: seen.get(bookingId)! } });
    else {
      seen.set(bookingId, lineNo);
      lines.push({ lineNo, bookingId, input });
    }
  }
  return { lines, errors };
}

const ANSWERED: readonly BookingStatus[] = ['RESERVED', 'MODIFICATION_SUBMITTED', 'MODIFIED', 'NOT_MODIFIED'];

/** Whether the booking is already where the line asks it to be (a re-upload skips it). */
export function alreadyDone(kind: BulkKind, booking: { status: BookingStatus; subStatus: BookingSubStatus }): boolean {
  if (ANSWERED.includes(booking.status)) return true;
  return kind === 'RESERVE_ALLOTMENTS' && booking.subStatus === 'SAGANO_ALLOTMENT_CONFIRMED';
}

/** POST /v1/bookings/bulk-reserve-allotments and /bulk-confirm-booking. */
export const BulkUploadBody = z.object({
  // base64 of at most BULK_MAX_BYTES bytes
  csv_base64: z.string().min(1).max(Math.ceil(BULK_MAX_BYTES / 3) * 4 + 4),
  filename: z.string().trim().max(200).optional(),
  /** How the file is encoded; by default UTF-8 (with or without BOM), else Shift_JIS when it is not valid UTF-8. */
  encoding: z.enum(['auto', 'utf-8', 'shift_jis']).default('auto'),
});
export type BulkUploadBody = z.infer<typeof BulkUploadBody>;

export const BulkValidationErrorSchema = z.object({
  line: z.number().int(),
  field: z.string(),
  reason: z.string(),
  code: z.enum(BULK_VALIDATION_CODES).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const BulkLineRow = z.object({
  line_no: z.number().int(),
  booking_id: z.string(),
  result: z.enum(BULK_LINE_RESULTS),
  error_code: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BulkLineRow = z.infer<typeof BulkLineRow>;

export const BulkReservationSummary = z.object({
  id: z.number().int(),
  kind: z.enum(BULK_KINDS),
  status: z.enum(BULK_STATUSES),
  filename: z.string(),
  total: z.number().int(),
  processed: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  result_url: z.string().nullable(),
});
export type BulkReservationSummary = z.infer<typeof BulkReservationSummary>;

/** GET /v1/bulk-reservations/{id}: the run's state, progress and each line's result. */
export const BulkReservationResponse = BulkReservationSummary.extend({
  validation_errors: z.array(BulkValidationErrorSchema),
  error: z.string().nullable(),
  lines: z.array(BulkLineRow),
});
export type BulkReservationResponse = z.infer<typeof BulkReservationResponse>;

export const BulkReservationList = z.object({ bulk_reservations: z.array(BulkReservationSummary) });
export type BulkReservationList = z.infer<typeof BulkReservationList>;

/** The answer of an upload refused whole (400): the run recorded INVALID and every error. */
export const BulkInvalidResponse = z.object({
  common: z.object({ error_code: z.string(), error_description: z.string(), field: z.string().optional() }),
  id: z.number().int(),
  validation_errors: z.array(BulkValidationErrorSchema),
});
export type BulkInvalidResponse = z.infer<typeof BulkInvalidResponse>;
