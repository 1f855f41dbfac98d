import { describe, expect, it } from 'vitest';
import { queryRoots } from '../../lib/query-keys.ts';
import { INVALIDATES, LIVE_ROOTS, LONGEST_RETRY_MS, retryDelay, rootsFor } from './realtime-invalidation.ts';

describe('live update invalidation', () => {
  it('refreshes the bookings (and what moves with them) on booking.changed', () => {
    expect(rootsFor({ type: 'booking.changed' })).toContainEqual(queryRoots.bookings);
    expect(rootsFor({ type: 'booking.changed' })).toContainEqual(queryRoots.payments);
    expect(rootsFor({ type: 'notification.changed' })).toContainEqual(queryRoots.notifications);
    expect(rootsFor({ type: 'message.changed' })).toContainEqual(queryRoots.messages);
    expect(rootsFor({ type: 'approval.changed' })).toContainEqual(queryRoots.approvals);
    expect(rootsFor({ type: 'settlement.changed' })).toEqual([queryRoots.settlements]);
  });

  it('refreshes every live root, once each, on resync, and nothing on ready or an unknown event', () => {
    const all = Object.values(INVALIDATES).flat();
    for (const root of all) expect(rootsFor({ type: 'resync' })).toContainEqual(root);
    expect(new Set(LIVE_ROOTS.map((k) => JSON.stringify(k))).size).toBe(LIVE_ROOTS.length);
    expect(rootsFor({ type: 'ready' })).toEqual([]);
    expect(rootsFor({ type: 'something.else' })).toEqual([]);
  });

  it('waits twice as long after each failure, from 1 s up to a minute, with a little jitter', () => {
    expect(retryDelay(1, () => 0)).toBe(1000);
    expect(retryDelay(2, () => 0)).toBe(2000);
    expect(retryDelay(5, () => 0)).toBe(16000);
    expect(retryDelay(30, () => 0)).toBe(LONGEST_RETRY_MS);
    expect(retryDelay(3, () => 1)).toBe(4800);
  });
});
