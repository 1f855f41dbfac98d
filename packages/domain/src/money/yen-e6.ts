/**
 * Money on the millionth scale (DESIGN §6, spec 001 §9.1): amounts are `*_e6` bigint in SQL and
 * `*E6` integers in TypeScript, 1 yen = 1,000,000; rates are `rate_e6`, 1,000,000 = 100 %. The
 * one module that converts between e6 and yen: nothing else divides or multiplies by E6.
 *
 * Rounding: JPY has no minor unit, so an amount shown or mailed is whole yen, rounded half up
 * (`Math.round`, what the server already used for the total in the confirmation mail and the
 * booking screens for every price). Fees the specification rounds up to 10 yen (cancellation)
 * use `roundUpToTenYen` instead. Arithmetic stays on integers; amounts read back from bigint
 * columns or sums go through `safeE6`, which refuses anything past 2^53 rather than losing yen.
 */

/** 1 yen on the millionth scale; also a rate of 100 % (rate_e6). */
export const E6 = 1_000_000;

/** The rate that charges the whole amount (100 %). */
export const FULL_RATE_E6 = E6;

/** Whole yen for an amount on the millionth scale, rounded half up (never -0). */
export function yenOf(amountE6: number): number {
  return Math.round(amountE6 / E6) + 0;
}

/**
 * The exact yen value, fractions kept: for edit forms, so an amount that is not whole yen (only
 * the API can store one) shows as it is instead of being rounded away on save.
 */
export function exactYenOf(amountE6: number): number {
  return amountE6 / E6;
}

/** An amount in yen on the millionth scale (fractions of a yen rounded to the nearest e6 unit). */
export function e6OfYen(yen: number): number {
  return Math.round(yen * E6);
}

/**
 * A bigint amount read back from the database (pg answers a string, PGlite a bigint or a number)
 * as a number, refusing one that a number cannot hold exactly.
 */
export function safeE6(value: number | string | bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount ${String(value)} (e6) is not a safe integer`);
  return n;
}

/** Rounds an amount up to a multiple of 10 yen (the cancellation fee rule), on integers. */
export function roundUpToTenYen(amountE6: number): number {
  const step = 10 * E6;
  const rest = amountE6 % step;
  return rest > 0 ? amountE6 - rest + step : amountE6 - rest;
}

/**
 * `rateE6` of an amount, rounded up to a whole e6 unit. Computed on bigint: amount × rate can
 * exceed 2^53 even when both fit.
 */
export function rateOfUp(amountE6: number, rateE6: number): number {
  return Number((BigInt(amountE6) * BigInt(rateE6) + BigInt(E6 - 1)) / BigInt(E6));
}

/** A rate as a percentage: 200,000 → 20. */
export function percentOfRate(rateE6: number): number {
  return rateE6 / (E6 / 100);
}

/**
 * An amount as shown on screens, mails and documents: whole yen (`yenOf`) with thousands
 * separators and no sign, "12,340"; the label or the 円 suffix says the currency. Written out
 * rather than through Intl.NumberFormat, whose number data a browser loads at the first format
 * (some 35 ms of one task on a booking's first paint); a test checks it against ja-JP's grouping.
 */
export function formatYen(amountE6: number): string {
  const yen = yenOf(amountE6);
  const digits = String(Math.abs(yen));
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return yen < 0 ? `-${grouped}` : grouped;
}
