/** Reads and writes of webhook endpoints and their deliveries (ADR 038). */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryEventType, WebhookDeliveryStatus, WebhookEndpointFormat, WebhookEventType } from '@sagano/domain/webhooks/webhook-schemas';
import { rowsOf, type Executor } from '../../db/client.ts';
import { pageOffset, type PageQuery } from '../../db/paging.ts';
import * as t from '../../db/schema.ts';

export type WebhookEndpointRecord = typeof t.webhookEndpoints.$inferSelect & { branchName: string | null };
export type WebhookDeliveryRecord = typeof t.webhookDeliveries.$inferSelect;

const endpointColumns = {
  id: t.webhookEndpoints.id,
  agentId: t.webhookEndpoints.agentId,
  agentSubGroupId: t.webhookEndpoints.agentSubGroupId,
  url: t.webhookEndpoints.url,
  description: t.webhookEndpoints.description,
  events: t.webhookEndpoints.events,
  secretSealed: t.webhookEndpoints.secretSealed,
  enabled: t.webhookEndpoints.enabled,
  createdBy: t.webhookEndpoints.createdBy,
  createdAt: t.webhookEndpoints.createdAt,
  secretRotatedAt: t.webhookEndpoints.secretRotatedAt,
  format: t.webhookEndpoints.format,
  branchName: t.agentGroups.nameJa,
};

/** The agent's endpoints of one format (the /v1 screens manage STANDARD ones, /octo the OCTO ones), oldest first. */
export function listEndpoints(db: Executor, agentId: number, format: WebhookEndpointFormat = 'STANDARD'): Promise<WebhookEndpointRecord[]> {
  return db
    .select(endpointColumns)
    .from(t.webhookEndpoints)
    .leftJoin(t.agentGroups, eq(t.agentGroups.id, t.webhookEndpoints.agentSubGroupId))
    .where(and(eq(t.webhookEndpoints.agentId, agentId), eq(t.webhookEndpoints.format, format)))
    .orderBy(asc(t.webhookEndpoints.id));
}

export async function findEndpoint(db: Executor, id: number): Promise<WebhookEndpointRecord | undefined> {
  const [row] = await db.select(endpointColumns).from(t.webhookEndpoints).leftJoin(t.agentGroups, eq(t.agentGroups.id, t.webhookEndpoints.agentSubGroupId)).where(eq(t.webhookEndpoints.id, id));
  return row;
}

export async function insertEndpoint(db: Executor, row: typeof t.webhookEndpoints.$inferInsert): Promise<number> {
  const [created] = await db.insert(t.webhookEndpoints).values(row).returning({ id: t.webhookEndpoints.id });
  return created!.id;
}

export async function updateEndpoint(db: Executor, id: number, patch: Partial<typeof t.webhookEndpoints.$inferInsert>): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(t.webhookEndpoints).set(patch).where(eq(t.webhookEndpoints.id, id));
}

/** Deletes the endpoint and its deliveries (cascade). */
export async function deleteEndpoint(db: Executor, id: number): Promise<void> {
  await db.delete(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, id));
}

/** The agent's group with this id (undefined when another agent's or none). */
export async function findOwnGroup(db: Executor, agentId: number, groupId: number): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: t.agentGroups.id }).from(t.agentGroups).where(and(eq(t.agentGroups.id, groupId), eq(t.agentGroups.agentId, agentId)));
  return row;
}

const nowIso = sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const newMessageId = sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * The statement that writes a booking event's deliveries, one per enabled endpoint of the
 * booking's agent (of every branch, or of the booking's branch) subscribed to it. It reads the
 * booking as `b` (booking_id, agent_id, agent_sub_group_id, status, sub_status, revision): the
 * caller's CTE, so the booking kernel writes its revision and the event in one statement.
 * An OCTO-format endpoint hears only of bookings made over OCTO (channel 'OCTO', ADR 039).
 */
export function bookingEventInsertSql(type: WebhookEventType, extra: Record<string, unknown> = {}): SQL {
  return sql`
    insert into webhook_deliveries (endpoint_id, event_type, message_id, booking_id, payload)
    select e.id, ${type}, ${newMessageId}, b.booking_id,
           jsonb_build_object('type', ${type}::text, 'timestamp', ${nowIso},
             'data', jsonb_build_object('booking_id', b.booking_id, 'status', b.status, 'sub_status', b.sub_status, 'revision', b.revision) || ${JSON.stringify(extra)}::jsonb)
    from webhook_endpoints e, b
    where e.agent_id = b.agent_id and (e.agent_sub_group_id is null or e.agent_sub_group_id = b.agent_sub_group_id)
      and e.enabled and ${type} = any(e.events)
      and (e.format = 'STANDARD' or (select x.channel from bookings x where x.booking_id = b.booking_id) = 'OCTO')
    returning id`;
}

/** A booking's event written on its own statement (the booking by its row id, or by a payment of it): the ids of its deliveries. */
export async function insertBookingEvent(db: Executor, of: { bookingDbId: number } | { paymentId: number }, type: WebhookEventType, extra: Record<string, unknown> = {}): Promise<number[]> {
  const bookingDbId = 'bookingDbId' in of ? sql`${of.bookingDbId}` : sql`(select booking_id from payments where id = ${of.paymentId})`;
  const result = await db.execute(sql`
    with b as (select booking_id, agent_id, agent_sub_group_id, status, sub_status, revision from bookings where id = ${bookingDbId})
    ${bookingEventInsertSql(type, extra)}`);
  return rowsOf<{ id: number }>(result).map((r) => r.id);
}

/** Whether an enabled endpoint would hear of this booking's event (so that an event costly to decide is decided only then). */
export async function anyEndpointListens(db: Executor, booking: { agentId: number; agentSubGroupId: number }, type: WebhookEventType): Promise<boolean> {
  const [row] = await db
    .select({ id: t.webhookEndpoints.id })
    .from(t.webhookEndpoints)
    .where(and(eq(t.webhookEndpoints.agentId, booking.agentId), eq(t.webhookEndpoints.enabled, true), sql`(${t.webhookEndpoints.agentSubGroupId} is null or ${t.webhookEndpoints.agentSubGroupId} = ${booking.agentSubGroupId})`, sql`${type} = any(${t.webhookEndpoints.events})`))
    .limit(1);
  return row !== undefined;
}

/** A test event for one endpoint, whatever it subscribes to. */
export async function insertTestDelivery(db: Executor, endpointId: number, type: WebhookDeliveryEventType): Promise<number> {
  const result = await db.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_type, message_id, payload)
    values (${endpointId}, ${type}, ${newMessageId},
            jsonb_build_object('type', ${type}::text, 'timestamp', ${nowIso}, 'data', jsonb_build_object('endpoint_id', ${endpointId}::int, 'message', 'a test event from Sagano group bookings')))
    returning id`);
  return rowsOf<{ id: number }>(result)[0]!.id;
}

/** One page of an endpoint's deliveries, newest first. */
export async function pageOfDeliveries(db: Executor, endpointId: number, q: PageQuery & { status?: WebhookDeliveryStatus | undefined }): Promise<{ total: number; rows: WebhookDeliveryRecord[] }> {
  const where = and(eq(t.webhookDeliveries.endpointId, endpointId), q.status ? eq(t.webhookDeliveries.status, q.status) : undefined);
  const [n] = await db.select({ n: count() }).from(t.webhookDeliveries).where(where);
  const rows = await db.select().from(t.webhookDeliveries).where(where).orderBy(desc(t.webhookDeliveries.id)).limit(q.per_page).offset(pageOffset(q));
  return { total: n?.n ?? 0, rows };
}

export async function findDelivery(db: Executor, id: number): Promise<WebhookDeliveryRecord | undefined> {
  const [row] = await db.select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.id, id));
  return row;
}

/** Due again now, from the start of its retries (a redelivery by hand). */
export async function resetDelivery(db: Executor, id: number): Promise<void> {
  await db.update(t.webhookDeliveries).set({ status: 'PENDING', attempts: 0, nextAttemptAt: sql`now()`, lastError: null }).where(eq(t.webhookDeliveries.id, id));
}

/** A delivery and what its attempt needs, claimed for `leaseSeconds` (a sweep leaves it alone meanwhile); undefined when not due. */
export async function claimDelivery(db: Executor, id: number, now: Date, leaseSeconds: number) {
  const result = await db.execute(sql`
    update webhook_deliveries d set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${leaseSeconds})
    from webhook_endpoints e
    where d.id = ${id} and e.id = d.endpoint_id and d.status = 'PENDING'
      -- due by the job's clock, or by the database's (a server whose clock lags the database's still sends a fresh event at once)
      and d.next_attempt_at <= greatest(now(), ${now.toISOString()}::timestamptz)
    returning d.id, d.message_id, d.payload, d.attempts, d.event_type, d.booking_id, e.id as endpoint_id, e.agent_id, e.url, e.secret_sealed, e.enabled, e.format`);
  const [row] = rowsOf<{
    id: number;
    message_id: string;
    payload: Record<string, unknown>;
    attempts: number;
    event_type: string;
    booking_id: string | null;
    endpoint_id: number;
    agent_id: number;
    url: string;
    secret_sealed: string;
    enabled: boolean;
    format: WebhookEndpointFormat;
  }>(result);
  return row;
}

/** What one attempt came to: delivered, due again at `nextAttemptAt`, or failed for good (null). */
export async function recordAttempt(db: Executor, id: number, at: Date, outcome: { delivered: boolean; code: number | null; error: string | null; nextAttemptAt: Date | null }): Promise<void> {
  const status: WebhookDeliveryStatus = outcome.delivered ? 'DELIVERED' : outcome.nextAttemptAt ? 'PENDING' : 'FAILED';
  await db
    .update(t.webhookDeliveries)
    .set({
      status,
      attempts: sql`${t.webhookDeliveries.attempts} + 1`,
      lastAttemptAt: at,
      lastResponseCode: outcome.code,
      lastError: outcome.error,
      nextAttemptAt: outcome.delivered ? null : outcome.nextAttemptAt,
      ...(outcome.delivered ? { deliveredAt: at } : {}),
    })
    .where(eq(t.webhookDeliveries.id, id));
}

/** Ends a delivery without an attempt (its endpoint was switched off, or its format has nothing to send). */
export async function abandonDelivery(db: Executor, id: number, error: string): Promise<void> {
  await db.update(t.webhookDeliveries).set({ status: 'FAILED', nextAttemptAt: null, lastError: error }).where(eq(t.webhookDeliveries.id, id));
}

/** Deliveries due now (a lost send, a retry whose time has come), oldest first. */
export async function dueDeliveryIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: t.webhookDeliveries.id })
    .from(t.webhookDeliveries)
    .where(and(eq(t.webhookDeliveries.status, 'PENDING'), sql`${t.webhookDeliveries.nextAttemptAt} <= greatest(now(), ${now.toISOString()}::timestamptz)`))
    .orderBy(asc(t.webhookDeliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}
