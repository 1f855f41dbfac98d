import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { PendingFrame } from '../../../components/pending-frame.tsx';

/**
 * A list's search asked for by a click (a page, a sort, the filters) and the search shown when it
 * was asked for. Read through useSyncExternalStore, so the click's own frame shows it: the router
 * moves to the new address in a transition, which paints nothing until the new screen is rendered.
 */
export interface ListRequest {
  from: string;
  to: string;
}

export function createListRequests() {
  let current: ListRequest | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ask(request: ListRequest) {
      current = request;
      for (const listener of listeners) listener();
    },
  };
}

export type ListRequests = ReturnType<typeof createListRequests>;

/** The list's request store, one per screen. */
export function useListRequests(): ListRequests {
  return useState(createListRequests)[0];
}

/**
 * Whether the list shown is not yet the one asked for: a click has asked for another search that the
 * address does not show yet, or the rows shown are the previous search's (placeholder) while the new
 * ones load. A request made from another search (the address has moved on since: back, forward, a
 * link) is over.
 */
export function isListPending(request: ListRequest | null, shown: string, placeholder: boolean): boolean {
  return placeholder || (request !== null && request.from === shown && request.to !== shown);
}

/**
 * The list as it was, dimmed under a running bar, from the click that asked for another page until
 * its rows are there. Only this frame renders on the click (its children are the screen's elements,
 * unchanged), so the click paints at once however long the list is.
 */
export function PendingList({ requests, shown, placeholder, children }: { requests: ListRequests; shown: string; placeholder: boolean; children: ReactNode }) {
  const request = useSyncExternalStore(requests.subscribe, requests.get);
  return <PendingFrame pending={isListPending(request, shown, placeholder)}>{children}</PendingFrame>;
}
