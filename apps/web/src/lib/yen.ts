/**
 * Yen on screen, millionths on the wire (spec 001 §9.1: price_e6 = yen × 1,000,000): the web's
 * one yen formatter and the reading of typed yen amounts, both on the domain's money module.
 * Amounts show as whole yen, rounded half up, with thousands separators (money/yen-e6.ts).
 */
import { e6OfYen, formatYen, percentOfRate } from '@sagano/domain/money/yen-e6';

/** 1234000000 → "1,234" (no currency sign: the column or the suffix says 円). */
export { formatYen };

/** A rate_e6 as the number before "%": 200000 → "20", 125000 → "12.5" (at most two decimals). */
export function formatRatePercent(rateE6: number): string {
  return percentOfRate(rateE6).toLocaleString(undefined, { maximumFractionDigits: 2 });
}

/**
 * A typed yen amount (a number input's value, or text such as "1,200") as price_e6: whole yen,
 * zero or more, half-width digits; null when empty or not such an amount.
 */
export function yenInputToE6(value: number | string): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? e6OfYen(value) : null;
  const text = value.trim().replaceAll(',', '');
  if (!/^\d+$/.test(text)) return null;
  const e6 = e6OfYen(Number(text));
  return Number.isSafeInteger(e6) ? e6 : null;
}
