/**
 * Live updates (DESIGN §8 Realtime) across two server instances on one database: a change made
 * through one reaches an event stream of the other; rooms keep agents and branches apart; a
 * reconnect replays what it missed or is told to resync; a step begun on a stale revision is
 * refused with nothing written. On PGlite the two instances share the embedded database in one
 * process (the in-process path); with TEST_DATABASE_URL they are two pools with their own LISTEN.
 */
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomsOfAgentData } from '@sagano/domain/realtime/realtime-events';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/client.ts';
import { demo } from './support/demo-days.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import * as t from '../src/db/schema.ts';
import { inTransaction } from '../src/lib/unit-of-work.ts';
import { publishRealtime } from '../src/realtime/realtime-publish.ts';
import { createRealtimeHub } from '../src/realtime/realtime-hub.ts';
import { sql } from 'drizzle-orm';
import { TEST_TOTP_KEY } from './test-app.ts';
import { openTestDatabasePair } from './test-database.ts';

interface StreamEvent {
  id?: string;
  data: { type: string; booking_id?: string; revision?: number; category?: string; approval_id?: number; agent_settlement_id?: number };
}

/** A real EventSource-like reader of GET /v1/events over HTTP. */
class EventStream {
  readonly events: StreamEvent[] = [];
  readonly headers: Headers;
  private waiters: (() => void)[] = [];
  private readonly abort: AbortController;
  ended = false;

  private constructor(response: Response, abort: AbortController) {
    this.headers = response.headers;
    this.abort = abort;
    void this.read(response.body!);
  }

  static async open(base: string, authorization: string, lastEventId?: string): Promise<EventStream> {
    const abort = new AbortController();
    const response = await fetch(`${base}/v1/events`, { headers: { authorization, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) }, signal: abort.signal });
    if (response.status !== 200) throw new Error(`events ${response.status} ${await response.text()}`);
    const stream = new EventStream(response, abort);
    await stream.next((e) => e.data.type === 'ready', 5000);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | undefined;
          let data: string | undefined;
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            if (line.startsWith('data: ')) data = line.slice(6);
          }
          if (data !== undefined) this.events.push({ ...(id ? { id } : {}), data: JSON.parse(data) });
          this.wake();
        }
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** The first event (from the start of the stream) that matches, within `ms`. */
  async next(match: (e: StreamEvent) => boolean, ms = 1000): Promise<StreamEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || this.ended) throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(this.events.map((e) => e.data))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  get lastId(): string | undefined {
    return this.events.filter((e) => e.id).at(-1)?.id;
  }

  close() {
    this.abort.abort();
  }
}

let databases: [Database, Database];
let appA: FastifyInstance;
let appB: FastifyInstance;
let baseB: string;
const streams: EventStream[] = [];

async function appOn(database: Database): Promise<FastifyInstance> {
  // A one-second heartbeat, so a stream whose session ended is seen to end within the test.
  const app = await buildApp({ config: loadConfig({ PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, REALTIME_HEARTBEAT_SECONDS: '1' }), database, logger: false });
  await app.ready();
  return app;
}

async function login(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return `Bearer ${res.json().access_token as string}`;
}

async function open(authorization: string, lastEventId?: string): Promise<EventStream> {
  const stream = await EventStream.open(baseB, authorization, lastEventId);
  streams.push(stream);
  return stream;
}

/** A demo booking of the agent whose admin is `email` (the free or the contracted agent; in its branch when `branch`), still open to operator steps. */
async function bookingOf(email: string, options: { branch?: boolean } = {}): Promise<{ booking_id: string; revision: number; agent_sub_group_id: number }> {
  const rows = rowsOf<{ booking_id: string; revision: number; agent_sub_group_id: number }>(
    await databases[0].db.execute(sql`
      select b.booking_id, b.revision, b.agent_sub_group_id from bookings b
      join agent_groups g on g.id = b.agent_sub_group_id
      join agents ag on ag.id = b.agent_id and ag.agent_type = ${email === 'agent-free@example.com' ? 'FREE' : 'CONTRACTED'}
      where b.status not in ('CANCELLED', 'NOT_RESERVED', 'REFUSED') and g.is_root = ${!options.branch}
      order by b.id limit 1`),
  );
  if (!rows[0]) throw new Error(`no demo booking for ${email}`);
  return rows[0];
}

const priority = (app: FastifyInstance, staff: string, bookingId: string, value: number, ifMatch?: string) =>
  app.inject({ method: 'POST', url: `/v1/bookings/${bookingId}/select_priority`, headers: { authorization: staff, ...(ifMatch ? { 'if-match': ifMatch } : {}) }, payload: { priority: value } });

let staffA: string;
let operatorB: string;

beforeAll(async () => {
  databases = await openTestDatabasePair();
  appA = await appOn(databases[0]);
  appB = await appOn(databases[1]);
  baseB = await appB.listen({ port: 0, host: '127.0.0.1' });
  staffA = await login(appA, 'staff@example.com');
  operatorB = await login(appB, 'staff@example.com');
}, 60_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await appB?.close();
  await appA?.close();
  await databases?.[1].close();
  await databases?.[0].close();
});

describe('GET /v1/events', () => {
  it('answers an event stream with the right headers to a signed-in user, and 401 to anyone else', async () => {
    const anonymous = await fetch(`${baseB}/v1/events`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
    const stream = await open(operatorB);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    stream.close();
    // No operation log for a read that never ends.
    const [logged] = await databases[0].db.select({ n: count() }).from(t.operationLogs).where(eq(t.operationLogs.operation, 'GET /v1/events'));
    expect(logged!.n).toBe(0);
  });

  it('brings a change made through one server to a stream on the other within one second', async () => {
    const booking = await bookingOf('agent-free@example.com');
    const stream = await open(operatorB);
    const started = Date.now();
    expect((await priority(appA, staffA, booking.booking_id, 3)).statusCode).toBe(200);
    const event = await stream.next((e) => e.data.type === 'booking.changed' && e.data.booking_id === booking.booking_id, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.data.revision).toBe(booking.revision + 1);
    expect(event.id).toMatch(/^[0-9a-f]{12}\.\d+$/);
  });

  it('never tells an agent about another agent\'s booking, nor a branch about another branch\'s', async () => {
    const free = await bookingOf('agent-free@example.com');
    const freeBranch = await bookingOf('agent-free@example.com', { branch: true });
    const contracted = await bookingOf('agent-contracted@example.com');
    const agentFree = await open(await login(appB, 'agent-free@example.com'));
    const branchFree = await open(await login(appB, 'branch-free@example.com'));
    const agentContracted = await open(await login(appB, 'agent-contracted@example.com'));

    // The other agent's change first, then each stream's own: when its own has arrived, the other's would have too.
    expect((await priority(appA, staffA, contracted.booking_id, 2)).statusCode).toBe(200);
    expect((await priority(appA, staffA, free.booking_id, 2)).statusCode).toBe(200);
    expect((await priority(appA, staffA, freeBranch.booking_id, 2)).statusCode).toBe(200);

    await agentFree.next((e) => e.data.booking_id === freeBranch.booking_id); // head office sees its branches
    await agentFree.next((e) => e.data.booking_id === free.booking_id);
    await branchFree.next((e) => e.data.booking_id === freeBranch.booking_id);
    await agentContracted.next((e) => e.data.booking_id === contracted.booking_id);

    const ids = (s: EventStream) => s.events.map((e) => e.data.booking_id).filter(Boolean);
    expect(ids(agentFree)).not.toContain(contracted.booking_id);
    expect(ids(branchFree)).not.toContain(contracted.booking_id);
    expect(ids(branchFree)).not.toContain(free.booking_id); // the head office's own booking is not the branch's
    expect(ids(agentContracted)).not.toContain(free.booking_id);
    expect(ids(agentContracted)).not.toContain(freeBranch.booking_id);
  });

  it('tells the operator about a notification for it, and only the booking\'s agent about one for the agent', async () => {
    const booking = await bookingOf('agent-free@example.com');
    const operator = await open(operatorB);
    const agentFree = await open(await login(appB, 'agent-free@example.com'));
    const agentContracted = await open(await login(appB, 'agent-contracted@example.com'));
    const agent = await login(appA, 'agent-free@example.com');
    const note = (authorization: string) => appA.inject({ method: 'POST', url: `/v1/bookings/${booking.booking_id}/notes`, headers: { authorization }, payload: { note: 'live', is_private: false } });
    expect((await note(agent)).statusCode).toBe(200); // an agent's note notifies the operator (ADMIN)
    await operator.next((e) => e.data.type === 'notification.changed' && e.data.category === 'booking');
    expect(agentFree.events.some((e) => e.data.type === 'notification.changed')).toBe(false);
    expect((await note(staffA)).statusCode).toBe(200); // the operator's, the booking's agent (AGENT)
    await agentFree.next((e) => e.data.type === 'notification.changed');
    await expect(agentContracted.next((e) => e.data.type === 'notification.changed', 300)).rejects.toThrow(/no matching event/);
  });

  it('tells the back office about an approval request and its decision, and no agent', async () => {
    const operator = await open(operatorB);
    const agentFree = await open(await login(appB, 'agent-free@example.com'));
    const afterDemo = demo.lastYear + 1; // a term clear of the demo's (which runs to the end of next year)
    const asked = await appA.inject({ method: 'POST', url: '/v1/service-terms', headers: { authorization: staffA }, payload: { fromDate: `${afterDemo}-01-01`, toDate: `${afterDemo}-12-31` } });
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().approval_id as number;
    const aboutIt = (e: StreamEvent) => e.data.type === 'approval.changed' && e.data.approval_id === id;
    await operator.next(aboutIt, 3000);
    const heard = operator.events.filter(aboutIt).length;
    const rejected = await appA.inject({ method: 'PUT', url: `/v1/approvals/${id}/reject`, headers: { authorization: await login(appA, 'admin@example.com') }, payload: { reason: 'not this year' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await operator.next((e) => aboutIt(e) && operator.events.filter(aboutIt).indexOf(e) >= heard, 3000);
    expect(agentFree.events.some((e) => e.data.type === 'approval.changed')).toBe(false);
  });

  it('tells the back office and the monthly agent when its settlement payment is confirmed, and no other agent', async () => {
    // The demo's monthly agent has last month billed and not yet paid.
    const [unpaid] = rowsOf<{ id: number }>(await databases[0].db.execute(sql`
      select s.id from agent_settlements s join agents a on a.id = s.agent_id
      where a.agent_type = 'SPECIAL_CONTRACTED' and s.payment_status = 'UNPAID' order by s.id limit 1`));
    const operator = await open(operatorB);
    const special = await open(await login(appB, 'agent-special@example.com'));
    const agentFree = await open(await login(appB, 'agent-free@example.com'));
    const confirmed = await appA.inject({ method: 'PUT', url: `/v1/settlements/payment/${unpaid!.id}`, headers: { authorization: staffA }, payload: { paid_on: '2026-01-05' } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const aboutIt = (e: StreamEvent) => e.data.type === 'settlement.changed' && e.data.agent_settlement_id === unpaid!.id;
    await operator.next(aboutIt, 3000);
    await special.next(aboutIt, 3000);
    expect(agentFree.events.some((e) => e.data.type === 'settlement.changed')).toBe(false);
  });

  it('replays what a reconnect missed (Last-Event-ID), still by rooms', async () => {
    const booking = await bookingOf('agent-free@example.com');
    const other = await bookingOf('agent-contracted@example.com');
    const agent = await login(appB, 'agent-free@example.com');
    const first = await open(agent);
    const position = first.lastId!;
    first.close();
    const watcher = await open(operatorB);
    expect((await priority(appA, staffA, other.booking_id, 4)).statusCode).toBe(200);
    expect((await priority(appA, staffA, booking.booking_id, 4)).statusCode).toBe(200);
    // Let both notices reach server B before reconnecting.
    await watcher.next((e) => e.data.booking_id === booking.booking_id);

    const again = await open(agent, position);
    const replayed = again.events.filter((e) => e.data.type === 'booking.changed');
    expect(replayed.map((e) => e.data.booking_id)).toEqual([booking.booking_id]);
    expect(again.events.some((e) => e.data.type === 'resync')).toBe(false);
  });

  it('tells a reconnect with an unknown or foreign id to resync', async () => {
    for (const id of ['000000000000.1', 'nonsense', `${(await open(operatorB)).lastId!.split('.')[0]}.999999999`]) {
      const stream = await open(operatorB, id);
      expect(stream.events[0]!.data.type).toBe('resync');
    }
  });

  it('ends the stream when the session ends', async () => {
    const agent = await login(appB, 'agent-free@example.com');
    const stream = await open(agent);
    await appB.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: agent } });
    // A new stream with the ended session is refused at once; the open one ends at its next heartbeat check.
    const refused = await fetch(`${baseB}/v1/events`, { headers: { authorization: agent } });
    expect(refused.status).toBe(401);
    await refused.body?.cancel();
    const until = Date.now() + 3000;
    while (!stream.ended && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.ended).toBe(true);
  });

  it('keeps an agent system\'s stream open on its API key across heartbeats, and ends it when the key is revoked', async () => {
    const admin = await login(appB, 'agent-free@example.com');
    const booking = await bookingOf('agent-free@example.com');
    const [root] = rowsOf<{ id: number }>(await databases[0].db.execute(sql`
      select g.id from agent_groups g join agents ag on ag.id = g.agent_id and ag.agent_type = 'FREE' where g.is_root order by g.id limit 1`));
    const created = await appB.inject({ method: 'POST', url: '/v1/api-keys', headers: { authorization: admin }, payload: { name: 'live updates', group_id: root!.id } });
    expect(created.statusCode, created.body).toBe(200);
    const { id, key } = created.json() as { id: number; key: string };
    const stream = await open(`Bearer ${key}`);
    // Heartbeats every second: the key is checked at each and the stream stays open.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(stream.ended).toBe(false);
    expect((await priority(appA, staffA, booking.booking_id, 4)).statusCode).toBe(200);
    await stream.next((e) => e.data.type === 'booking.changed' && e.data.booking_id === booking.booking_id, 5000);
    const revoked = await appB.inject({ method: 'DELETE', url: `/v1/api-keys/${id}`, headers: { authorization: admin } });
    expect(revoked.statusCode).toBe(200);
    const until = Date.now() + 3000;
    while (!stream.ended && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stream.ended).toBe(true);
  });

  it('comes back after losing its listening connection and tells open streams to resync', async () => {
    const stream = await open(operatorB);
    const booking = await bookingOf('agent-free@example.com');
    if (databases[1].engine === 'postgres') {
      // Server B's LISTEN connection is cut (a database restart, a network drop): it reconnects with back-off.
      const cut = rowsOf<{ done: boolean }>(await databases[0].db.execute(sql`
        select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and query = 'listen "realtime"' and pid <> pg_backend_pid()`));
      expect(cut.length).toBe(2); // both servers' listeners
      await stream.next((e) => e.data.type === 'resync', 5000);
    }
    // Either way the stream carries on: a change through the other server still arrives.
    expect((await priority(appA, staffA, booking.booking_id, 9)).statusCode).toBe(200);
    await stream.next((e) => e.data.type === 'booking.changed' && e.data.booking_id === booking.booking_id, 5000);
  });
});

describe('stale steps (If-Match)', () => {
  it('refuses a step begun on an older revision with 409 BOOKING_CHANGED and the current revision, writing nothing', async () => {
    const booking = await bookingOf('agent-contracted@example.com');
    const seen = booking.revision;
    expect((await priority(appB, operatorB, booking.booking_id, 1, `"${seen}"`)).statusCode).toBe(200); // up to date: taken
    const [before] = await databases[0].db.select({ n: count() }).from(t.bookingHistories).where(eq(t.bookingHistories.bookingId, sql`(select id from bookings where booking_id = ${booking.booking_id})`));

    const stale = await priority(appA, staffA, booking.booking_id, 5, `"${seen}"`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().common).toMatchObject({ error_code: 'BOOKING_CHANGED', current_revision: seen + 1 });
    const [row] = await databases[0].db.select({ revision: t.bookings.revision, priority: t.bookings.priority }).from(t.bookings).where(eq(t.bookings.bookingId, booking.booking_id));
    expect(row).toEqual({ revision: seen + 1, priority: 1 });
    const [after] = await databases[0].db.select({ n: count() }).from(t.bookingHistories).where(eq(t.bookingHistories.bookingId, sql`(select id from bookings where booking_id = ${booking.booking_id})`));
    expect(after!.n).toBe(before!.n);

    // Weak tags and bare numbers are read the same; no header changes nothing; a malformed one is a 400 naming it.
    expect((await priority(appA, staffA, booking.booking_id, 5, `W/"${seen + 1}"`)).statusCode).toBe(200);
    expect((await priority(appA, staffA, booking.booking_id, 6)).statusCode).toBe(200);
    const bad = await priority(appA, staffA, booking.booking_id, 6, 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().common.field).toBe('If-Match');
  });
});

describe('publishing', () => {
  it('sends after commit, never for a change that rolled back, and from a bare transaction too', async () => {
    const stream = await open(operatorB);
    const event = (booking_id: string) => ({ type: 'booking.changed' as const, booking_id, revision: 1 });
    await expect(inTransaction(databases[0].db, async (work) => {
      await publishRealtime(work.tx, roomsOfAgentData({ agentId: 1, agentSubGroupId: 1 }), event('ROLLED-BACK'));
      throw new Error('refused');
    })).rejects.toThrow('refused');
    await inTransaction(databases[0].db, (work) => publishRealtime(work.tx, ['operator'], event('COMMITTED')));
    await databases[0].db.transaction((tx) => publishRealtime(tx, ['operator'], event('BARE')));
    await stream.next((e) => e.data.booking_id === 'COMMITTED');
    await stream.next((e) => e.data.booking_id === 'BARE');
    expect(stream.events.some((e) => e.data.booking_id === 'ROLLED-BACK')).toBe(false);
  });
});

describe('the hub\'s ring of recent notices', () => {
  it('replays after a known id by rooms, and answers resync for an id older than the ring', async () => {
    const hub = createRealtimeHub({ listen: async () => async () => undefined }, { ringSize: 2 });
    const received: string[] = [];
    const first = hub.subscribe(['agent:1'], (d) => received.push(d.id!), () => undefined);
    const notice = (agent: number, booking_id: string) => JSON.stringify({ rooms: ['operator', `agent:${agent}`], event: { type: 'booking.changed', booking_id, revision: 1 } });
    hub.receive(notice(1, 'A'));
    hub.receive(notice(2, 'B'));
    hub.receive(notice(1, 'C'));
    hub.receive('not json');
    hub.receive(JSON.stringify({ rooms: 'operator' }));
    expect(received).toEqual([`${hub.instanceId}.1`, `${hub.instanceId}.3`]);
    first.unsubscribe();

    const replay = hub.subscribe(['agent:1'], () => undefined, () => undefined, `${hub.instanceId}.1`);
    expect(replay.missed).toEqual([{ id: `${hub.instanceId}.3`, event: { type: 'booking.changed', booking_id: 'C', revision: 1 } }]);
    expect(replay.position).toBe(`${hub.instanceId}.3`);
    expect(hub.subscribe(['agent:1'], () => undefined, () => undefined, `${hub.instanceId}.0`).missed).toBe('resync'); // notice 1 has left the ring
    expect(hub.subscribe(['agent:1'], () => undefined, () => undefined, `${hub.instanceId}.3`).missed).toEqual([]);
    let ended = 0;
    hub.subscribe(['operator'], () => undefined, () => ended++);
    await hub.stop();
    expect(ended).toBe(1);
    expect(hub.streams).toBe(0);
  });
});
