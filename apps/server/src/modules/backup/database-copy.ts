/**
 * The database part of a backup, for each engine: a copy taken at one instant together with what
 * the manifest says of it (counts, the files it names, its migration level), and the way back.
 * Embedded: PGlite's own data-folder dump, taken while no transaction runs. PostgreSQL: the
 * pg_dump and pg_restore binaries on PATH, the dump taken in the snapshot the counts were read in.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';
import type { EmbeddedPglite } from '../../db/pglite-thread.ts';

const run = promisify(execFile);

/** What a copy's manifest says of its database. */
export interface DatabaseFacts {
  bookings: number;
  payments: number;
  /** Every storage key the database names: stored files (logo, stamp, bulk results) and article attachments. */
  fileKeys: string[];
  migrations: number;
  latestMigration: string | null;
}

export interface DatabaseCopy {
  facts: DatabaseFacts;
  /** The dump, in a file of the work folder. */
  dumpFile: string;
  serverVersion?: string;
}

/** One SQL door for both engines' snapshot connections. */
type Query = <T>(text: string) => Promise<T[]>;

const FILE_KEYS_SQL = 'select key from stored_files union select storage_key from message_attachments order by 1';

/** The migrations this code knows, oldest first (drizzle's journal). */
export function knownMigrations(): { tag: string; when: number }[] {
  return (JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }).entries;
}

export async function factsOf(query: Query): Promise<DatabaseFacts> {
  const [counts] = await query<{ bookings: number; payments: number }>('select (select count(*) from bookings)::int as bookings, (select count(*) from payments)::int as payments');
  const keys = await query<{ key: string }>(FILE_KEYS_SQL);
  const [level] = await query<{ migrations: number; latest: string | null }>('select count(*)::int as migrations, max(created_at)::text as latest from drizzle.__drizzle_migrations');
  const latest = level!.latest === null ? null : (knownMigrations().find((m) => String(m.when) === level!.latest)?.tag ?? `unknown (${level!.latest})`);
  return { bookings: counts!.bookings, payments: counts!.payments, fileKeys: keys.map((r) => r.key), migrations: level!.migrations, latestMigration: latest };
}

/**
 * The embedded database at this instant: the facts are read and the folder dumped inside one
 * transaction, which on PGlite's single connection keeps every other statement out meanwhile.
 */
export async function copyPglite(pglite: EmbeddedPglite, workDir: string): Promise<DatabaseCopy> {
  // A checkpoint first, so the restored copy has little write-ahead log to replay.
  await pglite.exec('checkpoint');
  const { facts, dump } = await pglite.transaction(async (tx) => {
    const read: Query = async <T>(text: string) => (await tx.query<T>(text)).rows;
    return { facts: await factsOf(read), dump: await pglite.dumpDataDir('gzip') };
  });
  const dumpFile = join(workDir, 'pglite-data.tar.gz');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return { facts, dumpFile };
}

/** A connection string for the pg tools without its password, which goes in PGPASSWORD (not on a command line others can list). */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`${tool} was not found on PATH: install the PostgreSQL client tools (the server's major version or newer)`);
    throw new Error(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/**
 * The PostgreSQL database at this instant: a repeatable-read transaction reads the facts and
 * exports its snapshot, and pg_dump dumps that same snapshot (custom format) while it stays open.
 */
export async function copyPostgres(url: string, workDir: string): Promise<DatabaseCopy> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const read: Query = async <T>(text: string) => (await client.query(text)).rows as T[];
    const [{ snapshot }] = await read<{ snapshot: string }>('select pg_export_snapshot() as snapshot') as [{ snapshot: string }];
    const facts = await factsOf(read);
    const [{ server_version: serverVersion }] = await read<{ server_version: string }>('show server_version') as [{ server_version: string }];
    const dumpFile = join(workDir, 'postgres.dump');
    const { dbname, env } = toolConnection(url);
    await runTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${dumpFile}`, `--dbname=${dbname}`], env);
    await client.query('commit');
    return { facts, dumpFile, serverVersion };
  } finally {
    await client.end();
  }
}

/** Tables, sequences and views outside PostgreSQL's own schemas: none in an empty database. */
export async function postgresRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Loads a custom-format dump into an empty database, in one transaction (all or nothing), without the old owners and grants. */
export async function restorePostgres(url: string, dumpFile: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  await runTool('pg_restore', ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, dumpFile], env);
}
