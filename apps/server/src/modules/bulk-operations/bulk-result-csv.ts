/**
 * The result CSV of a bulk run, for the person who reads it (mailed and downloaded): the columns,
 * each line's result and its reason in words (ja or en), never a status code or a developer message.
 */
import type { BulkKind, BulkLineRow } from '@sagano/domain/bulk-operations/bulk-operation-schemas';
import { csvText } from '../reports/index.ts';
import type { BulkLineRowDb } from './bulk-operations.repository.ts';

type Lang = 'ja' | 'en';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const HEADER: Record<Lang, string[]> = {
  ja: ['行', '予約番号', '結果', '理由'],
  en: ['Line', 'Booking number', 'Result', 'Reason'],
};

const RESULT: Record<Lang, Record<BulkLineRow['result'], string>> = {
  ja: { PENDING: '未処理', DONE: '完了', REFUSED: 'お断り', SKIPPED: '対象外（処理済み）' },
  en: { PENDING: 'Not processed', DONE: 'Done', REFUSED: 'Refused', SKIPPED: 'Skipped (already done)' },
};

const SKIPPED: Record<Lang, Record<BulkKind, string>> = {
  ja: { RESERVE_ALLOTMENTS: 'すでに枠を確保済みです', CONFIRM_BOOKING: 'すでに回答済みです' },
  en: { RESERVE_ALLOTMENTS: 'The allotments are already held', CONFIRM_BOOKING: 'The booking is already answered' },
};

/** A done line with a warning: allotment reservation held one direction only. */
const DONE_WITH_WARNING: Record<Lang, string> = {
  ja: '片道の枠を確保できませんでした。予約画面でご確認ください',
  en: 'One direction could not be held. Please check the booking',
};

/** The reasons a line can be refused for (the step's error code), in words. */
const REFUSED: Record<Lang, Record<string, string>> = {
  ja: {
    NOT_ENOUGH_SEATS: '空席が足りないため、枠を確保できませんでした',
    STEP_NOT_ALLOWED: 'この予約の現在の状態では、この操作はできません',
    NOT_FOUND: '予約が見つかりません',
    FORBIDDEN: 'この予約を操作する権限がありません',
    CONFLICT: '他の操作と競合しました。もう一度お試しください',
    VALIDATION_FAILED: '予約の内容に不備があるため、処理できませんでした',
  },
  en: {
    NOT_ENOUGH_SEATS: 'Not enough seats are left, so no allotment was held',
    STEP_NOT_ALLOWED: 'This step is not possible for the booking in its current state',
    NOT_FOUND: 'The booking was not found',
    FORBIDDEN: 'You may not change this booking',
    CONFLICT: 'This conflicted with another change. Please try again',
    VALIDATION_FAILED: 'The booking has invalid details and could not be processed',
  },
};

const REFUSED_OTHER: Record<Lang, string> = {
  ja: 'システムエラーのため処理できませんでした。時間をおいて再度お試しください',
  en: 'A system error prevented processing. Please try again later',
};

function reasonOf(lang: Lang, kind: BulkKind, line: Pick<BulkLineRowDb, 'result' | 'errorCode' | 'reason'>): string {
  if (line.result === 'SKIPPED') return SKIPPED[lang][kind];
  if (line.result === 'REFUSED') return REFUSED[lang][line.errorCode ?? ''] ?? REFUSED_OTHER[lang];
  if (line.result === 'DONE' && line.reason) return DONE_WITH_WARNING[lang];
  return '';
}

/** The result file in `languageCode` (ja unless en): one row per line (UTF-8 behind a BOM for Excel, CRLF). */
export function resultCsvBytes(languageCode: string, kind: BulkKind, lines: readonly BulkLineRowDb[]): Buffer {
  const lang: Lang = languageCode === 'en' ? 'en' : 'ja';
  const rows = [HEADER[lang], ...lines.map((l) => [l.lineNo, l.bookingNumber, RESULT[lang][l.result], reasonOf(lang, kind, l)])];
  return Buffer.concat([UTF8_BOM, Buffer.from(csvText(rows), 'utf8')]);
}
