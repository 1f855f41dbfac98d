/**
 * Agents and their branches (the agents module); sessions carry agent roles.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { AGENT_TYPES, type AgentType } from '@sagano/domain/agents/agent-constants';
import { createdAt, oneOf, updatedAt } from './columns.ts';

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  nameJa: text('name_ja').notNull(),
  nameKana: text('name_kana').notNull().default(''),
  nameEn: text('name_en').notNull().default(''),
  nameOrigin: text('name_origin').notNull().default(''),
  agentType: text('agent_type').$type<AgentType>().notNull(),
  countryCode: text('country_code').notNull().default('JPN'),
  rootGroupFax: text('root_group_fax').notNull().default(''),
  paymentDay: smallint('payment_day'),
  paymentDayEndOfMonth: boolean('payment_day_end_of_month').notNull().default(true),
  billingDay: smallint('billing_day'),
  billingDayEndOfMonth: boolean('billing_day_end_of_month').notNull().default(true),
  ignoreCancellationPolicy: boolean('ignore_cancellation_policy').notNull().default(false),
  requireTotp: boolean('require_totp').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [check('agents_agent_type', oneOf(t.agentType, AGENT_TYPES))]);

export const agentGroups = pgTable(
  'agent_groups',
  {
    id: serial('id').primaryKey(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    isRoot: boolean('is_root').notNull().default(false),
    nameJa: text('name_ja').notNull(),
    nameKana: text('name_kana').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    nameOrigin: text('name_origin').notNull().default(''),
    fax: text('fax').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agent_groups_agent_idx').on(t.agentId),
    uniqueIndex('agent_groups_one_root').on(t.agentId).where(sql`${t.isRoot}`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const agentsTableOwners = {
  agents: 'agents',
  agent_groups: 'agents',
} as const;
