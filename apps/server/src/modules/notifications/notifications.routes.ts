import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotificationListQuery, NotificationListResponse } from '@sagano/domain/bookings/booking-schemas';
import type { Db } from '../../db/client.ts';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { forbidden, notFound } from '../../lib/app-error.ts';
import type { Principal } from '../auth/principal.ts';
import { EVERY_TENANT, tenantScopeOf } from '../auth/tenant-scope.ts';
import { deleteNotification, listNotifications, type NotificationScope } from './notifications.repository.ts';

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

export function notificationsRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  for (const category of ['booking', 'payment'] as const) {
    r.get(`/v1/notifications/${category}`, {
      schema: { tags: ['notifications'], querystring: NotificationListQuery, response: { 200: NotificationListResponse } },
      config: { access: 'authenticated' },
    }, async (request) => {
      const { total, rows } = await listNotifications(db, category, notificationScope(request.principal!), request.query);
      return { total, page: request.query.page, per_page: request.query.per_page, notifications: rows };
    });
  }
  r.delete('/v1/notifications/:notification_id', {
    schema: {
      tags: ['notifications'],
      params: z.object({ notification_id: z.coerce.number().int().positive() }),
      querystring: z.object({ booking_id: z.string().optional(), agent_sub_group_id: z.coerce.number().int().optional() }),
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    config: { access: 'authenticated', operation: 'notifications.delete', category: 'notifications' },
  }, async (request) => {
    const scope = notificationScope(request.principal!);
    const deleted = await request.mutate((work) => deleteNotification(work.tx, request.params.notification_id, scope));
    if (!deleted) throw notFound('notification');
    return { ok: true as const };
  });
}
