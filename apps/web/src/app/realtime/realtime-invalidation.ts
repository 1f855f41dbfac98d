/**
 * What a live update refreshes: each event type names the query roots (ADR 008) whose screens may
 * show what changed. Events are thin; the screens refetch through their own calls.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { RealtimeStreamEvent } from '@sagano/domain/realtime/realtime-events';
import { queryRoots } from '../../lib/query-keys.ts';

type EventType = Exclude<RealtimeStreamEvent['type'], 'ready' | 'resync'>;

export const INVALIDATES: Record<EventType, readonly QueryKey[]> = {
  // A booking's change may move its payments, the trains' vacancies and the agent portal's figures.
  'booking.changed': [queryRoots.bookings, queryRoots.payments, queryRoots.inventory, queryRoots.portal],
  'notification.changed': [queryRoots.notifications, queryRoots.portal],
  'message.changed': [queryRoots.messages, queryRoots.portal],
  // The approvals list, the operator dashboard's waiting count (its keys sit under bookings) and master data applied by approval.
  'approval.changed': [queryRoots.approvals, queryRoots.bookings, queryRoots.masterData],
  // The monthly report (a run billed, a payment confirmed); its bookings' own booking.changed covers their payments.
  'settlement.changed': [queryRoots.settlements],
};

/** Every root a live update can touch: what a `resync` refreshes. */
export const LIVE_ROOTS: readonly QueryKey[] = [...new Map(Object.values(INVALIDATES).flat().map((key) => [JSON.stringify(key), key])).values()];

/** The roots to invalidate for one event from the stream (none for `ready` or an unknown type). */
export function rootsFor(event: { type: string }): readonly QueryKey[] {
  if (event.type === 'resync') return LIVE_ROOTS;
  return (INVALIDATES as Record<string, readonly QueryKey[] | undefined>)[event.type] ?? [];
}

export const FIRST_RETRY_MS = 1_000;
export const LONGEST_RETRY_MS = 60_000;

/** The wait before reconnecting after `failures` failed attempts in a row: doubling from 1 s to 60 s, with up to 20 % jitter so tabs do not return at once. */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
  return Math.round(base * (1 + 0.2 * random()));
}
