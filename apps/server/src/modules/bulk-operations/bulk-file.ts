/**
 * Reading an uploaded bulk file (DESIGN §7 "Bulk operations"): base64 → bytes → text (UTF-8 with
 * or without BOM, or Shift_JIS as Excel in Japan saves it) → CSV rows by csv-parse. Anything that
 * cannot be read is a 400 naming csv_base64; the rows are checked by the domain's checkBulkRows.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { BULK_MAX_BYTES } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { invalid } from '../../lib/app-error.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

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

function textOf(bytes: Buffer, encoding: 'auto' | 'utf-8' | 'shift_jis'): string {
  if (encoding === 'shift_jis') return iconv.decode(bytes, 'Shift_JIS');
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    if (encoding === 'utf-8') throw invalid('csv_base64', 'is not valid UTF-8 text');
    // Not UTF-8: Excel in Japan saves CSV as Shift_JIS (Windows-31J).
    return iconv.decode(bytes, 'Shift_JIS');
  }
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
