/**
 * The CSV reports (spec 001 §7.6, DESIGN §10 "Reports"): each kind is a header and an ordered
 * SELECT, read through a database cursor on PostgreSQL and in keyset pages on PGlite; the same
 * stream feeds the base64 answer (short periods) and the streamed download.
 */
import type { Readable } from 'node:stream';
import { safeE6, yenOf } from '@sagano/domain/money/yen-e6';
import { balanceE6 } from '@sagano/domain/payments/money-terms';
import type { CsvEncoding, CsvLanguage, CsvReportKind } from '@sagano/domain/reports/report-schemas';
import type { Database, Executor } from '../../db/client.ts';
import { invalid } from '../../lib/app-error.ts';
import { csvStream, type Cell } from './report-csv.ts';
import { FILE_PREFIX, HEADERS, WORDS, word } from './report-labels.ts';
import { bookingsSelect, cardTransactionsSelect, readReportPage, salesSelect, summarySelect, trainDaysSelect, type ReportSelect } from './reports.repository.ts';

/**
 * Rows per database round trip (cursor batch or keyset page) and per chunk written: 500 measured
 * faster than 2000 over a million rows (bench/RESULTS.md), and less garbage survives a page.
 */
export const PAGE_SIZE = 500;

/** Where the rows come from: the database, and on PostgreSQL its cursor reader (Database.streamRows). */
export type ReportReader = { db: Executor } & Partial<Pick<Database, 'streamRows'>>;

interface Source<Row> {
  select: ReportSelect<Row>;
  cells(row: Row, lang: CsvLanguage): Cell[];
}

const source = <Row>(s: Source<Row>) => s as Source<unknown>;

/** Whole yen of an amount read as text (a bigint column or a numeric sum). */
const yen = (e6: string) => yenOf(safeE6(e6));
/** Money that went back, written negative (the refunded columns' convention); never -0. */
const negativeYen = (e6: string) => yenOf(-safeE6(e6));

/**
 * The booking's money columns, as bookingMoney counts them: billed, received, refunded (written
 * negative) and the balance, billed − (received − refunded): above 0 still to pay, below 0 owed back.
 */
function bookingMoneyCells(r: { billed_e6: string; received_e6: string; refunded_e6: string }): Cell[] {
  const billed = safeE6(r.billed_e6);
  const received = safeE6(r.received_e6);
  const refunded = safeE6(r.refunded_e6);
  return [yenOf(billed), yenOf(received), yenOf(-refunded), yenOf(balanceE6({ billedE6: billed, receivedE6: received, refundedE6: refunded }))];
}

/**
 * A payment's share of its booking's money: billed, received, netted (the fare's money applied to
 * the fee: − on the fare, + on the fee), refunded (negative) and its own balance, billed −
 * received − netted + refunded. A booking's rows add up to its bookingMoney figures (netting to 0).
 */
function paymentMoneyCells(r: { billed_e6: string; received_e6: string; netted_e6: string; refunded_e6: string }): Cell[] {
  const billed = safeE6(r.billed_e6);
  const received = safeE6(r.received_e6);
  const netted = safeE6(r.netted_e6);
  const refunded = safeE6(r.refunded_e6);
  return [yenOf(billed), yenOf(received), yenOf(netted), yenOf(-refunded), yenOf(billed - received - netted + refunded)];
}

const SOURCES: Record<CsvReportKind, Source<unknown>> = {
  bookings: source({
    select: bookingsSelect,
    cells: (r, l) => [
      r.booking_id, r.submitted_at, r.service_date, r.agent_id, r.agent_name, r.branch_name, r.group_name,
      word(WORDS.GROUP_TYPE, r.group_type, l), word(WORDS.BOOKING_STATUS, r.status, l), r.participant_quantity,
      r.down_train ?? '', r.up_train ?? '', yen(r.total_e6), yen(r.cancellation_fee_e6),
      word(WORDS.PAYMENT_METHOD, r.payment_method, l), word(WORDS.PAYMENT_STATUS, r.payment_status, l),
      ...bookingMoneyCells(r),
    ],
  }),
  sales: source({
    select: salesSelect,
    cells: (r, l) => [
      r.id, r.booking_id, r.service_date, r.agent_id, r.agent_name, r.branch_name, word(WORDS.PAYMENT_KIND, r.kind, l),
      word(WORDS.DIRECTION, r.direction, l), word(WORDS.REFUND_REASON, r.refund_reason, l), word(WORDS.PAYMENT_METHOD, r.payment_method, l), word(WORDS.PAYMENT_STATUS, r.status, l),
      // The payment's own amount: a refund record's is money going back, so negative.
      r.direction === 'REFUND' ? negativeYen(r.total_e6) : yen(r.total_e6),
      ...paymentMoneyCells(r), r.due_date ?? '', r.confirmed_at ?? '',
    ],
  }),
  services: source({
    select: trainDaysSelect,
    cells: (r, l) => [r.service_date, r.train, word(WORDS.DIRECTION, r.direction, l), r.capacity, r.held, r.bookings, r.people, r.confirmed_bookings, r.confirmed_people],
  }),
  'prepaid-agent-payment': source({
    select: cardTransactionsSelect,
    cells: (r, l) => [
      r.id, r.occurred_on, word(WORDS.TRANSACTION_KIND, r.kind, l), yen(r.amount_e6), r.reference ?? '', r.booking_id, r.service_date ?? '',
      r.agent_id, r.agent_name, r.branch_name, word(WORDS.PAYMENT_KIND, r.payment_kind, l), word(WORDS.PAYMENT_METHOD, r.payment_method, l),
    ],
  }),
  'booking-summary': source({
    select: summarySelect,
    cells: (r, l) => [r.service_date, r.train, word(WORDS.DIRECTION, r.direction, l), r.bookings, r.people, yen(r.amount_e6)],
  }),
};

export interface CsvRequest {
  kind: CsvReportKind;
  from_date: string;
  to_date: string;
  encoding: CsvEncoding;
  lang: CsvLanguage;
}

/**
 * Every row of a report, one page at a time, read only as fast as the stream is read: only one
 * page is ever in memory. On PostgreSQL one statement through a cursor (one snapshot for the whole
 * file); on PGlite, whose single connection a cursor would hold for the whole download, keyset
 * pages (the page after the last row read), each its own statement.
 */
async function* pagesOf(reader: ReportReader, req: CsvRequest, pageSize: number): AsyncGenerator<Cell[][]> {
  const src = SOURCES[req.kind];
  const period = { from: req.from_date, to: req.to_date };
  const cells = (rows: unknown[]) => rows.map((row) => src.cells(row, req.lang));
  if (reader.streamRows && !('rollback' in reader.db)) {
    for await (const rows of reader.streamRows<unknown>(src.select(period, req.lang, null), pageSize)) yield cells(rows);
    return;
  }
  let after: unknown = null;
  for (;;) {
    const page = await readReportPage<unknown>(reader.db, src.select(period, req.lang, after, pageSize));
    yield cells(page);
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

/** e.g. bookings_20261101-20261130.csv (the period, so two exports of different months never collide). */
export function csvFilename(req: Pick<CsvRequest, 'kind' | 'from_date' | 'to_date'>): string {
  const compact = (d: string) => d.replaceAll('-', '');
  return `${FILE_PREFIX[req.kind]}_${compact(req.from_date)}-${compact(req.to_date)}.csv`;
}

/** The largest file answered as base64 JSON; a bigger one is refused before it is all read. */
export const MAX_CSV_BASE64_BYTES = 64 * 2 ** 20;

/** The CSV reports, read from `reader` (the database, and on PostgreSQL its cursor reader). */
export function createReportsService(deps: { reader: ReportReader }) {
  const { reader } = deps;

  /** The report as a byte stream (header row in the asked language, CRLF, encoded). */
  function stream(req: CsvRequest, pageSize = PAGE_SIZE): Readable {
    return csvStream(HEADERS[req.kind][req.lang], pagesOf(reader, req, pageSize), req.encoding);
  }

  return {
    stream,

    /**
     * The report as base64 JSON (spec 001 §7.6): the whole file in memory, so periods are short and
     * the file small; past MAX_CSV_BASE64_BYTES the reading stops and the caller is sent to /download.
     */
    async base64(req: CsvRequest, maxBytes = MAX_CSV_BASE64_BYTES): Promise<{ csv_base64: string; filename: string }> {
      const chunks: Buffer[] = [];
      let size = 0;
      const csv = stream(req);
      for await (const chunk of csv) {
        chunks.push(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          csv.destroy();
          throw invalid('to_date', `the file is over ${Math.floor(maxBytes / 2 ** 20)} MB: download this period from /v1/csv/${req.kind}/download`);
        }
      }
      return { csv_base64: Buffer.concat(chunks).toString('base64'), filename: csvFilename(req) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
