/**
 * Transactions on a PostgreSQL server that put statements nobody waits on into the round trip of
 * the next one (ADR 044). A request's transaction used to wait for BEGIN, for its operation log
 * row and for COMMIT, each a round trip of its own: the driver's pipeline mode (pg ≥ 8.23) writes
 * BEGIN together with the first statement, and a statement sent with `sendAhead` (the log row, a
 * savepoint) together with the next one or with COMMIT. The server still runs them in order; only
 * the waiting between them goes. Whatever was sent ahead is answered before the transaction ends:
 * a failure among them fails the transaction (COMMIT after a failed statement is a rollback).
 *
 * On the embedded database, and in a nested transaction (a savepoint of drizzle's), `sendAhead`
 * simply runs the statement and waits for it, as before.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db, Executor } from './client.ts';
import { executePrepared, queryConfig } from './prepared.ts';

/** What a pipelined transaction has sent and not yet heard back from, by its transaction object. */
const pending = new WeakMap<object, { client: pg.PoolClient; answers: Promise<unknown>[] }>();

const dialect = new PgDialect();

/**
 * Sends `query` (rows unread) in the transaction: on a pipelined one it goes out now and its
 * answer is checked before the transaction ends; elsewhere it runs and is waited for. `prepared`
 * runs it as a named prepared statement (db/prepared.ts).
 */
export async function sendAhead(executor: Executor, query: SQL, options: { prepared?: boolean } = {}): Promise<void> {
  const open = pending.get(executor);
  if (!open) {
    await (options.prepared ? executePrepared(executor, query) : executor.execute(query));
    return;
  }
  // Straight to the connection, in this tick: the order on the wire is the order of the calls.
  const config = queryConfig(query, options.prepared === true);
  // A failure reads as drizzle's own (DrizzleQueryError, the driver's error as its cause).
  const answer = open.client.query(config).catch((cause: unknown) => {
    throw new DrizzleQueryError(config.text, config.values, cause as Error);
  });
  answer.catch(() => undefined); // looked at when the transaction ends
  open.answers.push(answer);
}

/** The first failure among the answers (each awaited, in the order sent), if any. */
async function firstFailure(answers: readonly Promise<unknown>[]): Promise<unknown> {
  for (const answer of answers) {
    try {
      await answer;
    } catch (error) {
      return error;
    }
  }
  return undefined;
}

type TransactionFn = (tx: NodePgTransaction<never, never>) => Promise<unknown>;

/**
 * Makes `db.transaction` (on a pool of a PostgreSQL server) pipelined: one pool client in
 * pipeline mode for the transaction's length, BEGIN sent ahead of the first statement, the
 * statements sent ahead and COMMIT answered together. Savepoints (tx.transaction) are drizzle's own.
 */
export function pipelineTransactions(db: Db, pool: pg.Pool): void {
  const session = db._.session as unknown as NodePgSession<never, never>;
  const { schema, options } = session as unknown as { schema: never; options: never };
  const transaction = async (fn: TransactionFn, config?: PgTransactionConfig): Promise<unknown> => {
    const client = await pool.connect();
    (client as { pipeline: boolean }).pipeline = true;
    const tx = new NodePgTransaction<never, never>(dialect, new NodePgSession(client, dialect, schema, options), schema);
    const open = { client, answers: [] as Promise<unknown>[] };
    pending.set(tx, open);
    let broken: Error | undefined;
    try {
      // drizzle's own wording of the isolation level and access mode (a protected method of its transaction).
      const begin = config ? sql`begin ${(tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL }).getTransactionConfigSQL(config)}` : sql`begin`;
      await sendAhead(tx, begin);
      let result: unknown;
      try {
        result = await fn(tx);
      } catch (error) {
        // A statement sent ahead that failed is the cause of what the work saw next (an aborted transaction).
        const cause = await firstFailure(open.answers);
        await client.query('rollback').catch((failure: Error) => (broken = failure));
        throw cause ?? error;
      }
      const commit = client.query('commit');
      commit.catch(() => undefined);
      const failure = await firstFailure(open.answers);
      const committed = await commit;
      if (failure) throw failure; // the COMMIT found the transaction failed and rolled it back
      if (committed.command !== 'COMMIT') throw new Error(`the transaction ended with ${committed.command}, not COMMIT`);
      return result;
    } finally {
      pending.delete(tx);
      // Cursors (pg-cursor) refuse a pipelined client: the pool's clients are plain between transactions.
      (client as { pipeline: boolean }).pipeline = false;
      client.release(broken);
    }
  };
  (session as unknown as { transaction: typeof transaction }).transaction = transaction;
}
