/**
 * Which of the operator's instant confirmation rules a new booking request meets (issue 37,
 * ADR 037). Pure: the server reads the rules, the request and its trains' allotment levels, and
 * reserves and confirms the booking when a rule matches.
 */
import type { AllotmentLevel } from '../inventory/allotment-level.ts';
import type { BookingChannel } from '../master-data/instant-confirmation-rule-schemas.ts';
import { daysBetween } from '../common/business-date.ts';

export interface InstantRule {
  id: number;
  enabled: boolean;
  /** null: every agent. */
  agent_ids: readonly number[] | null;
  channels: readonly BookingChannel[];
  max_participants: number;
  min_days_ahead: number;
  only_sufficient_level: boolean;
  auto_assign_seats: boolean;
}

export interface InstantRequest {
  agent_id: number;
  channel: BookingChannel;
  participant_quantity: number;
  /** The business date today (Asia/Tokyo) and the booking's first service date, YYYY-MM-DD. */
  today: string;
  first_service_date: string;
  /** The allotment level of each of the booking's trains on its segment, before it holds anything. */
  levels: readonly AllotmentLevel[];
}

/** The conditions of a rule, each named: the screen and the tests say which one a request fails. */
export type InstantCondition = 'enabled' | 'agent' | 'channel' | 'participants' | 'days_ahead' | 'level';

/** The conditions `rule` refuses `request` on (empty: the rule matches). */
export function failedConditions(rule: InstantRule, request: InstantRequest): InstantCondition[] {
  const failed: InstantCondition[] = [];
  if (!rule.enabled) failed.push('enabled');
  if (rule.agent_ids !== null && !rule.agent_ids.includes(request.agent_id)) failed.push('agent');
  if (!rule.channels.includes(request.channel)) failed.push('channel');
  if (request.participant_quantity > rule.max_participants) failed.push('participants');
  if (daysBetween(request.today, request.first_service_date) < rule.min_days_ahead) failed.push('days_ahead');
  if (rule.only_sufficient_level && (request.levels.length === 0 || request.levels.some((l) => l !== 'SUFFICIENT'))) failed.push('level');
  return failed;
}

/** The first rule (lowest id) the request meets, or null: the booking waits for the operator. */
export function matchingRule<R extends InstantRule>(rules: readonly R[], request: InstantRequest): R | null {
  return [...rules].sort((a, b) => a.id - b.id).find((rule) => failedConditions(rule, request).length === 0) ?? null;
}
