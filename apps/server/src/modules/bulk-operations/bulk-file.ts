/**
 * Reading an uploaded bulk file (DESIGN §7 "Bulk operations"): base64 → bytes → text (UTF-8 with
 * or without BOM, or Shift_JIS as Excel in Japan saves it) → CSV rows by csv-parse. Anything that
 * cannot be read is a 400 naming csv_base64; the rows are checked by the domain's checkBulkRows.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { BULK_MAX_BYTES } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { invalid } from '../../lib/app-error.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface ReadBulkFile {
  rows: string[][];
  sha256: string;
}

function bytesOf(csvBase64: string): Buffer {
  const text = csvBase64.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text)) throw invalid('csv_base64', 'is not valid base64');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw invalid('csv_base64', 'the file is empty');
  if (bytes.length > BULK_MAX_BYTES) throw invalid('csv_base64', `the file is larger than ${BULK_MAX_BYTES / 1024} KB`);
  return bytes;
}

/**
 * Strict WHATWG decoders (fatal): a byte that is not text in the encoding is a 400 on csv_base64,
 * never a replacement character in a booking number or a confirm note. Shift_JIS is the WHATWG
 * one, Windows-31J as Excel in Japan saves CSV; the UTF-8 one drops a leading byte-order mark
 * (Excel's "CSV UTF-8" writes one).
 */
const STRICT = { 'utf-8': new TextDecoder('utf-8', { fatal: true }), shift_jis: new TextDecoder('shift_jis', { fatal: true }) };
const ENCODING_NAME = { 'utf-8': 'UTF-8', shift_jis: 'Shift_JIS' };

function decoded(encoding: 'utf-8' | 'shift_jis', bytes: Buffer): string | null {
  try {
    return STRICT[encoding].decode(bytes);
  } catch {
    return null;
  }
}

/** The 1-based line of the first byte the encoding cannot read, for the message (a lenient decode marks it U+FFFD). */
function badLine(encoding: 'utf-8' | 'shift_jis', bytes: Buffer): number {
  const text = new TextDecoder(encoding).decode(bytes);
  return text.slice(0, text.indexOf('\uFFFD')).split('\n').length;
}

function textOf(bytes: Buffer, encoding: 'auto' | 'utf-8' | 'shift_jis'): string {
  const asked = encoding === 'auto' ? 'utf-8' : encoding;
  const text = decoded(asked, bytes);
  if (text !== null) return text;
  if (encoding !== 'auto') {
    throw invalid('csv_base64', `is not ${ENCODING_NAME[asked]} text: line ${badLine(asked, bytes)} holds a byte that is not a ${ENCODING_NAME[asked]} character`);
  }
  // Not UTF-8: Excel in Japan saves CSV as Shift_JIS (Windows-31J).
  return decoded('shift_jis', bytes) ?? fail();
}

function fail(): never {
  throw invalid('csv_base64', 'is neither UTF-8 nor Shift_JIS text: save the file as CSV (UTF-8) and upload it again');
}

/** The file's rows (every cell a string) and the SHA-256 of its bytes; 400 on csv_base64 otherwise. */
export function readBulkFile(csvBase64: string, encoding: 'auto' | 'utf-8' | 'shift_jis'): ReadBulkFile {
  const bytes = bytesOf(csvBase64);
  const text = textOf(bytes, encoding);
  if (text.includes('\u0000')) throw invalid('csv_base64', 'is not a text (CSV) file');
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: false, bom: true }) as string[][];
  } catch (error) {
    throw invalid('csv_base64', `is not a readable CSV file (${(error as Error).message})`);
  }
  return { rows, sha256: createHash('sha256').update(bytes).digest('hex') };
}
