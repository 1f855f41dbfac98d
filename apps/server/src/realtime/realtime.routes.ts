/**
 * GET /v1/events: the live-update stream (server-sent events) of a signed-in user. Rooms come from
 * the caller's principal only; each notice is sent with its id so a reconnect (Last-Event-ID, or
 * `last_event_id` when the client opens a new EventSource itself) replays what it missed, or is
 * told to `resync`. A read: no operation log. Agents' systems may follow it with an API key: the
 * stream then stands until the key is revoked.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionTokenOf } from '../plugins/auth.ts';
import type { RealtimeHub, Delivery } from './realtime-hub.ts';
import { roomsOf } from './realtime-rooms.ts';

export const HEARTBEAT_MS = 25_000;
/** How long a client waits before its own reconnect after the stream ends (the SSE `retry` field). */
const CLIENT_RETRY_MS = 3_000;
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const EventsQuery = z.object({ last_event_id: z.string().max(100).optional() });

function frame(delivery: Delivery): string {
  return `${delivery.id ? `id: ${delivery.id}\n` : ''}data: ${JSON.stringify(delivery.event)}\n\n`;
}

export function realtimeRoutes(app: FastifyInstance, deps: { hub: RealtimeHub; sessionStands: (token: string) => Promise<boolean>; heartbeatMs?: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  // Streams never end by themselves: end them before the HTTP server waits for its connections.
  app.addHook('preClose', async () => deps.hub.endStreams());

  r.get('/v1/events', {
    schema: { tags: ['realtime'], querystring: EventsQuery },
    config: { access: 'authenticated', operationLog: false },
  }, async (request, reply) => {
    const principal = request.principal!;
    const token = sessionTokenOf(request)!;
    const header = request.headers['last-event-id'];
    const lastEventId = (typeof header === 'string' && header.length <= 100 ? header : undefined) ?? request.query.last_event_id;
    const raw = reply.raw;

    reply.hijack();
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // HTTP/2 has no connection headers (the protocol keeps a stream open): Node drops one with a process warning.
      ...(request.raw.httpVersionMajor >= 2 ? {} : { connection: 'keep-alive' }),
      // Proxies (nginx) must pass each event on at once, not buffer or compress the stream.
      'x-accel-buffering': 'no',
    });

    let open = true;
    const timers: NodeJS.Timeout[] = [];
    const end = () => {
      if (!open) return;
      open = false;
      for (const timer of timers) clearTimeout(timer);
      subscription.unsubscribe();
      raw.end();
    };
    const write = (text: string) => {
      if (open) raw.write(text);
    };
    const subscription = deps.hub.subscribe(roomsOf(principal), (delivery) => write(frame(delivery)), end, lastEventId);
    request.raw.on('close', end);
    raw.on('error', end);

    write(`retry: ${CLIENT_RETRY_MS}\n\n`);
    if (subscription.missed === 'resync') write(frame({ event: { type: 'resync' } }));
    else for (const delivery of subscription.missed) write(frame(delivery));
    // The stream's position, so a client that has seen no notice yet can still resume from here.
    write(`id: ${subscription.position}\ndata: {"type":"ready"}\n\n`);

    // A heartbeat keeps proxies from closing an idle stream and checks the session still stands (signed out, expired, idle).
    const beat = setInterval(() => {
      write(': heartbeat\n\n');
      deps.sessionStands(token).then((stands) => stands || end(), () => undefined);
    }, heartbeatMs);
    timers.push(beat);
    // A session's stream ends when the session expires; an API key does not expire (its revocation is seen at the next heartbeat).
    if (!principal.apiKey) timers.push(setTimeout(end, Math.min(Math.max(principal.expiresAt.getTime() - Date.now(), 0), LONGEST_TIMER_MS)));
  });
}
