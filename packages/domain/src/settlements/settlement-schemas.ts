/**
 * Settlements on the wire (spec 000 "Settlements", 001 §7.6): per agent per billing period, per
 * branch within it (one monthly invoice each), and the payments a branch's settlement covers.
 * Amounts are tax-included integers on the e6 scale; `amount = fare + discrepancy + fee − received`
 * (received: money that came in toward a monthly settlement's payments before it was billed).
 */
import { z } from 'zod';
import { PagingQuery } from '../common/paging.ts';

const DateString = z.iso.date();
const E6 = z.number().int();

/** The longest note of a confirmed monthly payment (characters). */
export const MAX_SETTLEMENT_NOTE = 500;

export const SETTLEMENT_PAYMENT_STATUSES = ['UNKNOWN', 'UNPAID', 'PAID'] as const;
export const SettlementPaymentStatus = z.enum(SETTLEMENT_PAYMENT_STATUSES);
export type SettlementPaymentStatus = z.infer<typeof SettlementPaymentStatus>;

/** A billing period: both days included. */
export const SettlementDuration = z.object({ from: DateString, to: DateString });

const Sums = { amount: E6, fare: E6, discrepancy: E6, fee: E6, received: E6 };

export const AgentSettlement = z.object({
  id: z.number().int(),
  agent_settlement_id: z.number().int(),
  agent: z.object({ agent_id: z.number().int(), name: z.string(), name_en: z.string(), agent_type: z.string() }),
  duration: SettlementDuration,
  contract_type: z.string(),
  payment_method: z.string(),
  ...Sums,
  payment_status: SettlementPaymentStatus,
  is_paid: z.boolean(),
  billed_at: z.string(),
  paid_at: z.string().nullable(),
  /** Confirming the monthly payment is offered (back office, monthly agent, not paid yet). */
  can_confirm_payment: z.boolean(),
});
export type AgentSettlement = z.infer<typeof AgentSettlement>;

/** GET /v1/settlements/agent: `duration` is a month (yyyy-MM) the period ends in. */
export const AgentSettlementQuery = PagingQuery.extend({
  duration: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'use yyyy-MM').optional(),
  agent_id: z.coerce.number().int().positive().optional(),
  payment_status: SettlementPaymentStatus.optional(),
});
export type AgentSettlementQuery = z.infer<typeof AgentSettlementQuery>;

// Spelled out rather than pageEnvelope(...).extend(): the envelope's computed key types as an index signature that `totals` cannot join.
export const AgentSettlementList = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  agent_settlements: z.array(AgentSettlement),
  /** The sums over every row the filters match (not only this page). */
  totals: z.object(Sums),
});
export type AgentSettlementList = z.infer<typeof AgentSettlementList>;

export const GroupSettlement = z.object({
  group_settlement_id: z.number().int(),
  agent_settlement_id: z.number().int(),
  group: z.object({ agent_group_id: z.number().int(), name: z.string(), is_root: z.boolean() }),
  duration: SettlementDuration,
  ...Sums,
  payment_status: SettlementPaymentStatus,
  is_paid: z.boolean(),
  payment_deadline: DateString.nullable(),
  /** The branch's monthly invoice PDF. */
  invoice_url: z.string().nullable(),
  invoice_number: z.string().nullable(),
});
export type GroupSettlement = z.infer<typeof GroupSettlement>;

/** GET /v1/settlements/group/{agent_settlement_id} */
export const GroupSettlementList = z.object({ agent_settlement: AgentSettlement, group_settlements: z.array(GroupSettlement) });
export type GroupSettlementList = z.infer<typeof GroupSettlementList>;

/** One booking payment a branch's settlement bills. */
export const SettlementPayment = z.object({
  payment_id: z.number().int(),
  booking_id: z.string(),
  group_name: z.string(),
  service_date: DateString,
  kind: z.enum(['FARE', 'CANCELLATION', 'DISCREPANCY']),
  status: z.string(),
  total_amount: E6,
  paid_amount: E6,
  payment_deadline: DateString.nullable(),
  invoice_url: z.string().nullable(),
});
export type SettlementPayment = z.infer<typeof SettlementPayment>;

/** GET /v1/settlements/payment/{group_settlement_id} */
export const SettlementPaymentList = z.object({ group_settlement: GroupSettlement, payments: z.array(SettlementPayment) });
export type SettlementPaymentList = z.infer<typeof SettlementPaymentList>;

/** PUT /v1/settlements/payment/{agent_settlement_id}: confirms the monthly payment (irreversible). */
export const ConfirmSettlementPaymentBody = z.object({
  paid_on: DateString,
  note: z.string().trim().max(MAX_SETTLEMENT_NOTE).default(''),
});
export type ConfirmSettlementPaymentBody = z.infer<typeof ConfirmSettlementPaymentBody>;

/** POST /v1/settlements/run: bills one agent now, by the monthly job's code. */
export const RunBillingBody = z.object({ agent_id: z.number().int().positive() });
export type RunBillingBody = z.infer<typeof RunBillingBody>;

/**
 * What a billing run did. `billed`: this run billed a period (`period`, its agent settlement);
 * false: nothing to bill (the latest billing day is already billed; `agent_settlement_id` names the
 * last settlement, if any). `bookings`, `branches` and `amount` are what this run billed (0 when
 * nothing; a billed period may still hold none). `next_billing_date`: the agent's next billing day
 * after the run date, when whatever is still unbilled will be billed.
 */
export const RunBillingResponse = z.object({
  agent_settlement_id: z.number().int().nullable(),
  period: SettlementDuration.nullable(),
  billed: z.boolean(),
  bookings: z.number().int(),
  branches: z.number().int(),
  amount: E6,
  next_billing_date: DateString,
});
export type RunBillingResponse = z.infer<typeof RunBillingResponse>;
