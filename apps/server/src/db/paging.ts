/** What the paged list calls share: the page's offset, the total, and the text filter's pattern. */
import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** A list call's page; pages count from 1. */
export interface PageQuery {
  page: number;
  per_page: number;
}

/** How many rows the pages before this one hold. */
export function pageOffset(q: PageQuery): number {
  return (q.page - 1) * q.per_page;
}

/** How many rows of `table` match `where`: a list's total over all its pages. */
export async function countRows(db: Executor, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** One page of the rows of `table` that match `where`, in `orderBy`'s order, and how many match over all pages. */
export async function pageOfTable<T extends PgTable>(db: Executor, table: T, q: PageQuery, options: { where?: SQL; orderBy: (PgColumn | SQL)[] }): Promise<{ total: number; rows: T['$inferSelect'][] }> {
  const total = await countRows(db, table, options.where);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(options.where)
    .orderBy(...options.orderBy)
    .limit(q.per_page)
    .offset(pageOffset(q));
  return { total, rows: rows as T['$inferSelect'][] };
}

/** An ILIKE pattern for "contains `text`", its `%`, `_` and `\` taken as themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, '\\$&')}%`;
}
