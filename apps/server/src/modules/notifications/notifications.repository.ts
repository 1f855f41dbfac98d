import { sql } from 'drizzle-orm';
import type { NotificationRow } from '@sagano/domain/bookings/booking-schemas';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { tenantScopeSql, type TenantScope } from '../auth/tenant-scope.ts';

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

export async function listNotifications(db: Executor, category: 'booking' | 'payment', scope: NotificationScope, q: { page: number; per_page: number; agent_sub_group_ids?: number[] }): Promise<{ total: number; rows: NotificationRow[] }> {
  const where = sql`n.category = ${category} and ${scopeFilter(scope, q.agent_sub_group_ids)}`;
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from notifications n where ${where}`));
  const rows = rowsOf<{ id: number; kind: string; category: 'booking' | 'payment'; booking_id: string | null; group_name: string | null; agent_name: string | null; sub_group_name: string | null; created_at: Date | string }>(
    await db.execute(sql`
      select n.id, n.kind, n.category, b.booking_id, b.group_name, a.name_ja as agent_name, g.name_ja as sub_group_name, n.created_at
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
      agent_sub_group_name: r.sub_group_name,
      created_at: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Hides a notification for everyone of its audience; false when it is not the caller's to delete. */
export async function deleteNotification(db: Executor, id: number, scope: NotificationScope): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`update notifications n set deleted_at = now() where n.id = ${id} and ${scopeFilter(scope, undefined)} returning n.id`),
  );
  return rows.length > 0;
}
