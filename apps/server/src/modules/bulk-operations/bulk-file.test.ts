import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import type { AppError } from '../../lib/app-error.ts';
import { readBulkFile } from './bulk-file.ts';

const b64 = (bytes: Buffer) => bytes.toString('base64');
const CSV = 'booking_id,confirm_note\r\n12345678,髙﨑様①～\r\n';

function refusal(bytes: Buffer, encoding: 'auto' | 'utf-8' | 'shift_jis'): AppError {
  try {
    readBulkFile(b64(bytes), encoding);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('the file was read');
}

describe('reading an uploaded bulk file', () => {
  it('reads UTF-8 with and without the byte-order mark, and Shift_JIS (Windows-31J) asked or guessed', () => {
    const rows = [['booking_id', 'confirm_note'], ['12345678', '髙﨑様①～']];
    expect(readBulkFile(b64(Buffer.from(CSV)), 'auto').rows).toEqual(rows);
    expect(readBulkFile(b64(Buffer.from(`\uFEFF${CSV}`)), 'utf-8').rows).toEqual(rows);
    const sjis = iconv.encode(CSV, 'Shift_JIS');
    expect(readBulkFile(b64(sjis), 'shift_jis').rows).toEqual(rows);
    expect(readBulkFile(b64(sjis), 'auto').rows).toEqual(rows);
  });

  it('refuses a byte that is no character, naming csv_base64 and the line, instead of reading a replacement character', () => {
    const badUtf8 = Buffer.concat([Buffer.from('booking_id\r\n1234\r\n'), Buffer.from([0xc3, 0x28]), Buffer.from('\r\n')]);
    expect(refusal(badUtf8, 'utf-8')).toMatchObject({ code: 'VALIDATION_FAILED', field: 'csv_base64', message: 'csv_base64: is not UTF-8 text: line 3 holds a byte that is not a UTF-8 character' });
    // 0x81 opens a two-byte Shift_JIS character; a space cannot close it.
    const badSjis = Buffer.concat([iconv.encode('予約番号\r\n', 'Shift_JIS'), Buffer.from([0x81, 0x20])]);
    expect(refusal(badSjis, 'shift_jis')).toMatchObject({ field: 'csv_base64', message: 'csv_base64: is not Shift_JIS text: line 2 holds a byte that is not a Shift_JIS character' });
    expect(refusal(badSjis, 'auto').message).toBe('csv_base64: is neither UTF-8 nor Shift_JIS text: save the file as CSV (UTF-8) and upload it again');
  });
});
