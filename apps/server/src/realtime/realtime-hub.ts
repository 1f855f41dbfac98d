/**
 * The live-update hub of one server process: it listens on the realtime channel (every instance's
 * committed notices on PostgreSQL, its own on PGlite), numbers each notice `<instance>.<sequence>`,
 * keeps the most recent ones in a ring for reconnects, and hands each to the open event streams
 * whose rooms it names.
 */
import { randomBytes } from 'node:crypto';
import type { RealtimeEvent, Room } from '@sagano/domain/realtime/realtime-events';
import type { Database } from '../db/client.ts';
import { REALTIME_CHANNEL, type RealtimeNotice } from './realtime-publish.ts';

/** Told to a stream when it may have missed something: the client refetches everything live. */
export interface ResyncEvent {
  type: 'resync';
}

export interface Delivery {
  /** Absent on a resync: there is no position to resume from. */
  id?: string;
  event: RealtimeEvent | ResyncEvent;
}

export interface Subscription {
  /** Where the stream stands now (the last notice numbered), to send as its first id. */
  position: string;
  /** Notices after Last-Event-ID for these rooms, or 'resync' when that id is unknown or too old. */
  missed: Delivery[] | 'resync';
  unsubscribe(): void;
}

export interface RealtimeHub {
  readonly instanceId: string;
  start(): Promise<void>;
  /** Stops listening and ends every open stream (before the HTTP server closes). */
  stop(): Promise<void>;
  /** Ends every open stream, keeping the listener (the server is about to close). */
  endStreams(): void;
  subscribe(rooms: readonly Room[], send: (delivery: Delivery) => void, end: () => void, lastEventId?: string): Subscription;
  /** Takes one notice as it arrives on the channel (exposed for tests). */
  receive(payload: string): void;
  /** Open streams, for tests and health. */
  readonly streams: number;
}

interface Buffered {
  seq: number;
  rooms: readonly Room[];
  event: RealtimeEvent;
}

interface Stream {
  rooms: ReadonlySet<Room>;
  send: (delivery: Delivery) => void;
  end: () => void;
}

export const RING_SIZE = 1000;

function isNotice(value: unknown): value is RealtimeNotice {
  const n = value as RealtimeNotice | null;
  return typeof n === 'object' && n !== null && Array.isArray(n.rooms) && n.rooms.every((r) => typeof r === 'string') && typeof n.event?.type === 'string';
}

export function createRealtimeHub(database: Pick<Database, 'listen'>, options: { ringSize?: number } = {}): RealtimeHub {
  const ringSize = options.ringSize ?? RING_SIZE;
  const instanceId = randomBytes(6).toString('hex');
  const ring: Buffered[] = [];
  const streams = new Set<Stream>();
  let seq = 0;
  let stopListening: (() => Promise<void>) | undefined;

  const idOf = (n: number) => `${instanceId}.${n}`;
  const meets = (stream: Stream, rooms: readonly Room[]) => rooms.some((r) => stream.rooms.has(r));

  function receive(payload: string): void {
    let notice: unknown;
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isNotice(notice)) return;
    seq += 1;
    ring.push({ seq, rooms: notice.rooms, event: notice.event });
    if (ring.length > ringSize) ring.shift();
    const delivery: Delivery = { id: idOf(seq), event: notice.event };
    for (const stream of streams) if (meets(stream, notice.rooms)) stream.send(delivery);
  }

  /** Notices may have been lost (the listening connection was away): every stream resyncs, and older ids no longer replay. */
  function gap(): void {
    ring.length = 0;
    seq += 1; // the skipped number stands for what was lost: an id from before it is too old
    for (const stream of streams) stream.send({ event: { type: 'resync' } });
  }

  function missedSince(lastEventId: string, rooms: ReadonlySet<Room>): Delivery[] | 'resync' {
    const dot = lastEventId.lastIndexOf('.');
    const instance = lastEventId.slice(0, dot);
    const last = Number(lastEventId.slice(dot + 1));
    if (dot < 0 || instance !== instanceId || !Number.isSafeInteger(last) || last < 0 || last > seq) return 'resync';
    const oldest = seq - ring.length + 1;
    if (last + 1 < oldest) return 'resync';
    return ring.filter((b) => b.seq > last && b.rooms.some((r) => rooms.has(r))).map((b) => ({ id: idOf(b.seq), event: b.event }));
  }

  return {
    instanceId,
    get streams() {
      return streams.size;
    },
    async start() {
      stopListening ??= await database.listen(REALTIME_CHANNEL, receive, { onGap: gap });
    },
    async stop() {
      this.endStreams();
      const stop = stopListening;
      stopListening = undefined;
      await stop?.();
    },
    endStreams() {
      for (const stream of [...streams]) stream.end();
      streams.clear();
    },
    subscribe(rooms, send, end, lastEventId) {
      const stream: Stream = { rooms: new Set(rooms), send, end };
      // Synchronous with registering the stream: no notice can fall between the replay and the live ones.
      const missed = lastEventId === undefined ? [] : missedSince(lastEventId, stream.rooms);
      streams.add(stream);
      return { position: idOf(seq), missed, unsubscribe: () => void streams.delete(stream) };
    },
    receive,
  };
}
