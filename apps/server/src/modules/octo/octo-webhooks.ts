/**
 * The octo/webhooks capability (ADR 039): a reseller's booking_update endpoints, kept, signed and
 * delivered by the webhooks module (ADR 038) through its front door, and the body each delivery
 * carries (the booking as GET /octo/bookings/{uuid} answers it).
 */
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';
import type { WebhooksService } from '../webhooks/index.ts';
import { SUPPORTED_CAPABILITIES, type OctoBooking, type OctoCapability } from './octo-answers.ts';
import { badRequest } from './octo-errors.ts';
import { agentOf } from './octo-inputs.ts';
import { findOctoBookingOfBooking, type OctoBookingRow } from './octo.repository.ts';

/** The webhooks module's reseller side (its front door's service, handed in by app.ts): where OCTO endpoints are kept and delivered. */
export type OctoWebhooksPort = Pick<WebhooksService, 'createOctoEndpoint' | 'listOctoEndpoints' | 'deleteOctoEndpoint'>;

/** The octo/webhooks capability's webhook (the standard's Webhook object): only booking_update is offered. */
export interface OctoWebhook {
  id: string;
  event: 'booking_update';
  url: string;
}
const octoWebhook = (e: { id: number; url: string }): OctoWebhook => ({ id: String(e.id), event: 'booking_update', url: e.url });

/** Whose webhooks a key manages: its agent's (a branch key: its branch's). */
function webhookScope(principal: Principal) {
  return { agentId: agentOf(principal), agentSubGroupId: principal.user.agent_sub_group_id };
}

export function createOctoWebhooks({
  db,
  webhooks,
  answer,
}: {
  db: Db;
  webhooks: OctoWebhooksPort;
  /** The bookings' answers as the booking calls give them (octo.service.ts). */
  answer: (executor: Executor, rows: readonly OctoBookingRow[], capabilities: readonly OctoCapability[]) => Promise<OctoBooking[]>;
}) {
  return {
    webhooks: async (principal: Principal): Promise<OctoWebhook[]> => (await webhooks.listOctoEndpoints(webhookScope(principal))).map(octoWebhook),

    createWebhook: async (work: Work, principal: Principal, input: { url: string; event: 'booking_update' }): Promise<OctoWebhook> =>
      octoWebhook(await webhooks.createOctoEndpoint(work, { ...webhookScope(principal), url: input.url, createdBy: principal.apiKey ? `api-key:${principal.apiKey.name}` : principal.user.email })),

    deleteWebhook: async (work: Work, principal: Principal, id: string): Promise<OctoWebhook> => {
      const scope = webhookScope(principal);
      if (!/^[1-9][0-9]{0,8}$/.test(id)) throw badRequest(`no webhook ${id} of yours`);
      try {
        return octoWebhook(await webhooks.deleteOctoEndpoint(work, scope, Number(id)));
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw badRequest(`no webhook ${id} of yours`);
        throw error;
      }
    },

    /**
     * The body of an OCTO endpoint's delivery (registered with the webhooks module by app.ts):
     * the webhook and the booking as GET /octo/bookings/{uuid} answers it (every capability);
     * null when the delivery's booking was not booked over OCTO.
     */
    renderWebhook: async (delivery: { endpointId: number; url: string; bookingId: string | null }): Promise<{ webhook: OctoWebhook; booking: OctoBooking } | null> => {
      if (delivery.bookingId === null) return null;
      const row = await findOctoBookingOfBooking(db, delivery.bookingId);
      if (!row) return null;
      const [booking] = await answer(db, [row], SUPPORTED_CAPABILITIES);
      return { webhook: octoWebhook({ id: delivery.endpointId, url: delivery.url }), booking: booking! };
    },
  };
}
