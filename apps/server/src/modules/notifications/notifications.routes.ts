import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NotificationListQuery,
  NotificationListResponse,
  NotificationReadAllBody,
  NotificationReadAllResponse,
  NotificationReadResponse,
  NotificationUnreadCountResponse,
} from '@sagano/domain/bookings/booking-schemas';
import { roomsOfAgentData, type Room } from '@sagano/domain/realtime/realtime-events';
import type { Db, Executor } from '../../db/client.ts';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import { type Principal, EVERY_TENANT, tenantScopeOf } from '../auth/index.ts';
import {
  countUnread,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationOwner,
  type NotificationScope,
} from './notifications.repository.ts';

/**
 * The back office reads the admin-side notifications; agents their own agent's (a branch its
 * branch's). Station staff have none: the admin side is the back office's.
 */
export function notificationScope(principal: Principal): NotificationScope {
  const u = principal.user;
  if (u.kind === 'OPERATOR') {
    if (!capabilitiesOf(u).backOffice) throw forbidden('notifications are for the back office and agents');
    return { audience: 'ADMIN', ...EVERY_TENANT };
  }
  return { audience: 'AGENT', ...tenantScopeOf(principal) };
}

/**
 * Tells the inboxes whose notifications changed to look again (in the change's transaction):
 * the back office's is the 'operator' room; an agent's notification its agent's and branch's.
 */
async function publishChanged(tx: Executor, scope: NotificationScope, owners: readonly NotificationOwner[]): Promise<void> {
  for (const category of ['booking', 'payment'] as const) {
    const mine = owners.filter((o) => o.category === category);
    if (!mine.length) continue;
    const rooms = new Set<Room>();
    for (const o of mine) {
      if (scope.audience === 'ADMIN' || o.agent_id === null || o.agent_sub_group_id === null) rooms.add('operator');
      else for (const room of roomsOfAgentData({ agentId: o.agent_id, agentSubGroupId: o.agent_sub_group_id })) rooms.add(room);
    }
    await publishRealtime(tx, [...rooms], { type: 'notification.changed', category });
  }
}

const NotificationIdParams = z.object({ notification_id: z.coerce.number().int().positive().max(2_147_483_647) });

export function notificationsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  for (const category of ['booking', 'payment'] as const) {
    r.get(`/v1/notifications/${category}`, {
      schema: { tags: ['notifications'], querystring: NotificationListQuery, response: { 200: NotificationListResponse } },
      config: { access: 'backOfficeOrAgent' },
    }, async (request) => {
      const { total, rows } = await listNotifications(db, category, notificationScope(request.principal!), request.query);
      return { total, page: request.query.page, per_page: request.query.per_page, notifications: rows };
    });
  }
  // Our addition: the sidebar's badge (unread in the caller's inbox, both categories).
  r.get('/v1/notifications/unread-count', {
    schema: { tags: ['notifications'], response: { 200: NotificationUnreadCountResponse } },
    config: { access: 'backOfficeOrAgent' },
  }, async (request) => {
    const counts = await countUnread(db, notificationScope(request.principal!));
    return { ...counts, total: counts.booking + counts.payment };
  });
  r.put('/v1/notifications/:notification_id/read', {
    schema: { tags: ['notifications'], params: NotificationIdParams, response: { 200: NotificationReadResponse } },
    config: { access: 'backOfficeOrAgent', operation: 'notifications.read', category: 'notifications' },
  }, async (request) => {
    const scope = notificationScope(request.principal!);
    const { notification_id } = request.params;
    return request.mutate(async (work) => {
      const read = await markNotificationRead(work.tx, notification_id, scope, request.principal!.user.email);
      if (!read) throw notFound('notification');
      if (read.changed) await publishChanged(work.tx, scope, [read]);
      return { notification_id, is_read: true as const, read_at: read.read_at };
    });
  });
  // No body (or no category): both categories.
  r.post('/v1/notifications/read-all', {
    schema: { tags: ['notifications'], body: z.preprocess((v) => v ?? {}, NotificationReadAllBody), response: { 200: NotificationReadAllResponse } },
    config: { access: 'backOfficeOrAgent', operation: 'notifications.read_all', category: 'notifications' },
  }, async (request) => {
    const scope = notificationScope(request.principal!);
    return request.mutate(async (work) => {
      const marked = await markAllNotificationsRead(work.tx, scope, request.body.category, request.principal!.user.email);
      await publishChanged(work.tx, scope, marked);
      return { marked: marked.length };
    });
  });
  r.delete('/v1/notifications/:notification_id', {
    schema: {
      tags: ['notifications'],
      params: NotificationIdParams,
      querystring: z.object({ booking_id: z.string().optional(), agent_sub_group_id: z.coerce.number().int().optional() }),
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    config: { access: 'backOfficeOrAgent', operation: 'notifications.delete', category: 'notifications' },
  }, async (request) => {
    const scope = notificationScope(request.principal!);
    return request.mutate(async (work) => {
      const deleted = await deleteNotification(work.tx, request.params.notification_id, scope);
      if (!deleted) throw notFound('notification');
      await publishChanged(work.tx, scope, [deleted]);
      return { ok: true as const };
    });
  });
}
