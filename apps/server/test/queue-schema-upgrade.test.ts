import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { startJobQueue, type JobQueue } from '../src/jobs/job-queue.ts';
import { openTestDatabase } from './test-database.ts';

/** A database made before the move to pg-boss 12 holds pg-boss 10's schema, with work still waiting. */
describe('a database whose job queue pg-boss 10 made', () => {
  let database: Database;
  let queue: JobQueue | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.raw.executeSql('drop schema pgboss cascade');
    await database.raw.executeSql(readFileSync(new URL('./fixtures/pgboss-10-schema.sql', import.meta.url), 'utf8'));
    await database.raw.executeSql(`select pgboss.create_queue('test.carried-over', '{"policy":"standard"}')`);
    await database.raw.executeSql(`insert into pgboss.job (name, data, state) values ('test.carried-over', '{"mail_id":7}', 'created'), ('test.carried-over', '{"mail_id":8}', 'completed')`);
  });
  afterAll(async () => {
    await queue?.stop();
    await database.close();
  });

  it('starts on pg-boss 12, does the work still waiting (not the finished), and keeps no old schema', async () => {
    queue = await startJobQueue(database, { pollingIntervalSeconds: 0.5 });
    const done: object[] = [];
    await queue.work<object>('test.carried-over', async (data) => void done.push(data));
    for (let i = 0; i < 40 && done.length === 0; i++) await new Promise((r) => setTimeout(r, 250));
    expect(done).toEqual([{ mail_id: 7 }]);
    const version = await database.raw.executeSql('select version from pgboss.version');
    expect((version.rows[0] as { version: number }).version).toBeGreaterThanOrEqual(25);
    const retired = await database.raw.executeSql(`select count(*)::int as n from information_schema.schemata where schema_name like 'pgboss\\_v10%'`);
    expect((retired.rows[0] as { n: number }).n).toBe(0);
  });
});
