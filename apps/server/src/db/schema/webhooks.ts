/**
 * Webhooks to agents' systems (the webhooks module, ADR 038): the endpoints an agent admin
 * registers and every delivery of an event to one of them, with its attempts.
 */
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_FORMATS, type WebhookDeliveryStatus, type WebhookEndpointFormat, type WebhookEventType } from '@sagano/domain/webhooks/webhook-schemas';
import { agentGroups, agents } from './agents.ts';
import { createdAt, oneOf } from './columns.ts';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    /** Only this branch's bookings; null: every booking of the agent. */
    agentSubGroupId: integer('agent_sub_group_id').references(() => agentGroups.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    /** The signing secret (`whsec_…`) sealed with the server's secret key (lib/secret-box.ts), never stored plain. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    secretRotatedAt: timestamp('secret_rotated_at', { withTimezone: true }).notNull().defaultNow(),
    /** STANDARD: this product's events, managed on /v1; OCTO: the OCTO standard's booking_update of the agent's OCTO bookings, managed over /octo (ADR 039). */
    format: text('format').$type<WebhookEndpointFormat>().notNull().default('STANDARD'),
  },
  (t) => [index('webhook_endpoints_agent_idx').on(t.agentId), check('webhook_endpoints_format', oneOf(t.format, WEBHOOK_ENDPOINT_FORMATS))],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** The Standard Webhooks message id (`webhook-id`), the same on every attempt. */
    messageId: text('message_id').notNull(),
    /** The booking's public number (null for a test event). */
    bookingId: text('booking_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastResponseCode: integer('last_response_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    check('webhook_deliveries_status', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const webhooksTableOwners = {
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
} as const;
