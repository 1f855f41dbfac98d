const E6 = 1_000_000;

/** Yen from the API's millionth scale (price_e6 and friends), rounded to whole yen. */
export function yenFromE6(amountE6: number): number {
  return Math.round(amountE6 / E6);
}

/** "12,340" (no sign): amounts on screen carry thousands separators (spec 001 §9.1). */
export function formatYen(amountE6: number): string {
  return new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 }).format(yenFromE6(amountE6));
}
