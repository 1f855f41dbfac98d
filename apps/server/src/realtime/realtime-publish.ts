/**
 * Publishing a live update: `pg_notify` in the caller's own transaction, so PostgreSQL delivers it
 * to every server instance listening, and only if the change commits (nothing for a change that
 * rolled back, DESIGN §7). On PGlite the same statement reaches the process's own listener.
 */
import { sql } from 'drizzle-orm';
import type { RealtimeEvent, Room } from '@sagano/domain/realtime/realtime-events';
import type { Executor } from '../db/client.ts';

export const REALTIME_CHANNEL = 'realtime';

/** What travels on the channel: the rooms told and the thin event (well under NOTIFY's 8000 bytes). */
export interface RealtimeNotice {
  rooms: readonly Room[];
  event: RealtimeEvent;
}

export async function publishRealtime(tx: Executor, rooms: readonly Room[], event: RealtimeEvent): Promise<void> {
  const notice: RealtimeNotice = { rooms, event };
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(notice)})`);
}
