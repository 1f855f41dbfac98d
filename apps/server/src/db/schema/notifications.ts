/**
 * Notifications shown to the operator and to agents.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@sagano/domain/bookings/booking-schemas';
import { createdAt, oneOf } from './columns.ts';
import { agents } from './agents.ts';
import { bookings } from './bookings.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    audience: text('audience').notNull(),
    category: text('category').notNull(),
    kind: text('kind').notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    agentSubGroupId: integer('agent_sub_group_id'),
    /** What the notification is about beyond its kind (NotificationRow.detail): a change asked for, a reason given. */
    detail: jsonb('detail'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Read by anyone of the audience it is for (the back office, or the agent's or branch's staff): one inbox per audience. */
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: text('read_by'),
  },
  (t) => [
    index('notifications_audience_idx').on(t.audience, t.category, t.createdAt),
    // A booking's notifications: the service-order list shows them on each row, its filters ask for a kind.
    index('notifications_booking_idx').on(t.bookingId, t.audience),
    check('notifications_audience', sql`${t.audience} in ('ADMIN', 'AGENT')`),
    check('notifications_category', sql`${t.category} in ('booking', 'payment')`),
    check('notifications_kind', oneOf(t.kind, NOTIFICATION_KINDS)),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const notificationsTableOwners = {
  notifications: 'notifications',
} as const;
