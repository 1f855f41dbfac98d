/**
 * The database: an embedded PGlite in a data folder by default, or a pool to a PostgreSQL server
 * when DATABASE_URL is set. Both speak the same SQL and share one set of migrations.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { PgliteThread, type EmbeddedPglite } from './pglite-thread.ts';
import { pipelineTransactions } from './pipelined-transaction.ts';
import { withPreparedStatements } from './pglite-prepared.ts';
import * as schema from './schema.ts';

/**
 * Typed as the node-postgres flavour for both engines: the query builder API is the same; only
 * `execute()` results differ (both carry `rows`), so raw results are read through `rowsOf`.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type Executor = Db | Tx;

/** The raw SQL door used by the job queue (pg-boss): `$1` placeholders and values. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  raw: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded database (its thread, ADR 019), for the backup's dump and test snapshots;
   * undefined on a server.
   */
  pglite: EmbeddedPglite | undefined;
  /**
   * PostgreSQL only: the rows of one SELECT through a server-side cursor on a pool client of its
   * own, `batch` rows per round trip, pulled only as fast as the caller iterates. The client goes
   * back to the pool when the rows end, on an error, or when the caller stops early (`return()`,
   * e.g. an aborted download). Undefined on PGlite: its one connection would be held for the
   * whole read, stopping every other request (callers page by keyset there).
   */
  streamRows: (<T>(query: SQL, batch: number) => AsyncGenerator<T[], void, undefined>) | undefined;
  /**
   * Listens on a NOTIFY channel: `onPayload` gets each notice committed by any connection (any
   * server instance on PostgreSQL; this process on PGlite). `onGap` is told when notices may have
   * been lost (the listening connection dropped and came back), so listeners can resync. Answers
   * the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
}

export interface ListenOptions {
  onGap?: () => void;
  /** First wait before reconnecting a dropped listening connection (doubles up to 30 s). */
  retryMs?: number;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** A value as a jsonb statement parameter (`${jsonParam(x)}::jsonb`): SQL NULL for null or undefined. */
export function jsonParam(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

// One number for the whole product: migrations from several servers starting at once run one at a time.
const MIGRATION_LOCK = 7_310_001;

const dialect = new PgDialect();

/** See Database.streamRows. */
export async function* cursorRows<T>(pool: pg.Pool, query: SQL, batch: number): AsyncGenerator<T[], void, undefined> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await pool.connect();
  const cursor = client.query(new Cursor<T>(text, params));
  let failure: Error | undefined;
  try {
    for (;;) {
      const rows = await cursor.read(batch);
      if (rows.length > 0) yield rows;
      if (rows.length < batch) return;
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    // Closing the portal ends the statement; a connection that cannot even do that is thrown away.
    if (!failure) await cursor.close().catch((error: Error) => (failure = error));
    client.release(failure);
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => undefined); // an idle client dropped by the server; the pool replaces it
  const db = drizzlePg(pool, { schema });
  pipelineTransactions(db, pool);
  return {
    db,
    engine: 'postgres',
    pglite: undefined,
    streamRows: (query, batch) => cursorRows(pool, query, batch),
    raw: { executeSql: (text, values) => pool.query(text, values) },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, onPayload, options) => listenPostgres(url, channel, onPayload, options),
    close: () => pool.end(),
  };
}

const MAX_LISTEN_RETRY_MS = 30_000;

/**
 * One dedicated connection per listener (LISTEN needs a session of its own, not a pool client):
 * when it drops, it is opened again with doubling waits, and `onGap` is told once it listens
 * again (notices sent while it was away are lost).
 */
export async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, options: ListenOptions = {}): Promise<() => Promise<void>> {
  const firstRetry = options.retryMs ?? 500;
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wait = firstRetry;
  const quoted = `"${channel.replaceAll('"', '""')}"`;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', () => undefined); // 'end' follows; reconnect there
    c.on('end', () => {
      if (client === c) client = undefined;
      if (!stopped) schedule(true);
    });
    await c.connect();
    await c.query(`listen ${quoted}`);
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    wait = firstRetry;
  };
  const schedule = (gap: boolean): void => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => gap && !stopped && options.onGap?.(),
        () => {
          wait = Math.min(wait * 2, MAX_LISTEN_RETRY_MS);
          schedule(gap);
        },
      );
    }, wait);
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

/**
 * The embedded database on `dataDir` (or in memory), loaded from a dump when given one: in this
 * thread by default, or in a worker thread of its own (pglite-thread.ts, ADR 019) when asked, so
 * its work never holds this thread (each statement then costs a crossing, ~0.2 ms).
 */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob, thread: 'main' | 'worker' = 'main'): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  if (thread === 'worker') return wrapPglite(await PgliteThread.start(dataDir, loadDataDir));
  // btree_gist backs the seat exclusion constraint (a seat on overlapping legs of one service day);
  // pg_trgm the substring search on group names.
  return wrapPglite(await PGlite.create({ dataDir, loadDataDir, extensions: { btree_gist, pg_trgm } }));
}

/** A Database over an embedded instance: the thread openPglite starts (or a PGlite of this thread). */
export function wrapPglite(pglite: EmbeddedPglite): Database {
  // drizzle's PGlite session calls only query, exec and transaction (tx.query, tx.exec, tx.rollback);
  // the write path's statements run prepared (pglite-prepared.ts, ADR 045).
  const client = withPreparedStatements(pglite) as unknown as PGlite;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    pglite,
    streamRows: undefined,
    raw: {
      async executeSql(text, values) {
        if (values && values.length > 0) return pglite.query(text, values);
        // Without parameters the text may hold several statements (pg-boss's schema scripts).
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    // One process, one connection: nothing can be missed, so there is no gap to report.
    listen: (channel, onPayload) => pglite.listen(channel, onPayload),
    close: () => pglite.close(),
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string; embeddedDatabaseThread?: 'main' | 'worker' }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir, undefined, options.embeddedDatabaseThread);
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Runs independent reads at once on the pool, but one after another inside a transaction,
 * which holds a single connection (pg refuses to queue queries on one client from pg 9 on).
 */
export async function readAll<T extends readonly unknown[]>(executor: Executor, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if ('rollback' in executor) {
    const results: unknown[] = [];
    for (const read of reads as readonly (() => Promise<unknown>)[]) results.push(await read());
    return results as unknown as T;
  }
  return (await Promise.all((reads as readonly (() => Promise<unknown>)[]).map((read) => read()))) as unknown as T;
}
