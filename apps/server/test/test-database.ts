import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, wrapPglite, type Database } from '../src/db/client.ts';
import { withDatabaseName } from './test-database-names.ts';

/**
 * A fresh copy of the migrated demo database for one test file: PGlite by default, a real
 * PostgreSQL server when TEST_DATABASE_URL is set. `close()` throws the copy away.
 */
export async function openTestDatabase(options: { embeddedThread?: 'main' | 'worker' } = {}): Promise<Database> {
  const target = inject('testDatabase');
  if (target.engine === 'pglite') {
    const blob = new Blob([readFileSync(target.file)]);
    return openPglite(undefined, blob, options.embeddedThread);
  }
  const name = `sagano_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create database ${name} template ${target.template}`);
  await admin.end();
  const database = await openPostgres(withDatabaseName(target.url, name), 12);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: target.url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Two connections to one fresh copy of the demo database, as two server instances have: two pools
 * on PostgreSQL; on PGlite two handles on the one embedded instance (its notices stay in-process).
 * Closing the first throws the copy away; close the second first.
 */
export async function openTestDatabasePair(): Promise<[Database, Database]> {
  const first = await openTestDatabase();
  const target = inject('testDatabase');
  if (target.engine === 'pglite') return [first, { ...wrapPglite(first.pglite!), close: async () => undefined }];
  const [{ current_database: name }] = (await first.raw.executeSql('select current_database()')).rows as [{ current_database: string }];
  return [first, await openPostgres(withDatabaseName(target.url, name), 4)];
}
