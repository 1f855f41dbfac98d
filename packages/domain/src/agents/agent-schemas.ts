import { z } from 'zod';
import { PagingQuery } from '../common/paging.ts';

export const AGENT_TYPES = ['FREE', 'CONTRACTED', 'SPECIAL_CONTRACTED'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

/** Spec 001 §9.5: a free agent pays by card in advance, a contracted one by coupon, a special one monthly. */
export const PAYMENT_TYPE_OF_AGENT: Record<AgentType, 'PREPAID' | 'COUPON' | 'MONTHLY'> = {
  FREE: 'PREPAID',
  CONTRACTED: 'COUPON',
  SPECIAL_CONTRACTED: 'MONTHLY',
};

export const AgentListQuery = PagingQuery.extend({
  query: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  'agent_type.value': z.enum(AGENT_TYPES).optional(),
});
export type AgentListQuery = z.infer<typeof AgentListQuery>;

export const AgentGroupSummary = z.object({ id: z.number().int(), name_ja: z.string(), is_root: z.boolean() });
export const AgentSummary = z.object({
  id: z.number().int(),
  name_ja: z.string(),
  name_kana: z.string(),
  name_en: z.string(),
  agent_type: z.enum(AGENT_TYPES),
  agent_payment_type: z.enum(['PREPAID', 'COUPON', 'MONTHLY']),
  ignore_cancellation_policy: z.boolean(),
  groups: z.array(AgentGroupSummary),
});
export type AgentSummary = z.infer<typeof AgentSummary>;
export const AgentListResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  agents: z.array(AgentSummary),
});
