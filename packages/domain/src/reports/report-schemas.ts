/**
 * The CSV exports of the report screen (spec 001 §7.6): which kinds exist, the period and
 * encoding a caller asks for, and the answer. Shared by the server's validation and the web form.
 */
import { z } from 'zod';
import { daysBetween } from '../common/business-date.ts';

export const CSV_REPORT_KINDS = ['bookings', 'sales', 'services', 'prepaid-agent-payment', 'booking-summary'] as const;
export type CsvReportKind = (typeof CSV_REPORT_KINDS)[number];

/** UTF-8 with a byte-order mark (Excel reads it as UTF-8), or Shift_JIS for older Excel set-ups. */
export const CSV_ENCODINGS = ['utf-8', 'shift_jis'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** The languages a CSV header row is written in. */
export const CSV_LANGUAGES = ['ja', 'en'] as const;
export type CsvLanguage = (typeof CSV_LANGUAGES)[number];

/** Longest period (days, both ends included) answered as base64 JSON: the whole file sits in memory. */
export const MAX_CSV_SPAN_DAYS = 366;
/** Longest period of a streamed download: memory stays flat, the cap only bounds the work. */
export const MAX_CSV_DOWNLOAD_SPAN_DAYS = 3660;

const DateString = z.iso.date();

function periodQuery(maxDays: number) {
  return z
    .object({
      from_date: DateString,
      to_date: DateString,
      encoding: z.enum(CSV_ENCODINGS).default('utf-8'),
      /** The header row's language; the caller's own language when absent. */
      lang: z.enum(CSV_LANGUAGES).optional(),
    })
    .refine((q) => q.from_date <= q.to_date, { path: ['to_date'], message: 'the end date must be on or after the start date' })
    .refine((q) => daysBetween(q.from_date, q.to_date) + 1 <= maxDays, { path: ['to_date'], message: `the period must be at most ${maxDays} days` });
}

/** GET /v1/csv/{kind}: the period, answered as base64 JSON. */
export const CsvReportQuery = periodQuery(MAX_CSV_SPAN_DAYS);
export type CsvReportQuery = z.infer<typeof CsvReportQuery>;

/** GET /v1/csv/{kind}/download: the same content streamed as a text/csv attachment. */
export const CsvDownloadQuery = periodQuery(MAX_CSV_DOWNLOAD_SPAN_DAYS);
export type CsvDownloadQuery = z.infer<typeof CsvDownloadQuery>;

export const CsvReportResponse = z.object({ csv_base64: z.string(), filename: z.string() });
export type CsvReportResponse = z.infer<typeof CsvReportResponse>;
