import { describe, expect, it } from 'vitest';
import { resultCsvBytes } from './bulk-result-csv.ts';
import type { BulkLineRowDb } from './bulk-operations.repository.ts';

const line = (lineNo: number, result: string, errorCode: string | null, reason: string | null) =>
  ({ lineNo, bookingNumber: `1000000${lineNo}`, result, errorCode, reason }) as BulkLineRowDb;

const LINES = [
  line(2, 'DONE', null, null),
  line(3, 'DONE', null, 'one direction could not be held (2026-05-01 #3)'),
  line(4, 'REFUSED', 'NOT_ENOUGH_SEATS', 'not every train could be held (SAGANO_ALLOTMENT_NOT_AVAILABLE)'),
  line(5, 'REFUSED', 'INTERNAL_ERROR', 'an unexpected error occurred'),
  line(6, 'SKIPPED', null, 'allotments already secured (RESERVED / SAGANO_ALLOTMENT_CONFIRMED)'),
];

describe('the bulk result CSV', () => {
  it('is written in words in Japanese: labels and reasons, no code or developer message', () => {
    const text = resultCsvBytes('ja', 'RESERVE_ALLOTMENTS', LINES).toString('utf8');
    expect(text).toBe(
      '\ufeff行,予約番号,結果,理由\r\n' +
        '2,10000002,完了,\r\n' +
        '3,10000003,完了,片道の枠を確保できませんでした。予約画面でご確認ください\r\n' +
        '4,10000004,お断り,空席が足りないため、枠を確保できませんでした\r\n' +
        '5,10000005,お断り,システムエラーのため処理できませんでした。時間をおいて再度お試しください\r\n' +
        '6,10000006,対象外（処理済み）,すでに枠を確保済みです\r\n',
    );
  });

  it('is written in English for an English reader', () => {
    const text = resultCsvBytes('en', 'CONFIRM_BOOKING', LINES).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\ufeffLine,Booking number,Result,Reason');
    expect(text).toContain('4,10000004,Refused,"Not enough seats are left, so no allotment was held"\r\n');
    expect(text).toContain('6,10000006,Skipped (already done),The booking is already answered\r\n');
    expect(text).not.toMatch(/[A-Z][A-Z0-9]+_[A-Z0-9_]+|could not be held \(|unexpected/);
  });
});
