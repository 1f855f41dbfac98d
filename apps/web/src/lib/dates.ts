/** Timestamps and typed dates on screen: every time is Japan time, whatever the browser's zone. */
import { tokyoDateTimeOf } from '@sagano/domain/common/business-date';

/** yyyy-MM-dd HH:mm:ss in Asia/Tokyo; the input unchanged when it is not a timestamp. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const { date: day, time } = tokyoDateTimeOf(date);
  return `${day} ${time}`;
}

const DATE_INPUT = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

/** Reads a typed date (2026-04-01, 2026/4/1) as yyyy-MM-dd; null when it is not a real date. */
export function parseDateInput(value: string): string | null {
  const match = DATE_INPUT.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
