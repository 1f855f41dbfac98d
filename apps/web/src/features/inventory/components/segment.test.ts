import { describe, expect, it } from 'vitest';
import { readSegment, segmentLegs, writeSegment } from './segment.ts';

describe('readSegment', () => {
  it('reads the trip type and both stations', () => {
    expect(readSegment(new URLSearchParams('trip=round&from=2&to=4'))).toEqual({ trip: 'round', from: 2, to: 4 });
    expect(readSegment(new URLSearchParams('from=4&to=1'))).toEqual({ trip: 'single', from: 4, to: 1 });
  });
  it('drops a half-chosen, same-station or unknown segment', () => {
    expect(readSegment(new URLSearchParams('from=2'))).toEqual({ trip: 'single', from: null, to: null });
    expect(readSegment(new URLSearchParams('from=2&to=2'))).toEqual({ trip: 'single', from: null, to: null });
    expect(readSegment(new URLSearchParams('from=0&to=9&trip=x'))).toEqual({ trip: 'single', from: null, to: null });
  });
  it('writes back what it reads', () => {
    expect(writeSegment({ trip: 'round', from: 1, to: 3 }).toString()).toBe('trip=round&from=1&to=3');
    expect(writeSegment({ trip: 'single', from: null, to: null }).toString()).toBe('');
  });
});

describe('segmentLegs', () => {
  it('shows the whole line per direction without stations', () => {
    expect(segmentLegs({ trip: 'round', from: null, to: null }).map((l) => [l.key, l.from, l.to, l.direction])).toEqual([
      ['down', null, null, 'down'],
      ['up', null, null, 'up'],
    ]);
  });
  it('keeps the direction a single trip runs in', () => {
    expect(segmentLegs({ trip: 'single', from: 1, to: 3 })).toEqual([{ key: 'down', from: 1, to: 3, direction: 'down' }]);
    expect(segmentLegs({ trip: 'single', from: 4, to: 2 })).toEqual([{ key: 'up', from: 4, to: 2, direction: 'up' }]);
  });
  it('returns on the reverse segment for a round trip', () => {
    expect(segmentLegs({ trip: 'round', from: 2, to: 4 })).toEqual([
      { key: 'outbound', from: 2, to: 4, direction: 'down' },
      { key: 'return', from: 4, to: 2, direction: 'up' },
    ]);
    expect(segmentLegs({ trip: 'round', from: 4, to: 1 })[1]).toEqual({ key: 'return', from: 1, to: 4, direction: 'down' });
  });
});
