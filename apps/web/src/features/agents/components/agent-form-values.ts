import type { FormErrors } from '@mantine/form';
import i18next from 'i18next';
import { CreateAgentBody, UpdateAgentBody, type AgentResponse } from '@sagano/domain/agents/agent-schemas';
import { PAYMENT_TYPE_OF_AGENT, type AgentType } from '@sagano/domain/agents/agent-constants';
import { countryOptions } from '@sagano/domain/common/countries';
import { validationMessage } from '../../../lib/validation-messages.ts';
import { zodValidate, type FieldLabels } from '../../../lib/zod-form.ts';

/** The payment or billing day as one select: '' (not set), 'END' (month end) or '1'…'28'. */
export type MonthDayChoice = string;
export const END_OF_MONTH = 'END';
export const MONTH_DAYS: readonly number[] = Array.from({ length: 28 }, (_, i) => i + 1);

/** The agent form (create and edit share it; the e-mail is create-only, the days edit-only). */
export type AgentFormValues = {
  name_ja: string;
  name_kana: string;
  name_en: string;
  name_origin: string;
  agent_type: AgentType;
  ignore_cancellation_policy: boolean;
  country_code: string;
  root_group_fax: string;
  main_admin_name: string;
  main_admin_email: string;
  main_admin_tel: string;
  payment_day: MonthDayChoice;
  billing_day: MonthDayChoice;
  /** Not on the form: kept so that saving does not change the two-factor policy. */
  require_totp: boolean;
};

/** The body fields a server error may name, and the form field that shows it. */
export const AGENT_FIELD_OF: Record<string, keyof AgentFormValues> = {
  name_ja: 'name_ja',
  name_kana: 'name_kana',
  name_en: 'name_en',
  name_origin: 'name_origin',
  agent_type: 'agent_type',
  ignore_cancellation_policy: 'ignore_cancellation_policy',
  country_code: 'country_code',
  root_group_fax: 'root_group_fax',
  main_admin_name: 'main_admin_name',
  main_admin_email: 'main_admin_email',
  main_admin_tel: 'main_admin_tel',
  payment_day: 'payment_day',
  payment_day_end_of_month: 'payment_day',
  billing_day: 'billing_day',
  billing_day_end_of_month: 'billing_day',
};

/** The labels of the agent form's fields, by body field (the messages name them). */
export const AGENT_FIELD_LABELS: FieldLabels = {
  name_ja: () => i18next.t('agents:fields.nameJa'),
  name_kana: () => i18next.t('agents:fields.nameKana'),
  name_en: () => i18next.t('agents:fields.nameEn'),
  name_origin: () => i18next.t('agents:fields.nameOrigin'),
  agent_type: () => i18next.t('agents:fields.agentType'),
  country_code: () => i18next.t('agents:fields.country'),
  root_group_fax: () => i18next.t('agents:fields.fax'),
  main_admin_name: () => i18next.t('agents:fields.mainAdminName'),
  main_admin_email: () => i18next.t('agents:fields.mainAdminEmail'),
  main_admin_tel: () => i18next.t('agents:fields.mainAdminTel'),
  payment_day: () => i18next.t('agents:fields.paymentDay'),
  payment_day_end_of_month: () => i18next.t('agents:fields.paymentDay'),
  billing_day: () => i18next.t('agents:fields.billingDay'),
  billing_day_end_of_month: () => i18next.t('agents:fields.billingDay'),
};

export function emptyAgentForm(): AgentFormValues {
  return {
    name_ja: '',
    name_kana: '',
    name_en: '',
    name_origin: '',
    agent_type: 'FREE',
    ignore_cancellation_policy: false,
    country_code: 'JPN',
    root_group_fax: '',
    main_admin_name: '',
    main_admin_email: '',
    main_admin_tel: '',
    payment_day: END_OF_MONTH,
    billing_day: END_OF_MONTH,
    require_totp: false,
  };
}

export function monthDayChoice(day: number | null, endOfMonth: boolean): MonthDayChoice {
  if (endOfMonth) return END_OF_MONTH;
  return day === null ? '' : String(day);
}

function monthDayOf(choice: MonthDayChoice): { day: number | null; endOfMonth: boolean } {
  if (choice === END_OF_MONTH) return { day: null, endOfMonth: true };
  const day = Number(choice);
  return { day: choice !== '' && Number.isInteger(day) ? day : null, endOfMonth: false };
}

export function agentFormFromResponse(agent: AgentResponse): AgentFormValues {
  return {
    name_ja: agent.name_ja,
    name_kana: agent.name_kana,
    name_en: agent.name_en,
    name_origin: agent.name_origin,
    agent_type: agent.agent_type,
    ignore_cancellation_policy: agent.ignore_cancellation_policy,
    country_code: agent.country_code,
    root_group_fax: agent.root_group_fax,
    main_admin_name: agent.root_group_main_admin.name,
    main_admin_email: agent.root_group_main_admin.email,
    main_admin_tel: agent.root_group_main_admin.tel,
    payment_day: monthDayChoice(agent.payment_day, agent.payment_day_end_of_month),
    billing_day: monthDayChoice(agent.billing_day, agent.billing_day_end_of_month),
    require_totp: agent.require_totp,
  };
}

export function toCreateBody(v: AgentFormValues): CreateAgentBody {
  return {
    name_ja: v.name_ja.trim(),
    name_kana: v.name_kana.trim(),
    name_en: v.name_en.trim(),
    name_origin: v.name_origin.trim(),
    main_admin_email: v.main_admin_email.trim(),
    main_admin_name: v.main_admin_name.trim(),
    main_admin_tel: v.main_admin_tel.trim(),
    agent_type: v.agent_type,
    ignore_cancellation_policy: v.ignore_cancellation_policy,
    country_code: v.country_code,
    root_group_fax: v.root_group_fax.trim(),
  };
}

export function toUpdateBody(v: AgentFormValues): UpdateAgentBody {
  const payment = monthDayOf(v.payment_day);
  const billing = monthDayOf(v.billing_day);
  return {
    name_ja: v.name_ja.trim(),
    name_kana: v.name_kana.trim(),
    name_en: v.name_en.trim(),
    name_origin: v.name_origin.trim(),
    main_admin_name: v.main_admin_name.trim(),
    main_admin_tel: v.main_admin_tel.trim(),
    root_group_fax: v.root_group_fax.trim(),
    country_code: v.country_code,
    agent_type: v.agent_type,
    payment_day: payment.day,
    payment_day_end_of_month: payment.endOfMonth,
    billing_day: billing.day,
    billing_day_end_of_month: billing.endOfMonth,
    ignore_cancellation_policy: v.ignore_cancellation_policy,
    require_totp: v.require_totp,
  };
}

export const paymentTypeOf = (agentType: AgentType) => PAYMENT_TYPE_OF_AGENT[agentType];

/** Validates the body the form would send, with the messages on the form's fields. */
export function validateAgentForm(mode: 'create' | 'update') {
  const tels = {
    main_admin_tel: () => validationMessage.tel(i18next.t('agents:fields.mainAdminTel')),
    root_group_fax: () => validationMessage.tel(i18next.t('agents:fields.fax')),
  };
  const create = zodValidate(CreateAgentBody, AGENT_FIELD_LABELS, tels);
  const update = zodValidate(UpdateAgentBody, AGENT_FIELD_LABELS, tels);
  return (values: AgentFormValues): FormErrors => {
    if (mode === 'create') return create(toCreateBody(values));
    const errors = update(toUpdateBody(values));
    // The day selects are chosen, not typed: "choose" rather than "enter".
    for (const field of ['payment_day', 'billing_day'] as const) {
      if (errors[field]) errors[field] = validationMessage.select(AGENT_FIELD_LABELS[field]!());
    }
    return errors;
  };
}

/** Agents' countries are ISO alpha-3 codes (the booking form's list, without its "other"). */
export function agentCountryOptions(language: string): { value: string; label: string }[] {
  return countryOptions(language, '').filter((option) => option.value.length === 3);
}
