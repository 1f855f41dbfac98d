import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES } from '@sagano/domain/bookings/booking-state';
import { GROUP_TYPES, NOTIFICATION_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@sagano/domain/bookings/booking-schemas';
import { rowsOf, type Database } from '../src/db/client.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * The CHECK constraints on statuses and methods (ADR 009): the database refuses a value the
 * domain does not know, and the lists in the migrated database equal the domain's enums.
 */
const CHECKS = [
  { name: 'bookings_status', table: 'bookings', column: 'status', values: BOOKING_STATUSES },
  { name: 'bookings_sub_status', table: 'bookings', column: 'sub_status', values: BOOKING_SUB_STATUSES },
  { name: 'payments_status', table: 'payments', column: 'status', values: PAYMENT_STATUSES },
  { name: 'payments_payment_method', table: 'payments', column: 'payment_method', values: PAYMENT_METHODS },
  { name: 'bookings_group_type', table: 'bookings', column: 'group_type', values: GROUP_TYPES },
  { name: 'notifications_kind', table: 'notifications', column: 'kind', values: NOTIFICATION_KINDS },
] as const;

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** The SQLSTATE of the error the statement raises, or null when it succeeds (rolled back either way). */
async function sqlStateOf(statement: ReturnType<typeof sql>): Promise<string | null> {
  const rollback = new Error('rollback');
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(statement);
      throw rollback;
    });
    return null;
  } catch (error) {
    if (error === rollback) return null;
    let e: unknown = error;
    while (e && typeof e === 'object') {
      if ('code' in e && typeof e.code === 'string') return e.code;
      e = 'cause' in e ? e.cause : undefined;
    }
    throw error;
  }
}

describe('status CHECK constraints', () => {
  it.each(CHECKS)('$name lists exactly the domain enum', async ({ name, values }) => {
    const rows = rowsOf<{ def: string }>(
      await database.db.execute(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = ${name} and contype = 'c'`),
    );
    expect(rows).toHaveLength(1);
    const listed = [...rows[0]!.def.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'"));
    expect([...listed].sort()).toEqual([...values].sort());
  });

  it.each(CHECKS)('$name refuses a value the domain does not know', async ({ table, column }) => {
    const [row] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from ${sql.identifier(table)} order by id limit 1`));
    expect(row, `the demo data has a row in ${table}`).toBeDefined();
    const update = (value: string) => sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${value} where id = ${row!.id}`;
    expect(await sqlStateOf(update('NOT_A_DOMAIN_VALUE'))).toBe('23514');
  });

  it.each(CHECKS)('$name accepts every value of the domain enum', async ({ table, column, values }) => {
    const [row] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from ${sql.identifier(table)} order by id limit 1`));
    for (const value of values) {
      expect(await sqlStateOf(sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${value} where id = ${row!.id}`)).toBeNull();
    }
  });
});
