import { describe, expect, it } from 'vitest';
import { formatYen, yenFromE6 } from './money.ts';

describe('yen amounts', () => {
  it('divides the millionth scale and adds thousands separators', () => {
    expect(formatYen(0)).toBe('0');
    expect(formatYen(800_000_000)).toBe('800');
    expect(formatYen(16_400 * 1_000_000)).toBe('16,400');
    expect(formatYen(1_234_567 * 1_000_000)).toBe('1,234,567');
    expect(yenFromE6(1_499_999)).toBe(1);
  });
});
