/**
 * Builds one migrated database with the demo data before the suite; every test file then starts
 * from a copy of it (a PGlite snapshot, or a PostgreSQL `CREATE DATABASE ... TEMPLATE`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/client.ts';
import { loadDemoData } from '../src/db/seed/demo-data.ts';
import { systemClock, type Clock } from '../src/lib/clock.ts';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { templateDatabaseName, withDatabaseName } from './test-database-names.ts';

async function prepare(database: Database, clock: Clock) {
  await database.migrate();
  await loadDemoData(database.db, clock);
  // Many fixtures book small groups (1–7): the suite starts without a minimum group size;
  // group-size-rules.test.ts sets and checks it (the shipped default is 8).
  await database.raw.executeSql('update operator_basic_info set min_group_size = 1');
  const jobs = await startJobQueue(database); // creates the job queue's own schema once
  await jobs.stop();
}

export default async function setup(project: TestProject) {
  // The day the demo is loaded on: the files read its years from it (support/demo-days.ts), not
  // from the day each file starts, which may be after New Year in Tokyo.
  const demoToday = systemClock.today();
  const clock: Clock = { now: systemClock.now, today: () => demoToday };
  project.provide('demoToday', demoToday);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = templateDatabaseName();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const database = await openPostgres(withDatabaseName(url, template), 2);
    await prepare(database, clock);
    await database.close();
    project.provide('testDatabase', { engine: 'postgres', url, template });
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${template} with (force)`);
      await cleanup.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'sagano-test-'));
  const database = await openPglite(undefined);
  await prepare(database, clock);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { engine: 'pglite', file });
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoToday: string;
    testDatabase: { engine: 'pglite'; file: string } | { engine: 'postgres'; url: string; template: string };
  }
}
