/**
 * CSV for Excel (DESIGN §10, "Reports"): csv-stringify writes RFC 4180 rows with CRLF ends; the
 * bytes are UTF-8 behind a byte-order mark (so Excel does not guess Shift_JIS), or Shift_JIS
 * through iconv-lite on request. Text cells that Excel would run as a formula are neutralised.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';
import type { CsvEncoding } from '@sagano/domain/reports/report-schemas';

export type Cell = string | number | null;

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell starting with = + - @, a tab or a carriage return gets a leading ' so Excel shows
 * it as text instead of running it (CSV injection). Numbers are JavaScript numbers, never text,
 * so a real negative amount (-1200) stays a number; text that merely looks negative ("-1200"
 * typed into a name) is neutralised like any other.
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Rows → CSV text, CRLF after every row, every text cell neutralised; numbers written as they are. */
export function csvText(rows: Cell[][]): string {
  return stringify(rows, { record_delimiter: '\r\n', cast: { string: neutralise } });
}

/**
 * Text → bytes in the asked encoding. Shift_JIS is iconv-lite's (Windows-31J, as Excel reads
 * it); a character it lacks becomes "?". Pages are whole rows, so each encodes on its own.
 */
export function encode(text: string, encoding: CsvEncoding): Buffer {
  return encoding === 'shift_jis' ? iconv.encode(text, 'Shift_JIS') : Buffer.from(text, 'utf8');
}

/**
 * The CSV file as a byte stream: the header (behind the BOM in UTF-8), then one chunk per page
 * of rows, pulled from `pages` only as fast as the reader takes them (one page in memory).
 */
export function csvStream(header: string[], pages: AsyncIterable<Cell[][]>, encoding: CsvEncoding): Readable {
  async function* bytes(): AsyncGenerator<Buffer> {
    const head = encode(csvText([header]), encoding);
    yield encoding === 'utf-8' ? Buffer.concat([UTF8_BOM, head]) : head;
    for await (const rows of pages) if (rows.length > 0) yield encode(csvText(rows), encoding);
  }
  return Readable.from(bytes(), { objectMode: false });
}
