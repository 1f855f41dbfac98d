import { describe, expect, it } from 'vitest';
import { e6ToYen, formatYenE6, yenInputToE6, yenToE6 } from './yen.ts';

describe('yen on the millionth scale', () => {
  it('converts both ways', () => {
    expect(yenToE6(800)).toBe(800_000_000);
    expect(e6ToYen(220_000_000)).toBe(220);
    expect(e6ToYen(yenToE6(12_345))).toBe(12_345);
  });

  it('shows thousands separators', () => {
    expect(formatYenE6(800_000_000)).toBe('800');
    expect(formatYenE6(1_234_000_000)).toBe('1,234');
    expect(formatYenE6(0)).toBe('0');
    expect(formatYenE6(1_500_000)).toBe('1.5');
  });

  it('reads typed amounts: whole yen, half-width digits, commas allowed', () => {
    expect(yenInputToE6(710)).toBe(710_000_000);
    expect(yenInputToE6('1,200')).toBe(1_200_000_000);
    expect(yenInputToE6(' 0 ')).toBe(0);
    for (const bad of ['', '  ', '-1', '12.5', '８００', 'abc', -5, 1.5, '99999999999999']) expect(yenInputToE6(bad), String(bad)).toBeNull();
  });
});
