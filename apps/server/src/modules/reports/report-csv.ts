/**
 * CSV for Excel (DESIGN §7, "Reports"): csv-stringify writes RFC 4180 rows with CRLF ends; the
 * bytes are UTF-8 behind a byte-order mark (so Excel does not guess Shift_JIS), or Shift_JIS
 * through iconv-lite on request. Text cells that Excel would run as a formula are neutralised.
 */
import { pipeline, Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { StringDecoder } from 'node:string_decoder';
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

/** Rows → CSV text (header first), CRLF, every text cell neutralised; numbers written as they are. */
export function csvText(): Transform {
  return stringify({
    record_delimiter: '\r\n',
    cast: { string: neutralise },
  });
}

/**
 * Text → bytes in the asked encoding; UTF-8 starts with its byte-order mark. Shift_JIS is
 * iconv-lite's (Windows-31J, as Excel reads it); a character it lacks becomes "?".
 */
export function encoder(encoding: CsvEncoding): Transform {
  // csv-stringify hands over UTF-8 bytes; a decoder keeps a character split across chunks whole.
  const text = new StringDecoder('utf8');
  const encode = (s: string) => (encoding === 'shift_jis' ? iconv.encode(s, 'Shift_JIS') : Buffer.from(s, 'utf8'));
  let first = encoding === 'utf-8';
  const withMark = (bytes: Buffer) => {
    if (!first) return bytes;
    first = false;
    return Buffer.concat([UTF8_BOM, bytes]);
  };
  return new Transform({
    transform(chunk: Buffer | string, _enc, done) {
      done(null, withMark(encode(typeof chunk === 'string' ? chunk : text.write(chunk))));
    },
    flush(done) {
      // An empty body still starts with the mark.
      done(null, withMark(encode(text.end())));
    },
  });
}

/** The CSV file as a byte stream: header, rows (pulled one page at a time), encoded. */
export function csvStream(header: string[], rows: AsyncIterable<Cell[]>, encoding: CsvEncoding): Readable {
  async function* all(): AsyncGenerator<Cell[]> {
    yield header;
    yield* rows;
  }
  // pipeline, not pipe: a failed page destroys the output stream too, so the response ends in error.
  return pipeline(Readable.from(all()), csvText(), encoder(encoding), () => undefined);
}
