import type { AgentResponse } from '@sagano/domain/agents/agent-schemas';

/**
 * 嵯峨野ツーリスト (id 7) for tests: a special-contract agent paying monthly, on the 25th and billed at
 * month end. Its own fields only: a test adds its admin, groups and rules.
 */
export const SAGANO_TOURIST = {
  id: 7,
  name_ja: '嵯峨野ツーリスト',
  name_kana: 'サガノツーリスト',
  name_en: 'Sagano Tourist',
  name_origin: '',
  root_group_fax: '075-111-1111',
  country_code: 'JPN',
  agent_type: 'SPECIAL_CONTRACTED',
  agent_payment_type: 'MONTHLY',
  payment_day: 25,
  payment_day_end_of_month: false,
  billing_day: null,
  billing_day_end_of_month: true,
} satisfies Partial<AgentResponse>;
