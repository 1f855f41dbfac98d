/** The agent types and how each pays, without zod: screens that only show them load nothing more. */
export const AGENT_TYPES = ['FREE', 'CONTRACTED', 'SPECIAL_CONTRACTED'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

/** Spec 001 §9.5: a free agent pays by card in advance, a contracted one by coupon, a special one monthly. */
export const PAYMENT_TYPE_OF_AGENT: Record<AgentType, 'PREPAID' | 'COUPON' | 'MONTHLY'> = {
  FREE: 'PREPAID',
  CONTRACTED: 'COUPON',
  SPECIAL_CONTRACTED: 'MONTHLY',
};
