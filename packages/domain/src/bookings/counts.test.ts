import { describe, expect, it } from 'vitest';
import { wholeNumber } from './count-schemas.ts';
import { PARTICIPANT_QUANTITY, PRIORITY, WHEELCHAIR_COUNT, parseCount } from './counts.ts';

describe('count fields', () => {
  it('reads only whole numbers in the range, never a rewritten value', () => {
    expect(parseCount('12', PARTICIPANT_QUANTITY)).toBe(12);
    expect(parseCount(' 0 ', PARTICIPANT_QUANTITY)).toBe(0);
    expect(parseCount('', PARTICIPANT_QUANTITY)).toBe(0);
    expect(parseCount('2000', PARTICIPANT_QUANTITY)).toBe(2000);
    for (const typed of ['-5', '3.5', '1e3', '2001', 'abc', '１０', '+3', '0x10']) expect(parseCount(typed, PARTICIPANT_QUANTITY), typed).toBeNull();
    expect(parseCount('-1', WHEELCHAIR_COUNT)).toBeNull();
    expect(parseCount('41', WHEELCHAIR_COUNT)).toBeNull();
    expect(parseCount('-99999', PRIORITY)).toBeNull();
    expect(parseCount('100', PRIORITY)).toBe(100);
  });

  it('the schema refuses out-of-range and fractional numbers with a message naming the range', () => {
    const schema = wholeNumber(PARTICIPANT_QUANTITY);
    expect(schema.safeParse(20).success).toBe(true);
    for (const value of [-5, 3.5, 2001, '12', null]) {
      const result = schema.safeParse(value);
      expect(result.success, String(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('enter a whole number from 0 to 2000');
    }
    expect(wholeNumber(PRIORITY).safeParse(-99999).error?.issues[0]?.message).toBe('enter a whole number from 0 to 100');
  });
});
