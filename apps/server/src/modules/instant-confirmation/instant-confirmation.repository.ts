import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { InstantConfirmationRuleBody } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export type InstantConfirmationRuleRow = typeof t.instantConfirmationRules.$inferSelect;

const columnsOf = (input: InstantConfirmationRuleBody) => ({
  name: input.name,
  agentIds: input.agent_ids === null ? null : [...new Set(input.agent_ids)].sort((a, b) => a - b),
  channels: input.channels,
  maxParticipants: input.max_participants,
  minDaysAhead: input.min_days_ahead,
  onlySufficientLevel: input.only_sufficient_level,
  autoAssignSeats: input.auto_assign_seats,
});

/** Every rule, oldest first (the order rules are tried in). */
export function listInstantConfirmationRules(db: Executor): Promise<InstantConfirmationRuleRow[]> {
  return db.select().from(t.instantConfirmationRules).orderBy(asc(t.instantConfirmationRules.id));
}

/** The rules a new booking is tried against: those turned on, oldest first. */
export function enabledInstantConfirmationRules(db: Executor): Promise<InstantConfirmationRuleRow[]> {
  return db.select().from(t.instantConfirmationRules).where(eq(t.instantConfirmationRules.enabled, true)).orderBy(asc(t.instantConfirmationRules.id));
}

/**
 * The same rules as one JSON array inside another module's statement: a booking's submit read
 * carries them, so a submission spends no round trip of its own on them (issue 35 P1). Read the
 * array back with `enabledRulesFromJson`.
 */
export const enabledRulesJsonSql = sql`(select coalesce(json_agg(r order by r.id), '[]'::json) from instant_confirmation_rules r where r.enabled)`;

const ruleColumns = Object.entries(getTableColumns(t.instantConfirmationRules));

/** The rows of `enabledRulesJsonSql` as `enabledInstantConfirmationRules` answers them (each column read as drizzle reads it). */
export function enabledRulesFromJson(rules: Record<string, unknown>[]): InstantConfirmationRuleRow[] {
  return rules.map(
    (rule) => Object.fromEntries(ruleColumns.map(([key, column]) => [key, rule[column.name] === null ? null : column.mapFromDriverValue(rule[column.name])])) as InstantConfirmationRuleRow,
  );
}

export async function findInstantConfirmationRule(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<InstantConfirmationRuleRow | undefined> {
  const query = db.select().from(t.instantConfirmationRules).where(eq(t.instantConfirmationRules.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** An approved new rule: turned on. */
export async function insertInstantConfirmationRule(db: Executor, input: InstantConfirmationRuleBody): Promise<InstantConfirmationRuleRow> {
  const [row] = await db.insert(t.instantConfirmationRules).values({ ...columnsOf(input), enabled: true }).returning();
  return row!;
}

/** An approved change: the rule's new conditions, turned on again, its version counted. */
export async function replaceInstantConfirmationRule(db: Executor, id: number, input: InstantConfirmationRuleBody): Promise<void> {
  const current = await findInstantConfirmationRule(db, id);
  await db
    .update(t.instantConfirmationRules)
    .set({ ...columnsOf(input), enabled: true, version: (current?.version ?? 0) + 1, updatedAt: new Date() })
    .where(eq(t.instantConfirmationRules.id, id));
}

/** Turns a rule off (at once, no approval): answers the rule as it now stands. */
export async function disableInstantConfirmationRule(db: Executor, id: number): Promise<InstantConfirmationRuleRow | undefined> {
  const current = await findInstantConfirmationRule(db, id, { lock: true });
  if (!current) return undefined;
  if (!current.enabled) return current;
  const [row] = await db
    .update(t.instantConfirmationRules)
    .set({ enabled: false, version: current.version + 1, updatedAt: new Date() })
    .where(eq(t.instantConfirmationRules.id, id))
    .returning();
  return row;
}
