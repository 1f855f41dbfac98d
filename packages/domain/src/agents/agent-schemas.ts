import { z } from 'zod';
import { STAFF_TYPES } from '../auth/roles.ts';
import { UI_LANGUAGES } from '../common/language.ts';
import { PagingQuery } from '../common/paging.ts';
import { MAX_PERSON_NAME } from '../common/text-limits.ts';

/** The agent types and how each pays live apart (agent-constants.ts, no zod); re-exported here. */
export * from './agent-constants.ts';
import { AGENT_TYPES } from './agent-constants.ts';

export const AgentListQuery = PagingQuery.extend({
  query: z.string().trim().max(100).optional(),
  email: z.string().trim().max(254).optional(),
  'agent_type.value': z.enum(AGENT_TYPES).optional(),
});
export type AgentListQuery = z.infer<typeof AgentListQuery>;

/** A branch in the agent list; `name_en` is '' when no English name is registered. */
export const AgentGroupSummary = z.object({ id: z.number().int(), name_ja: z.string(), name_en: z.string(), is_root: z.boolean() });
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

// ---------- agent management (issue 6): operator side, and agent admins for their own staff ----------

const Tel = z.string().trim().max(30).regex(/^[0-9+\-() ]*$/, 'enter a valid phone number');
/** An agent's or branch's Japanese name; its kana, English and original names may be longer. */
export const MAX_AGENT_NAME = 100;
export const MAX_AGENT_OTHER_NAME = 200;
const Name = z.string().trim().min(1, 'enter a name').max(MAX_AGENT_NAME);
const PersonName = z.string().trim().min(1, 'enter a name').max(MAX_PERSON_NAME);
const OptionalText = z.string().trim().max(MAX_AGENT_OTHER_NAME).default('');
/** A payment or billing day: month end, or a day 1–28. */
const MonthDay = z.number().int().min(1, 'enter a day from 1 to 28').max(28, 'enter a day from 1 to 28').nullable();

export const StaffResponse = z.object({
  /** The staff member's account id. */
  id: z.string(),
  email: z.string(),
  name: z.string(),
  tel: z.string(),
  language_code: z.enum(UI_LANGUAGES),
  staff_type: z.enum(STAFF_TYPES),
  group_id: z.number().int(),
  agent_id: z.number().int(),
  /** The caller's own account. */
  is_self: z.boolean(),
  /** Two-factor sign-in enrolled. */
  totp_enrolled: z.boolean(),
  /** A password has been set (false until the invitation is used). */
  has_password: z.boolean(),
});
export type StaffResponse = z.infer<typeof StaffResponse>;

export const MainAdmin = z.object({ id: z.string().nullable(), name: z.string(), email: z.string(), tel: z.string() });

export const AgentGroupResponse = z.object({
  id: z.number().int(),
  agent_id: z.number().int(),
  is_root: z.boolean(),
  name_ja: z.string(),
  name_kana: z.string(),
  name_en: z.string(),
  name_origin: z.string(),
  fax: z.string(),
  /** The group's first ADMIN staff member (created with the group). */
  main_admin: MainAdmin,
  staffs: z.array(StaffResponse),
});
export type AgentGroupResponse = z.infer<typeof AgentGroupResponse>;

/**
 * GET/PUT /v1/agent_groups/{id}: the group with what its staff need of their agent (its name,
 * type and whether it ignores the cancellation policy), which branch staff may not read whole.
 */
export const AgentGroupDetailResponse = AgentGroupResponse.extend({
  agent: z.object({
    id: z.number().int(),
    name_ja: z.string(),
    name_en: z.string(),
    agent_type: z.enum(AGENT_TYPES),
    ignore_cancellation_policy: z.boolean(),
  }),
});
export type AgentGroupDetailResponse = z.infer<typeof AgentGroupDetailResponse>;

export const AgentResponse = z.object({
  id: z.number().int(),
  name_ja: z.string(),
  name_kana: z.string(),
  name_en: z.string(),
  name_origin: z.string(),
  root_group_main_admin: MainAdmin,
  root_group_fax: z.string(),
  country_code: z.string(),
  agent_type: z.enum(AGENT_TYPES),
  agent_payment_type: z.enum(['PREPAID', 'COUPON', 'MONTHLY']),
  payment_day: z.number().int().nullable(),
  payment_day_end_of_month: z.boolean(),
  billing_day: z.number().int().nullable(),
  billing_day_end_of_month: z.boolean(),
  ignore_cancellation_policy: z.boolean(),
  /** Every staff member must sign in with a one-time code. */
  require_totp: z.boolean(),
  root_group: AgentGroupResponse,
  /** Every group, the root group first. */
  groups: z.array(AgentGroupResponse),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AgentResponse = z.infer<typeof AgentResponse>;

/** POST /v1/agents: the agent, its root group and the root group's main admin, who is mailed an invitation. */
export const CreateAgentBody = z.object({
  name_ja: Name,
  name_kana: OptionalText,
  name_en: OptionalText,
  name_origin: OptionalText,
  main_admin_email: z.email('enter a valid e-mail address').max(254),
  main_admin_name: PersonName,
  main_admin_tel: Tel.default(''),
  agent_type: z.enum(AGENT_TYPES),
  ignore_cancellation_policy: z.boolean().default(false),
  country_code: z.string().length(3).default('JPN'),
  root_group_fax: Tel.default(''),
});
export type CreateAgentBody = z.infer<typeof CreateAgentBody>;
export const CreatedId = z.object({ id: z.number().int() });

/** PUT /v1/agents/{id}: every editable field (the main admin's name and tel; the e-mail is the account's). */
export const UpdateAgentBody = z
  .object({
    name_ja: Name,
    name_kana: OptionalText,
    name_en: OptionalText,
    name_origin: OptionalText,
    main_admin_name: PersonName,
    main_admin_tel: Tel.default(''),
    root_group_fax: Tel.default(''),
    country_code: z.string().length(3),
    agent_type: z.enum(AGENT_TYPES),
    payment_day: MonthDay.default(null),
    payment_day_end_of_month: z.boolean(),
    billing_day: MonthDay.default(null),
    billing_day_end_of_month: z.boolean(),
    ignore_cancellation_policy: z.boolean(),
    require_totp: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.payment_day_end_of_month && v.payment_day === null) ctx.addIssue({ code: 'custom', path: ['payment_day'], message: 'enter a day from 1 to 28, or choose month end' });
    if (!v.billing_day_end_of_month && v.billing_day === null) ctx.addIssue({ code: 'custom', path: ['billing_day'], message: 'enter a day from 1 to 28, or choose month end' });
  });
export type UpdateAgentBody = z.infer<typeof UpdateAgentBody>;

/** PUT /v1/agents/{id}/two_factor: an agent admin (or the operator) requires two-factor sign-in for all staff. */
export const TwoFactorPolicyBody = z.object({ require_totp: z.boolean() });

/** POST /v1/agent_groups: a branch with its main admin, who is mailed an invitation. */
export const CreateAgentGroupBody = z.object({
  agent_id: z.number().int().positive(),
  name_ja: Name,
  name_kana: OptionalText,
  name_en: OptionalText,
  name_origin: OptionalText,
  fax: Tel.default(''),
  main_admin_email: z.email('enter a valid e-mail address').max(254),
  main_admin_name: PersonName,
  main_admin_tel: Tel.default(''),
});
export type CreateAgentGroupBody = z.infer<typeof CreateAgentGroupBody>;
export const UpdateAgentGroupBody = CreateAgentGroupBody.omit({ agent_id: true, main_admin_email: true });
export type UpdateAgentGroupBody = z.infer<typeof UpdateAgentGroupBody>;

/** POST /v1/agent_staffs: a staff member of a group, mailed an invitation to set a password. */
export const CreateStaffBody = z.object({
  group_id: z.number().int().positive(),
  email: z.email('enter a valid e-mail address').max(254),
  name: PersonName,
  tel: Tel.default(''),
  language_code: z.enum(UI_LANGUAGES).default('ja'),
  staff_type: z.enum(STAFF_TYPES),
});
export type CreateStaffBody = z.infer<typeof CreateStaffBody>;
export const UpdateStaffBody = CreateStaffBody.omit({ email: true });
export type UpdateStaffBody = z.infer<typeof UpdateStaffBody>;
export const StaffIdParams = z.object({ id: z.uuid('not a staff id') });
export const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** GET /v1/agent_staffs (agent side: the caller's agent or branch; operator: ?agent_id=). */
export const StaffListQuery = PagingQuery.extend({ agent_id: z.coerce.number().int().positive().optional(), group_id: z.coerce.number().int().positive().optional() });
export const StaffListResponse = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), staffs: z.array(StaffResponse) });

/** GET /v1/csv/agents: every agent as CSV (UTF-8 with BOM, for Excel), base64. */
export const CsvResponse = z.object({ csv_base64: z.string(), filename: z.string() });
