/**
 * Webhook endpoints of an agent's own systems (issue 37, ADR 038): the agent's admins register,
 * change, switch off, rotate and delete them, read each one's deliveries, redeliver one and send a
 * test event. An endpoint belongs to the agent; it may be narrowed to one branch's bookings.
 */
import type { WebhookDeliveryListResponse, WebhookDeliveryQuery, WebhookDeliveryRow, WebhookEndpointRow, WebhookEndpointWithSecret, CreateWebhookEndpointBody, UpdateWebhookEndpointBody } from '@sagano/domain/webhooks/webhook-schemas';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '@sagano/domain/webhooks/webhook-schemas';
import type { Executor } from '../../db/client.ts';
import { forbidden, invalid, notFound } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import { AddressRefused, checkWebhookUrl, type AddressRules } from './webhook-addresses.ts';
import { secretOwner } from './webhook-delivery.ts';
import { sendWebhookDeliveries } from './webhook-events.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { deleteEndpoint, findDelivery, findEndpoint, findOwnGroup, insertEndpoint, insertTestDelivery, listEndpoints, pageOfDeliveries, resetDelivery, updateEndpoint, type WebhookDeliveryRecord, type WebhookEndpointRecord } from './webhooks.repository.ts';

function endpointRow(r: WebhookEndpointRecord): WebhookEndpointRow {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    branch_id: r.agentSubGroupId,
    branch_name: r.branchName,
    enabled: r.enabled,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    secret_rotated_at: r.secretRotatedAt.toISOString(),
  };
}

export function deliveryRow(r: WebhookDeliveryRecord): WebhookDeliveryRow {
  return {
    id: r.id,
    endpoint_id: r.endpointId,
    message_id: r.messageId,
    event_type: r.eventType,
    booking_id: r.bookingId,
    payload: r.payload,
    status: r.status,
    attempts: r.attempts,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
    last_attempt_at: r.lastAttemptAt?.toISOString() ?? null,
    last_response_code: r.lastResponseCode,
    last_error: r.lastError,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** Only the agent's admins (head-office ADMIN staff) manage its endpoints; branch admins, staff and API keys are refused. */
function requireWebhookManager(principal: Principal): number {
  const u = principal.user;
  if (principal.apiKey || u.kind !== 'AGENT' || u.role !== 'agentAdmin' || u.agent_id === null) throw forbidden('only the agent\'s administrators manage webhooks');
  return u.agent_id;
}

/** Whose OCTO endpoints: an API key's agent and, for a branch key, its branch (null: every branch). */
export interface OctoEndpointScope {
  agentId: number;
  agentSubGroupId: number | null;
}
export interface OctoEndpoint {
  id: number;
  url: string;
}

/** Every booking event (not payments): an OCTO booking_update is sent when a booking is confirmed, changed or cancelled. */
const OCTO_BOOKING_EVENTS = WEBHOOK_EVENT_TYPES.filter((e) => e.startsWith('booking.'));

export function createWebhooksService(deps: { db: Executor; secrets: SecretBox; rules: AddressRules }) {
  const { db, secrets, rules } = deps;

  async function allowedUrl(url: string): Promise<string> {
    try {
      return (await checkWebhookUrl(url, rules)).url.toString();
    } catch (error) {
      if (error instanceof AddressRefused) throw invalid('url', error.message);
      throw error;
    }
  }

  async function ownBranch(executor: Executor, agentId: number, branchId: number | null | undefined): Promise<number | null> {
    if (branchId === null || branchId === undefined) return null;
    if (!(await findOwnGroup(executor, agentId, branchId))) throw invalid('branch_id', 'choose one of your own branches');
    return branchId;
  }

  /** The caller's agent's endpoint, or 404 (another agent's is "not found", as if it did not exist). */
  async function ownEndpoint(executor: Executor, principal: Principal, id: number): Promise<WebhookEndpointRecord> {
    const agentId = requireWebhookManager(principal);
    const endpoint = await findEndpoint(executor, id);
    // OCTO endpoints are managed over /octo only (ADR 039): here they are not found.
    if (!endpoint || endpoint.agentId !== agentId || endpoint.format !== 'STANDARD') throw notFound('webhook endpoint');
    return endpoint;
  }

  /** An OCTO endpoint the reseller's key may manage: its agent's, and (a branch key) its branch's; else not found. */
  async function ownOctoEndpoint(executor: Executor, scope: OctoEndpointScope, id: number): Promise<WebhookEndpointRecord> {
    const endpoint = await findEndpoint(executor, id);
    if (!endpoint || endpoint.format !== 'OCTO' || endpoint.agentId !== scope.agentId || (scope.agentSubGroupId !== null && endpoint.agentSubGroupId !== scope.agentSubGroupId)) throw notFound('webhook');
    return endpoint;
  }

  return {
    async list(principal: Principal): Promise<WebhookEndpointRow[]> {
      return (await listEndpoints(db, requireWebhookManager(principal))).map(endpointRow);
    },

    /** A new endpoint; the answer is the only place its secret appears. */
    async create(work: Work, principal: Principal, body: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
      const agentId = requireWebhookManager(principal);
      const url = await allowedUrl(body.url);
      const branchId = await ownBranch(work.tx, agentId, body.branch_id);
      const secret = newWebhookSecret();
      const id = await insertEndpoint(work.tx, {
        agentId,
        agentSubGroupId: branchId,
        url,
        description: body.description,
        events: [...new Set(body.events)],
        secretSealed: secrets.seal(secret, secretOwner(agentId)),
        enabled: body.enabled,
        createdBy: principal.user.email,
      });
      return { ...endpointRow((await findEndpoint(work.tx, id))!), secret };
    },

    async update(work: Work, principal: Principal, id: number, body: UpdateWebhookEndpointBody): Promise<WebhookEndpointRow> {
      const endpoint = await ownEndpoint(work.tx, principal, id);
      await updateEndpoint(work.tx, id, {
        ...(body.url !== undefined ? { url: await allowedUrl(body.url) } : {}),
        ...(body.events !== undefined ? { events: [...new Set(body.events)] } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.branch_id !== undefined ? { agentSubGroupId: await ownBranch(work.tx, endpoint.agentId, body.branch_id) } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      });
      return endpointRow((await findEndpoint(work.tx, id))!);
    },

    /** A new secret, at once: deliveries from now on are signed with it; the answer is the only place it appears. */
    async rotateSecret(work: Work, principal: Principal, id: number): Promise<WebhookEndpointWithSecret> {
      const endpoint = await ownEndpoint(work.tx, principal, id);
      const secret = newWebhookSecret();
      await updateEndpoint(work.tx, id, { secretSealed: secrets.seal(secret, secretOwner(endpoint.agentId)), secretRotatedAt: new Date() });
      return { ...endpointRow((await findEndpoint(work.tx, id))!), secret };
    },

    /** Deletes the endpoint with its delivery log; deliveries not yet made are not made. */
    async remove(work: Work, principal: Principal, id: number): Promise<WebhookEndpointRow> {
      const endpoint = await ownEndpoint(work.tx, principal, id);
      await deleteEndpoint(work.tx, id);
      return endpointRow(endpoint);
    },

    async deliveries(principal: Principal, id: number, q: WebhookDeliveryQuery): Promise<WebhookDeliveryListResponse> {
      await ownEndpoint(db, principal, id);
      const { total, rows } = await pageOfDeliveries(db, id, q);
      return { total, page: q.page, per_page: q.per_page, deliveries: rows.map(deliveryRow) };
    },

    /** The delivery made again from the start of its retries (the same message id, so a receiver can tell a repeat). */
    async redeliver(work: Work, principal: Principal, id: number, deliveryId: number): Promise<WebhookDeliveryRow> {
      await ownEndpoint(work.tx, principal, id);
      const delivery = await findDelivery(work.tx, deliveryId);
      if (!delivery || delivery.endpointId !== id) throw notFound('webhook delivery');
      await resetDelivery(work.tx, deliveryId);
      sendWebhookDeliveries(work, [deliveryId]);
      return deliveryRow((await findDelivery(work.tx, deliveryId))!);
    },

    // ---- the OCTO reseller side (octo/webhooks, ADR 039): called by the octo module with the key's agent and branch ----

    /** A new OCTO endpoint of the key's agent (a branch key's: of its branch's bookings), every booking event, a sealed secret nobody is shown. */
    async createOctoEndpoint(work: Work, input: OctoEndpointScope & { url: string; createdBy: string }): Promise<OctoEndpoint> {
      const url = await allowedUrl(input.url);
      const id = await insertEndpoint(work.tx, {
        agentId: input.agentId,
        agentSubGroupId: input.agentSubGroupId,
        url,
        description: 'OCTO booking_update',
        events: [...OCTO_BOOKING_EVENTS],
        secretSealed: secrets.seal(newWebhookSecret(), secretOwner(input.agentId)),
        enabled: true,
        createdBy: input.createdBy,
        format: 'OCTO',
      });
      return { id, url };
    },

    /** The OCTO endpoints the key may see (its agent's; a branch key's, its branch's), oldest first. */
    async listOctoEndpoints(scope: OctoEndpointScope): Promise<OctoEndpoint[]> {
      const rows = await listEndpoints(db, scope.agentId, 'OCTO');
      return rows.filter((r) => scope.agentSubGroupId === null || r.agentSubGroupId === scope.agentSubGroupId).map((r) => ({ id: r.id, url: r.url }));
    },

    /** Deletes one of the key's OCTO endpoints (another agent's or branch's: not found) with its deliveries. */
    async deleteOctoEndpoint(work: Work, scope: OctoEndpointScope, id: number): Promise<OctoEndpoint> {
      const endpoint = await ownOctoEndpoint(work.tx, scope, id);
      await deleteEndpoint(work.tx, id);
      return { id: endpoint.id, url: endpoint.url };
    },

    /** A `webhook.test` event to this endpoint, whatever it subscribes to (also when switched off: it is not sent then). */
    async sendTest(work: Work, principal: Principal, id: number): Promise<WebhookDeliveryRow> {
      await ownEndpoint(work.tx, principal, id);
      const deliveryId = await insertTestDelivery(work.tx, id, WEBHOOK_TEST_EVENT);
      sendWebhookDeliveries(work, [deliveryId]);
      return deliveryRow((await findDelivery(work.tx, deliveryId))!);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
