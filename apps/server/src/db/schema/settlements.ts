/**
 * Settlements (spec 000 "Settlements"): per agent per billing period (agent settlement) and per
 * branch within it (group settlement: one monthly invoice each), with the payments they cover
 * (payments.monthly_invoice_id names the group settlement). Written only by modules/settlements.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SettlementPaymentStatus } from '@sagano/domain/settlements/settlement-schemas';
import { createdAt, updatedAt } from './columns.ts';
import { agentGroups, agents } from './agents.ts';

const SETTLEMENT_PAYMENT_STATUS = sql`('UNKNOWN', 'UNPAID', 'PAID')`;

/** What a settlement bills, tax included, on the e6 scale: amount = fare + discrepancy + fee − received. */
const settlementMoney = () => ({
  amountE6: bigint('amount_e6', { mode: 'number' }).notNull(),
  fareE6: bigint('fare_e6', { mode: 'number' }).notNull(),
  discrepancyE6: bigint('discrepancy_e6', { mode: 'number' }).notNull(),
  feeE6: bigint('fee_e6', { mode: 'number' }).notNull(),
  /** Already received on the billed payments before billing (e.g. a transfer toward a fare): deducted from what is billed. */
  receivedE6: bigint('received_e6', { mode: 'number' }).notNull().default(0),
});

export const agentSettlements = pgTable(
  'agent_settlements',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id),
    /** The billing period, both days included (Asia/Tokyo business dates). */
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** The agent's type and payment method when billed (spec: contract_type, payment_method). */
    contractType: text('contract_type').notNull(),
    paymentMethod: text('payment_method').notNull(),
    ...settlementMoney(),
    paymentStatus: text('payment_status').$type<SettlementPaymentStatus>().notNull().default('UNPAID'),
    billedAt: timestamp('billed_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who confirmed the monthly payment, for "already confirmed by …". */
    paidBy: text('paid_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One settlement per agent per period start: a second billing run for the same period changes nothing.
    uniqueIndex('agent_settlements_period_uq').on(t.agentId, t.periodFrom),
    index('agent_settlements_period_idx').on(t.periodTo),
    check('agent_settlements_period', sql`${t.periodFrom} <= ${t.periodTo}`),
    check('agent_settlements_payment_status', sql`${t.paymentStatus} in ${SETTLEMENT_PAYMENT_STATUS}`),
    check('agent_settlements_sum', sql`${t.amountE6} = ${t.fareE6} + ${t.discrepancyE6} + ${t.feeE6} - ${t.receivedE6}`),
  ],
);

export const groupSettlements = pgTable(
  'group_settlements',
  {
    id: serial('id').primaryKey(),
    agentSettlementId: integer('agent_settlement_id')
      .notNull()
      .references(() => agentSettlements.id),
    agentGroupId: integer('agent_group_id')
      .notNull()
      .references(() => agentGroups.id),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    ...settlementMoney(),
    paymentStatus: text('payment_status').$type<SettlementPaymentStatus>().notNull().default('UNPAID'),
    /** When the branch's money is due (the agent's payment day after billing). */
    paymentDeadline: date('payment_deadline', { mode: 'string' }),
    /** The monthly invoice issued for the branch (invoice_documents.id), once issued. */
    invoiceDocumentId: integer('invoice_document_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('group_settlements_group_uq').on(t.agentSettlementId, t.agentGroupId),
    check('group_settlements_period', sql`${t.periodFrom} <= ${t.periodTo}`),
    check('group_settlements_payment_status', sql`${t.paymentStatus} in ${SETTLEMENT_PAYMENT_STATUS}`),
    check('group_settlements_sum', sql`${t.amountE6} = ${t.fareE6} + ${t.discrepancyE6} + ${t.feeE6} - ${t.receivedE6}`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const settlementsTableOwners = {
  agent_settlements: 'settlements',
  group_settlements: 'settlements',
} as const;
