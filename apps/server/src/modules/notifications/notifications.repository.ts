import { eq, sql, type SQL } from 'drizzle-orm';
import type { NotificationRow } from '@sagano/domain/bookings/booking-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { roomsOfNotification } from '@sagano/domain/realtime/realtime-events';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import { rowsOf } from '../../db/client.ts';
import { tenantScopeSql, type TenantScope } from '../auth/index.ts';

/** Whose notifications: the admin side or an agent's, within the caller's tenant scope. */
export interface NotificationScope extends TenantScope {
  audience: 'ADMIN' | 'AGENT';
}

function scopeFilter(scope: NotificationScope, subGroupIds: number[] | undefined) {
  const f = [sql`n.audience = ${scope.audience}`, sql`n.deleted_at is null`];
  f.push(tenantScopeSql(scope, 'n'));
  if (subGroupIds?.length) f.push(sql`n.agent_sub_group_id in (${sql.join(subGroupIds.map((id) => sql`${id}`), sql`, `)})`);
  return sql.join(f, sql` and `);
}

export async function listNotifications(db: Executor, category: 'booking' | 'payment', scope: NotificationScope, q: { page: number; per_page: number; agent_sub_group_ids?: number[]; unread?: boolean }): Promise<{ total: number; rows: NotificationRow[] }> {
  const where = sql`n.category = ${category} and ${scopeFilter(scope, q.agent_sub_group_ids)}${q.unread ? sql` and n.read_at is null` : sql``}`;
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from notifications n where ${where}`));
  const rows = rowsOf<{ id: number; kind: string; category: 'booking' | 'payment'; booking_id: string | null; group_name: string | null; agent_name: string | null; agent_name_en: string | null; sub_group_name: string | null; sub_group_name_en: string | null; detail: NotificationRow['detail']; created_at: Date | string; read_at: Date | string | null }>(
    await db.execute(sql`
      select n.id, n.kind, n.category, b.booking_id, b.group_name, a.name_ja as agent_name, a.name_en as agent_name_en, g.name_ja as sub_group_name, g.name_en as sub_group_name_en, n.detail, n.created_at, n.read_at
      from notifications n
      left join bookings b on b.id = n.booking_id
      left join agents a on a.id = n.agent_id
      left join agent_groups g on g.id = n.agent_sub_group_id
      where ${where}
      order by n.created_at desc, n.id desc
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      notification_id: r.id,
      kind: r.kind,
      category: r.category,
      booking_id: r.booking_id,
      group_name: r.group_name,
      agent_name: r.agent_name,
      agent_name_en: r.agent_name_en ?? '',
      agent_sub_group_name: r.sub_group_name,
      agent_sub_group_name_en: r.sub_group_name_en ?? '',
      detail: r.detail ?? null,
      created_at: new Date(r.created_at).toISOString(),
      is_read: r.read_at !== null,
      read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
    })),
  };
}

/** Whose inbox a changed notification was in: its agent and branch (null for the back office's). */
export interface NotificationOwner {
  category: 'booking' | 'payment';
  agent_id: number | null;
  agent_sub_group_id: number | null;
}

/** Hides a notification for everyone of its audience; null when it is not the caller's to delete. */
export async function deleteNotification(db: Executor, id: number, scope: NotificationScope): Promise<NotificationOwner | null> {
  const rows = rowsOf<NotificationOwner>(
    await db.execute(sql`update notifications n set deleted_at = now() where n.id = ${id} and ${scopeFilter(scope, undefined)} returning n.category, n.agent_id, n.agent_sub_group_id`),
  );
  return rows[0] ?? null;
}

/** Unread notifications the caller may see, per category. */
export async function countUnread(db: Executor, scope: NotificationScope): Promise<{ booking: number; payment: number }> {
  const rows = rowsOf<{ category: 'booking' | 'payment'; n: number }>(
    await db.execute(sql`select n.category, count(*)::int as n from notifications n where ${scopeFilter(scope, undefined)} and n.read_at is null group by n.category`),
  );
  return { booking: rows.find((r) => r.category === 'booking')?.n ?? 0, payment: rows.find((r) => r.category === 'payment')?.n ?? 0 };
}

/**
 * Marks one notification read for its whole inbox. An already read one keeps its first reader and
 * time (`changed` false). null when the caller may not see it.
 */
export async function markNotificationRead(db: Executor, id: number, scope: NotificationScope, readBy: string): Promise<(NotificationOwner & { read_at: string; changed: boolean }) | null> {
  const rows = rowsOf<NotificationOwner & { read_at: Date | string; changed: boolean }>(
    await db.execute(sql`
      update notifications n set read_at = coalesce(n.read_at, now()), read_by = coalesce(n.read_by, ${readBy})
      from (select id, read_at is null as changed from notifications where id = ${id} for update) prior
      where n.id = prior.id and ${scopeFilter(scope, undefined)}
      returning n.category, n.agent_id, n.agent_sub_group_id, n.read_at, prior.changed`),
  );
  const row = rows[0];
  return row ? { ...row, read_at: new Date(row.read_at).toISOString() } : null;
}

/** Marks every unread notification the caller may see (of one category, or both) read; answers the inboxes touched. */
export async function markAllNotificationsRead(db: Executor, scope: NotificationScope, category: 'booking' | 'payment' | undefined, readBy: string): Promise<NotificationOwner[]> {
  return rowsOf<NotificationOwner>(
    await db.execute(sql`
      update notifications n set read_at = now(), read_by = ${readBy}
      where ${scopeFilter(scope, undefined)} and n.read_at is null${category ? sql` and n.category = ${category}` : sql``}
      returning n.category, n.agent_id, n.agent_sub_group_id`),
  );
}

/** What a notification says beyond its kind. */
export type NotificationDetail = NonNullable<NotificationRow['detail']>;

/** Writes the notification and tells its readers' open screens (`notification.changed`). */
export async function insertNotification(
  db: Executor,
  n: { audience: 'ADMIN' | 'AGENT'; category: 'booking' | 'payment'; kind: string; bookingId: number; agentId: number; agentSubGroupId: number; detail?: NotificationDetail },
): Promise<void> {
  await db.insert(t.notifications).values(n);
  await publishRealtime(db, roomsOfNotification(n.audience, { agentId: n.agentId, agentSubGroupId: n.agentSubGroupId }), { type: 'notification.changed', category: n.category });
}

/**
 * The operator's notifications of a booking being inserted in the same statement: `b` is that
 * statement's CTE of the new booking (id, agent_id, agent_sub_group_id).
 */
export function newBookingNotificationsSql(kinds: readonly string[]): SQL {
  return sql`insert into notifications (audience, category, kind, booking_id, agent_id, agent_sub_group_id)
        select 'ADMIN', 'booking', k.value, b.id, b.agent_id, b.agent_sub_group_id
        from b, json_array_elements_text(${JSON.stringify(kinds)}::json) with ordinality as k(value, ord)
        order by k.ord`;
}

/** Deletes a branch's notifications (the branch is being deleted). */
export async function deleteGroupNotifications(db: Executor, groupId: number): Promise<void> {
  await db.delete(t.notifications).where(eq(t.notifications.agentSubGroupId, groupId));
}

/** Writes many operator notifications about bookings in one statement; the caller tells the screens once. */
export async function insertBookingNotificationRows(db: Executor, rows: readonly { kind: string; bookingId: number; agentId: number; agentSubGroupId: number }[]): Promise<void> {
  await db.insert(t.notifications).values(rows.map((r) => ({ audience: 'ADMIN', category: 'booking', ...r })));
}

/** A notification to the operator about no one booking (a day's allotment released, a contract term's answer date). */
export async function insertOperatorNotification(db: Executor, kind: string, category: 'booking' | 'payment' = 'booking'): Promise<void> {
  await db.insert(t.notifications).values({ audience: 'ADMIN', category, kind, bookingId: null, agentId: null, agentSubGroupId: null });
  await publishRealtime(db, roomsOfNotification('ADMIN', null), { type: 'notification.changed', category });
}
