import { describe, expect, it } from 'vitest';
import { formatRatePercent, formatYen, yenInputToE6 } from './yen.ts';

describe('yen on the millionth scale', () => {
  it('shows whole yen with thousands separators', () => {
    expect(formatYen(0)).toBe('0');
    expect(formatYen(800_000_000)).toBe('800');
    expect(formatYen(1_234_000_000)).toBe('1,234');
    expect(formatYen(16_400 * 1_000_000)).toBe('16,400');
    expect(formatYen(1_234_567 * 1_000_000)).toBe('1,234,567');
  });

  it('rounds a fraction of a yen half up (JPY has no minor unit)', () => {
    expect(formatYen(1_499_999)).toBe('1');
    expect(formatYen(1_500_000)).toBe('2');
  });

  it('shows a rate as a percentage with at most two decimals', () => {
    expect(formatRatePercent(200_000)).toBe('20');
    expect(formatRatePercent(1_000_000)).toBe('100');
    expect(formatRatePercent(123_456)).toBe('12.35');
  });

  it('reads typed amounts: whole yen, half-width digits, commas allowed', () => {
    expect(yenInputToE6(710)).toBe(710_000_000);
    expect(yenInputToE6('1,200')).toBe(1_200_000_000);
    expect(yenInputToE6(' 0 ')).toBe(0);
    for (const bad of ['', '  ', '-1', '12.5', '８００', 'abc', -5, 1.5, '99999999999999']) expect(yenInputToE6(bad), String(bad)).toBeNull();
  });
});
