/**
 * Publishing a live update: `pg_notify` in the caller's own transaction, so PostgreSQL delivers it
 * to every server instance listening, and only if the change commits (nothing for a change that
 * rolled back, DESIGN §7). On PGlite the same statement reaches the process's own listener.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RealtimeEvent, Room } from '@sagano/domain/realtime/realtime-events';
import type { Executor } from '../db/client.ts';

export const REALTIME_CHANNEL = 'realtime';

/** What travels on the channel: the rooms told and the thin event (well under NOTIFY's 8000 bytes). */
export interface RealtimeNotice {
  rooms: readonly Room[];
  event: RealtimeEvent;
}

/** The notify call as an SQL expression, for a statement that publishes as part of its own write (one round trip). */
export function realtimeNoticeSql(rooms: readonly Room[], event: RealtimeEvent): SQL {
  const notice: RealtimeNotice = { rooms, event };
  return sql`pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(notice)})`;
}

/**
 * `booking.changed` for the booking row `b` of the statement that changed it (its new revision),
 * built by the database: the rooms are roomsOfAgentData's (operator, agent, branch; a test holds
 * the two equal).
 */
export function bookingChangedNoticeSql(b: SQL): SQL {
  return sql`pg_notify(${REALTIME_CHANNEL}, json_build_object(
    'rooms', json_build_array('operator', 'agent:' || ${b}.agent_id, 'branch:' || ${b}.agent_sub_group_id),
    'event', json_build_object('type', 'booking.changed', 'booking_id', ${b}.booking_id, 'revision', ${b}.revision))::text)`;
}

export async function publishRealtime(tx: Executor, rooms: readonly Room[], event: RealtimeEvent): Promise<void> {
  await tx.execute(sql`select ${realtimeNoticeSql(rooms, event)}`);
}
