import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { E6, e6OfYen, exactYenOf, formatYen, FULL_RATE_E6, percentOfRate, rateOfUp, roundUpToTenYen, safeE6, yenOf } from './yen-e6.ts';

/** Whole yen an e6 number holds exactly (2^53 / 1e6). */
const MAX_SAFE_YEN = Math.floor(Number.MAX_SAFE_INTEGER / E6);

describe('yen on the millionth scale', () => {
  it('converts both ways', () => {
    expect(e6OfYen(800)).toBe(800_000_000);
    expect(yenOf(220_000_000)).toBe(220);
    expect(exactYenOf(1_500_000)).toBe(1.5);
    expect(FULL_RATE_E6).toBe(E6);
  });

  it('round-trips every whole yen amount a number holds exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_SAFE_YEN, max: MAX_SAFE_YEN }), (yen) => {
        const e6 = e6OfYen(yen);
        expect(Number.isSafeInteger(e6)).toBe(true);
        expect(yenOf(e6)).toBe(yen);
        expect(exactYenOf(e6)).toBe(yen);
      }),
    );
  });

  it('rounds to whole yen half up, and never answers -0', () => {
    expect(yenOf(1_499_999)).toBe(1);
    expect(yenOf(1_500_000)).toBe(2);
    expect(yenOf(-1_500_000)).toBe(-1);
    expect(Object.is(yenOf(-400_000), 0)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: -MAX_SAFE_YEN * E6, max: MAX_SAFE_YEN * E6 }), (e6) => {
        expect(Math.abs(yenOf(e6) * E6 - e6)).toBeLessThanOrEqual(E6 / 2);
      }),
    );
  });
});

describe('reading amounts back from bigint columns', () => {
  it('accepts what pg and PGlite answer for a bigint', () => {
    expect(safeE6('16400000000')).toBe(16_400_000_000);
    expect(safeE6(16_400_000_000n)).toBe(16_400_000_000);
    expect(safeE6(0)).toBe(0);
  });

  it('refuses an amount a number cannot hold exactly, or not an integer', () => {
    expect(() => safeE6('9007199254740993')).toThrow(RangeError);
    expect(() => safeE6(2n ** 60n)).toThrow(RangeError);
    expect(() => safeE6('12.5')).toThrow(RangeError);
    expect(() => safeE6('abc')).toThrow(RangeError);
  });
});

describe('rounding up to 10 yen', () => {
  it('rounds up to a multiple of 10 yen', () => {
    expect(roundUpToTenYen(0)).toBe(0);
    expect(roundUpToTenYen(1)).toBe(10 * E6);
    expect(roundUpToTenYen(10 * E6)).toBe(10 * E6);
    expect(roundUpToTenYen(1_231 * E6)).toBe(1_240 * E6);
    expect(roundUpToTenYen(1_230 * E6)).toBe(1_230 * E6);
    expect(roundUpToTenYen(-15 * E6)).toBe(-10 * E6);
  });

  it('is the smallest multiple of 10 yen at or above the amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SAFE_YEN * E6 - 10 * E6 }), (e6) => {
        const up = roundUpToTenYen(e6);
        expect(up % (10 * E6)).toBe(0);
        expect(up >= e6 && up - e6 < 10 * E6).toBe(true);
      }),
    );
  });
});

describe('rates', () => {
  it('takes a rate of an amount, rounded up to a whole e6 unit, exactly past 2^53', () => {
    expect(rateOfUp(20_240 * E6, 200_000)).toBe(4_048 * E6);
    expect(rateOfUp(1, 1)).toBe(1);
    expect(rateOfUp(3, 500_000)).toBe(2);
    expect(rateOfUp(5_000_000 * E6, FULL_RATE_E6)).toBe(5_000_000 * E6);
  });

  it('shows a rate as a percentage', () => {
    expect(percentOfRate(200_000)).toBe(20);
    expect(percentOfRate(FULL_RATE_E6)).toBe(100);
    expect(percentOfRate(125_000)).toBe(12.5);
  });
});

describe('yen on screen', () => {
  it('shows whole yen with thousands separators and no sign', () => {
    expect(formatYen(0)).toBe('0');
    expect(formatYen(800_000_000)).toBe('800');
    expect(formatYen(16_400 * E6)).toBe('16,400');
    expect(formatYen(1_234_567 * E6)).toBe('1,234,567');
    expect(formatYen(-1_000 * E6)).toBe('-1,000');
  });

  it('rounds a fraction of a yen half up, like yenOf', () => {
    expect(formatYen(1_499_999)).toBe('1');
    expect(formatYen(1_500_000)).toBe('2');
    expect(formatYen(-400_000)).toBe('0');
  });

  it('groups digits exactly as Intl\'s ja-JP number format does, for every safe amount', () => {
    const intl = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (amountE6) => {
        expect(formatYen(amountE6)).toBe(intl.format(yenOf(amountE6)));
      }),
      { numRuns: 2000 },
    );
    for (const yen of [1, 12, 123, 1_234, 12_345, 123_456, 1_234_567, 9_007_199_254]) expect(formatYen(yen * E6)).toBe(intl.format(yen));
  });
});
