/**
 * Databases made before the move to pg-boss 12 hold pg-boss 10's schema (version 24), which
 * pg-boss 12 refuses to migrate. The old schema is set aside under another name before the queue
 * starts, pg-boss builds its own, and the work that was still waiting (created, retry, or active
 * when the old server stopped) is sent again; then the old schema is dropped. Schedules need
 * nothing: every start declares them again (jobs.service.ts).
 */
import type { SqlExecutor } from '../db/client.ts';

const SCHEMA = 'pgboss';
const RETIRED = 'pgboss_v10_retired';
/** pg-boss 12 migrates from schema version 25 (pg-boss 11) on. */
const OLDEST_MIGRATABLE = 25;

export interface WaitingJob {
  name: string;
  data: object | null;
  startAfter: Date;
  singletonKey: string | null;
}

async function schemaVersion(raw: SqlExecutor, schema: string): Promise<number | null> {
  const table = await raw.executeSql('select to_regclass($1) as t', [`${schema}.version`]);
  if ((table.rows[0] as { t: string | null }).t === null) return null;
  const version = await raw.executeSql(`select version from ${schema}.version limit 1`);
  return (version.rows[0] as { version: number } | undefined)?.version ?? null;
}

/** Renames a pg-boss schema too old for pg-boss 12; true when there is a retired schema to carry over. */
export async function setAsideOldQueueSchema(raw: SqlExecutor): Promise<boolean> {
  const version = await schemaVersion(raw, SCHEMA);
  if (version !== null && version < OLDEST_MIGRATABLE) {
    // Several servers starting at once: the rename happens once, the others find it done.
    await raw.executeSql(`
      do $$ begin
        perform pg_advisory_xact_lock(hashtext('sagano:pgboss-retire'));
        if exists (select 1 from information_schema.tables where table_schema = '${SCHEMA}' and table_name = 'version')
           and (select version from ${SCHEMA}.version limit 1) < ${OLDEST_MIGRATABLE}
           and not exists (select 1 from information_schema.schemata where schema_name = '${RETIRED}') then
          alter schema ${SCHEMA} rename to ${RETIRED};
        end if;
      end $$`);
  }
  return (await schemaVersion(raw, RETIRED)) !== null;
}

/** The work the old queue still had to do, oldest first (pg-boss's own housekeeping left out). */
export async function waitingJobsOfRetiredSchema(raw: SqlExecutor): Promise<WaitingJob[]> {
  const result = await raw.executeSql(
    `select name, data, start_after, singleton_key from ${RETIRED}.job
     where state in ('created', 'retry', 'active') and name not like '\\_\\_pgboss\\_\\_%'
     order by created_on, id`,
  );
  return (result.rows as { name: string; data: object | null; start_after: Date | string; singleton_key: string | null }[]).map((r) => ({
    name: r.name,
    data: r.data,
    startAfter: new Date(r.start_after),
    singletonKey: r.singleton_key,
  }));
}

export async function dropRetiredSchema(raw: SqlExecutor): Promise<void> {
  await raw.executeSql(`drop schema if exists ${RETIRED} cascade`);
}
