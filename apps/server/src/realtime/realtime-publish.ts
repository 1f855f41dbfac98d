/**
 * Publishing a live update. Inside a unit of work (`inTransaction`) the notice is queued and sent
 * once the transaction has committed (never for a change that rolled back, DESIGN §7), by one
 * publisher per database that sends whatever has queued meanwhile in a single `pg_notify`
 * statement on the pool. PostgreSQL delivers it to every server instance listening (on PGlite, to
 * this process). Anywhere else (a bare transaction, a savepoint) it falls back to `pg_notify` in
 * the caller's own transaction.
 *
 * Why not always in the change's transaction: a transaction that notifies holds PostgreSQL's
 * global notify lock from its commit until it ends, so notifying transactions commit one at a
 * time, each waiting for its own WAL flush. Measured with pgbench (16 clients, one-row update):
 * 3,100 tps plain, 530 tps with a pg_notify inside. Bookings (two notifying transactions each)
 * would be capped near 260/s by that lock alone. Sent after commit and coalesced, a burst of
 * bookings costs one short notifying transaction per batch instead of one lock turn per booking.
 * The price: a notice is lost if the process dies between the commit and the send; open screens
 * then show the change on their next refetch (or a resync after a reconnect).
 */
import { sql } from 'drizzle-orm';
import type { RealtimeEvent, Room } from '@sagano/domain/realtime/realtime-events';
import type { Db, Executor } from '../db/client.ts';

export const REALTIME_CHANNEL = 'realtime';

/** What travels on the channel: the rooms told and the thin event (well under NOTIFY's 8000 bytes). */
export interface RealtimeNotice {
  rooms: readonly Room[];
  event: RealtimeEvent;
}

/** Where a unit of work's transaction queues its notices: registered by inTransaction for its own `tx`. */
const queues = new WeakMap<object, RealtimeNotice[]>();

/** Called by inTransaction: notices published on `tx` wait for the commit; the answer is what to send after it. */
export function queueRealtimeFor(tx: object): RealtimeNotice[] {
  const queue: RealtimeNotice[] = [];
  queues.set(tx, queue);
  return queue;
}

export async function publishRealtime(tx: Executor, rooms: readonly Room[], event: RealtimeEvent): Promise<void> {
  const notice: RealtimeNotice = { rooms, event };
  const queue = queues.get(tx);
  if (queue) queue.push(notice);
  else await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(notice)})`);
}

interface Publisher {
  pending: string[];
  /** A send is gathering or in flight: new notices wait for it and go with the next. */
  busy: boolean;
}

const publishers = new WeakMap<Db, Publisher>();
/** PostgreSQL keeps at most 8000 bytes per notice; a statement of a few hundred is still one short transaction. */
const BATCH = 500;
/** How long the first notice waits for others to go with it: at most ~40 notifying commits a second per server. */
export const GATHER_MS = 25;

/**
 * Sends committed notices: after a short gathering wait, one statement per database at a time;
 * what arrives meanwhile goes out with the next. The statement commits asynchronously
 * (`synchronous_commit` off for it alone): a notice needs no durable commit, and the notify lock
 * is then held for no WAL flush. Never throws (a failed send is dropped: the screens catch up on
 * their next refetch).
 */
export function sendCommittedRealtime(db: Db, notices: readonly RealtimeNotice[], onError: (error: unknown) => void = () => undefined): void {
  if (notices.length === 0) return;
  let publisher = publishers.get(db);
  if (!publisher) publishers.set(db, (publisher = { pending: [], busy: false }));
  for (const notice of notices) publisher.pending.push(JSON.stringify(notice));
  if (publisher.busy) return;
  publisher.busy = true;
  const p = publisher;
  setTimeout(() => {
    void (async () => {
      while (p.pending.length > 0) {
        const batch = p.pending.splice(0, BATCH);
        try {
          await db.execute(sql`
            select pg_notify(${REALTIME_CHANNEL}, n)
            from (select set_config('synchronous_commit', 'off', true)) as async_commit, json_array_elements_text(${JSON.stringify(batch)}::json) as n`);
        } catch (error) {
          onError(error);
        }
      }
      p.busy = false;
    })();
  }, GATHER_MS).unref();
}
