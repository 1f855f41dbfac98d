import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES } from '../bookings/booking-state.ts';
import { alreadyDone, BULK_MAX_LINES, bulkTemplateCsv, checkBulkRows } from './bulk-operation-schemas.ts';

const codes = (r: ReturnType<typeof checkBulkRows>) => r.errors.map((e) => [e.line, e.field, e.code]);

describe('bulk file checks', () => {
  it('reads the lines of a good file with their line numbers (header = line 1), skipping blank lines', () => {
    const r = checkBulkRows('CONFIRM_BOOKING', [['booking_id', 'confirm_note'], ['12345678', ' 添乗員同行 '], [''], ['23456789', '']]);
    expect(r.errors).toEqual([]);
    expect(r.lines).toEqual([
      { lineNo: 2, bookingId: '12345678', input: { confirm_note: '添乗員同行' } },
      { lineNo: 4, bookingId: '23456789', input: { confirm_note: '' } },
    ]);
  });

  it('refuses unknown, repeated and missing columns on line 1 before reading any line', () => {
    expect(codes(checkBulkRows('RESERVE_ALLOTMENTS', [['booking_id', 'confirm_note'], ['12345678', 'x']]))).toEqual([[1, 'confirm_note', 'UNKNOWN_COLUMN']]);
    expect(codes(checkBulkRows('RESERVE_ALLOTMENTS', [['booking_id', 'booking_id'], ['12345678', '12345678']]))).toEqual([[1, 'booking_id', 'COLUMN_TWICE']]);
    expect(codes(checkBulkRows('CONFIRM_BOOKING', [['confirm_note'], ['x']]))).toEqual([[1, 'booking_id', 'COLUMN_MISSING']]);
    expect(codes(checkBulkRows('RESERVE_ALLOTMENTS', []))).toEqual([[1, 'header', 'HEADER_MISSING']]);
    expect(codes(checkBulkRows('RESERVE_ALLOTMENTS', [['booking_id']]))).toEqual([[2, 'booking_id', 'NO_LINES']]);
  });

  it('names every bad line: empty, malformed, repeated, wrong value count, too long a note', () => {
    const r = checkBulkRows('CONFIRM_BOOKING', [
      ['booking_id', 'confirm_note'],
      ['', 'x'],
      ['1234567', ''],
      ['12345678', ''],
      ['12345678', ''],
      ['23456789'],
      ['34567890', 'あ'.repeat(501)],
    ]);
    expect(codes(r)).toEqual([[2, 'booking_id', 'EMPTY'], [3, 'booking_id', 'NOT_A_BOOKING_NUMBER'], [5, 'booking_id', 'REPEATED'], [6, 'line', 'VALUE_COUNT'], [7, 'confirm_note', 'TOO_LONG']]);
    expect(r.errors[2]!.params).toEqual({ line: 4 });
    // The well-formed lines are still answered, so the server can look them all up in one go.
    expect(r.lines.map((l) => l.bookingId)).toEqual(['12345678', '34567890']);
  });

  it('takes at most 5,000 bookings', () => {
    const rows = [['booking_id'], ...Array.from({ length: BULK_MAX_LINES + 1 }, (_, i) => [String(10_000_000 + i)])];
    expect(codes(checkBulkRows('RESERVE_ALLOTMENTS', rows))).toEqual([[BULK_MAX_LINES + 2, 'booking_id', 'TOO_MANY_LINES']]);
    expect(checkBulkRows('RESERVE_ALLOTMENTS', rows.slice(0, BULK_MAX_LINES + 1)).errors).toEqual([]);
  });

  it('the templates are files the checks accept (but for their example number)', () => {
    for (const kind of ['RESERVE_ALLOTMENTS', 'CONFIRM_BOOKING'] as const) {
      const rows = bulkTemplateCsv(kind).trim().split('\r\n').map((l) => l.split(','));
      expect(checkBulkRows(kind, rows).errors).toEqual([]);
    }
  });
});

describe('already done (a re-upload skips the line)', () => {
  it('reserve: allotments confirmed or the booking answered; confirm: answered only', () => {
    for (const status of BOOKING_STATUSES) {
      for (const subStatus of BOOKING_SUB_STATUSES) {
        const answered = ['RESERVED', 'MODIFICATION_SUBMITTED', 'MODIFIED', 'NOT_MODIFIED'].includes(status);
        expect(alreadyDone('CONFIRM_BOOKING', { status, subStatus }), `${status}/${subStatus}`).toBe(answered);
        expect(alreadyDone('RESERVE_ALLOTMENTS', { status, subStatus }), `${status}/${subStatus}`).toBe(answered || subStatus === 'SAGANO_ALLOTMENT_CONFIRMED');
      }
    }
  });
});
