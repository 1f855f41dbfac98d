import { describe, expect, it } from 'vitest';
import { legRangeLiteral, legsBetween, segmentFitsDirection } from './legs.ts';
import { allotmentLevel, bestLevel } from './allotment-level.ts';

describe('legsBetween', () => {
  it('covers the legs between two stations in either direction, ascending', () => {
    expect(legsBetween(1, 4)).toEqual([1, 2, 3]);
    expect(legsBetween(1, 2)).toEqual([1]);
    expect(legsBetween(2, 4)).toEqual([2, 3]);
    expect(legsBetween(4, 2)).toEqual([2, 3]);
    expect(legsBetween(3, 1)).toEqual([1, 2]);
  });
  it('is empty for the same station or stations off the line', () => {
    expect(legsBetween(2, 2)).toEqual([]);
    expect(legsBetween(0, 3)).toEqual([]);
    expect(legsBetween(1, 5)).toEqual([]);
  });
  it('checks the direction and writes ranges', () => {
    expect(segmentFitsDirection('down', 1, 3)).toBe(true);
    expect(segmentFitsDirection('down', 3, 1)).toBe(false);
    expect(segmentFitsDirection('up', 4, 2)).toBe(true);
    expect(legRangeLiteral([2, 3])).toBe('[2,4)');
  });
});

describe('allotment level', () => {
  it('is SOLD_OUT at zero, FEW under the threshold, SUFFICIENT otherwise', () => {
    expect(allotmentLevel(0)).toBe('SOLD_OUT');
    expect(allotmentLevel(-3)).toBe('SOLD_OUT');
    expect(allotmentLevel(1)).toBe('FEW');
    expect(allotmentLevel(29)).toBe('FEW');
    expect(allotmentLevel(30)).toBe('SUFFICIENT');
    expect(allotmentLevel(5, 5)).toBe('SUFFICIENT');
  });
  it('sums a day up by its best train', () => {
    expect(bestLevel([])).toBeNull();
    expect(bestLevel(['SOLD_OUT', 'FEW'])).toBe('FEW');
    expect(bestLevel(['SOLD_OUT', 'SUFFICIENT', 'FEW'])).toBe('SUFFICIENT');
    expect(bestLevel(['SOLD_OUT'])).toBe('SOLD_OUT');
  });
});
