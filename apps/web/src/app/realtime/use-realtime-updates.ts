/**
 * The shell's one live-update stream (GET /v1/events): open while someone is signed in, closed on
 * sign-out. Each event invalidates the query roots it names, so open screens refetch. When the
 * stream fails (network, 401, 5xx, a server restart) it is closed and opened again with growing
 * waits, resuming from the last event id (`last_event_id`); the server replays what was missed or
 * answers `resync`, which refreshes every live root.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { retryDelay, rootsFor, LIVE_ROOTS } from './realtime-invalidation.ts';

export function useRealtimeUpdates(signedIn: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId: string | undefined;
    let failures = 0;
    let stopped = false;

    const invalidate = (roots: readonly (readonly unknown[])[]) => {
      for (const queryKey of roots) void queryClient.invalidateQueries({ queryKey });
    };
    const connect = () => {
      const url = lastEventId ? `/v1/events?last_event_id=${encodeURIComponent(lastEventId)}` : '/v1/events';
      const resumed = lastEventId !== undefined;
      const reconnecting = failures > 0;
      source = new EventSource(url);
      source.onmessage = (message: MessageEvent<string>) => {
        if (message.lastEventId) lastEventId = message.lastEventId;
        let event: { type: string };
        try {
          event = JSON.parse(message.data) as { type: string };
        } catch {
          return;
        }
        if (event.type === 'ready') {
          failures = 0;
          // Back after a failure with nothing to resume from: whatever changed meanwhile is unknown.
          if (reconnecting && !resumed) invalidate(LIVE_ROOTS);
          return;
        }
        invalidate(rootsFor(event));
      };
      source.onerror = () => {
        // EventSource gives up by itself on a 401 or 5xx: always take over, with our own waits.
        source?.close();
        source = undefined;
        if (stopped) return;
        failures += 1;
        timer = setTimeout(connect, retryDelay(failures));
      };
    };
    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, [signedIn, queryClient]);
}
