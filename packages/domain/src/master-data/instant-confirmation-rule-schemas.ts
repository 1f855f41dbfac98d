import { z } from 'zod';
import { MAX_MASTER_NAME } from './master-name.ts';

/**
 * Instant confirmation rules (issue 37, ADR 037): the operator's master data saying which booking
 * requests are reserved and confirmed in the request that submits them. Created and changed
 * through approval; turned off at once.
 */

/** How a booking request came in: an agent's signed-in screen, an agent API key, the OCTO reseller API, operator staff. */
export const BOOKING_CHANNELS = ['PORTAL', 'API', 'OCTO', 'BACK_OFFICE'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];

export const MAX_RULE_PARTICIPANTS = 10_000;
export const MAX_RULE_DAYS_AHEAD = 3_660;
export const CHANNELS_REQUIRED = 'choose at least one channel';

const AgentIds = z.array(z.number().int().positive()).max(500);

/** What POST /v1/instant-confirmation-rules asks for and PUT …/{id} replaces (every condition). */
export const InstantConfirmationRuleBody = z
  .object({
    name: z.string('a name is required').trim().min(1, 'a name is required').max(MAX_MASTER_NAME),
    /** null: every agent; otherwise only these agents. */
    agent_ids: AgentIds.nullable(),
    channels: z.array(z.enum(BOOKING_CHANNELS)).min(1, CHANNELS_REQUIRED).max(BOOKING_CHANNELS.length),
    max_participants: z.number().int().min(1).max(MAX_RULE_PARTICIPANTS),
    min_days_ahead: z.number().int().min(0).max(MAX_RULE_DAYS_AHEAD),
    only_sufficient_level: z.boolean(),
    auto_assign_seats: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.channels).size !== v.channels.length) ctx.addIssue({ code: 'custom', message: 'a channel is named twice', path: ['channels'] });
    if (v.agent_ids !== null && v.agent_ids.length === 0) ctx.addIssue({ code: 'custom', message: 'choose at least one agent, or every agent', path: ['agent_ids'] });
  });
export type InstantConfirmationRuleBody = z.infer<typeof InstantConfirmationRuleBody>;

/** The approval payloads: a new rule, or a rule's new conditions (the version it was read at). */
export const InstantConfirmationRuleInsertPayload = InstantConfirmationRuleBody;
export type InstantConfirmationRuleInsertPayload = InstantConfirmationRuleBody;
export const InstantConfirmationRuleUpdatePayload = z.object({ rule_id: z.number().int().positive(), rule: InstantConfirmationRuleBody });
export type InstantConfirmationRuleUpdatePayload = z.infer<typeof InstantConfirmationRuleUpdatePayload>;

export const InstantConfirmationRuleIdParams = z.object({ id: z.coerce.number().int().positive() });

const PendingApproval = z.object({ approval_id: z.number().int(), status: z.enum(['SUBMITTED', 'JOB_PENDING', 'JOB_FAILED']), submitted_at: z.string(), submitted_by: z.string() });

export const InstantConfirmationRuleResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  agent_ids: z.array(z.number().int()).nullable(),
  channels: z.array(z.enum(BOOKING_CHANNELS)),
  max_participants: z.number().int(),
  min_days_ahead: z.number().int(),
  only_sufficient_level: z.boolean(),
  auto_assign_seats: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** A change of this rule waiting for approval (its new conditions), if any. */
  pending_change: PendingApproval.extend({ rule: InstantConfirmationRuleBody }).nullable(),
});
export type InstantConfirmationRuleResponse = z.infer<typeof InstantConfirmationRuleResponse>;

export const InstantConfirmationRuleListResponse = z.object({
  instant_confirmation_rules: z.array(InstantConfirmationRuleResponse),
  /** New rules waiting for approval. */
  pending_rules: z.array(PendingApproval.extend({ rule: InstantConfirmationRuleBody })),
});
export type InstantConfirmationRuleListResponse = z.infer<typeof InstantConfirmationRuleListResponse>;

/** A create or change was submitted for approval. */
export const InstantConfirmationRuleSubmitted = z.object({ approval_id: z.number().int(), status: z.literal('SUBMITTED') });

/** The rule that confirmed a booking, as the booking answers show it. */
export const InstantConfirmationRuleRef = z.object({ id: z.number().int(), name: z.string() });
