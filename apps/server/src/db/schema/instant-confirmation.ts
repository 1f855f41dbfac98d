/**
 * The operator's instant confirmation rules (issue 37, ADR 037): which booking requests are
 * reserved and confirmed in the request that submits them. Written when an approval is applied,
 * and when a rule is turned off (at once).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { BookingChannel } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import { createdAt, updatedAt } from './columns.ts';

export const instantConfirmationRules = pgTable(
  'instant_confirmation_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** null: every agent; else the agents' ids (a JSON array of integers). */
    agentIds: jsonb('agent_ids').$type<number[] | null>(),
    /** The channels it applies to, a JSON array of BOOKING_CHANNELS values. */
    channels: jsonb('channels').$type<BookingChannel[]>().notNull(),
    maxParticipants: integer('max_participants').notNull(),
    minDaysAhead: integer('min_days_ahead').notNull(),
    onlySufficientLevel: boolean('only_sufficient_level').notNull(),
    autoAssignSeats: boolean('auto_assign_seats').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('instant_confirmation_rules_values', sql`${t.maxParticipants} >= 1 and ${t.minDaysAhead} >= 0 and ${t.version} >= 1`),
    check('instant_confirmation_rules_channels', sql`jsonb_typeof(${t.channels}) = 'array' and jsonb_array_length(${t.channels}) >= 1
      and ${t.channels} <@ '["PORTAL", "API", "OCTO", "BACK_OFFICE"]'::jsonb`),
    check('instant_confirmation_rules_agent_ids', sql`${t.agentIds} is null or jsonb_typeof(${t.agentIds}) = 'array'`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const instantConfirmationTableOwners = {
  instant_confirmation_rules: 'instant-confirmation',
} as const;
