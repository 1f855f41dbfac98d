import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import type * as t from '../../db/schema.ts';

/** Master data kept per period of service dates, named by the period's first date. */
export type PeriodTable = typeof t.groupSchedules | typeof t.specialContractTerms;

export interface Period {
  service_from_date: string;
  service_to_date: string;
  name: string;
}

/** Serialises writes to the table, so an overlap check and the write it guards see the same periods. */
export async function lockPeriods(db: Executor, table: PeriodTable): Promise<void> {
  await db.execute(sql`lock table ${table} in share row exclusive mode`);
}

/** A period other than the one named `except` that shares a day with [from, to]. */
export async function overlappingPeriod(db: Executor, table: PeriodTable, from: string, to: string, except?: string): Promise<Period | undefined> {
  const [row] = rowsOf<Period>(
    await db.execute(sql`
      select service_from_date::text as service_from_date, service_to_date::text as service_to_date, name
      from ${table}
      where service_from_date <= ${to}::date and service_to_date >= ${from}::date
        and (${except ?? null}::date is null or service_from_date <> ${except ?? null}::date)
      limit 1`),
  );
  return row;
}
