/**
 * Statements of the booking write path run as named prepared statements on a PostgreSQL server:
 * parsed and planned once per connection and then executed with a generic plan, which is where
 * most of the server's work per statement went (measured in bench/RESULTS.md: a third to a
 * quarter of the machine's time per statement).
 *
 * Only statements that look rows up by key belong here; a search whose best plan depends on its
 * filter values keeps being planned per call (db.execute). The name is derived from the text, so
 * one text is one statement on every connection, whatever the caller. PGlite runs the same
 * statement prepared too (pglite-prepared.ts).
 */
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `p_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // The texts come from the code, not from input: a handful, held for the process's life.
    names.set(text, name);
  }
  return name;
}

/** The name of a statement text some caller runs prepared (undefined for any other text): the embedded database's door (pglite-prepared.ts). */
export function preparedNameOf(text: string): string | undefined {
  return names.get(text);
}

/** Like `executor.execute(query)`, as a named prepared statement (answers `{ rows }`). */
export function executePrepared(executor: Executor, query: SQL): Promise<unknown> {
  const built = dialect.sqlToQuery(query);
  return executor._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
}

/** The driver's query config for `query`: named (a prepared statement) or not. */
export function queryConfig(query: SQL, prepared: boolean): { name?: string; text: string; values: unknown[] } {
  const built = dialect.sqlToQuery(query);
  return prepared ? { name: statementName(built.sql), text: built.sql, values: built.params } : { text: built.sql, values: built.params };
}
