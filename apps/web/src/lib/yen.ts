import { E6 } from '@sagano/domain/bookings/pricing';

/**
 * Yen on screen, millionths on the wire (spec 001 §9.1: price_e6 = yen × 1,000,000). Amounts
 * are shown with thousands separators.
 */
const yenFormat = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 6 });

export function e6ToYen(e6: number): number {
  return e6 / E6;
}

export function yenToE6(yen: number): number {
  return Math.round(yen * E6);
}

/** 1234000000 → "1,234" (no currency sign: the column or the suffix says 円). */
export function formatYenE6(e6: number): string {
  return yenFormat.format(e6ToYen(e6));
}

/**
 * A typed yen amount (a number input's value, or text such as "1,200") as price_e6: whole yen,
 * zero or more, half-width digits; null when empty or not such an amount.
 */
export function yenInputToE6(value: number | string): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? yenToE6(value) : null;
  const text = value.trim().replaceAll(',', '');
  if (!/^\d+$/.test(text)) return null;
  const yen = Number(text);
  return Number.isSafeInteger(yenToE6(yen)) ? yenToE6(yen) : null;
}
