/**
 * The baseline of bench/pglite-bench.ts: the server as apps/server/src/server.ts starts it (the
 * same configuration, migrations, jobs and app), but with PGlite in the server's own thread, as it
 * ran before ADR 019. Bench only: the product always runs the embedded database in its worker.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { wrapPglite } from '../apps/server/src/db/client.ts';
import { bootstrapAdmin } from '../apps/server/src/db/seed/bootstrap-admin.ts';
import { loadDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { startJobs } from '../apps/server/src/jobs/all-jobs.ts';
import { startJobQueue } from '../apps/server/src/jobs/job-queue.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { gatewayFromConfig } from '../apps/server/src/modules/payments/gateway/gateway-registry.ts';

const config = loadConfig();
const database = wrapPglite(await PGlite.create({ dataDir: config.dataDir, extensions: { btree_gist, pg_trgm } }));
await database.migrate();
if (config.demoData) await loadDemoData(database.db);
await bootstrapAdmin(database.db, process.env);
const clock = systemClock;
const jobs = config.jobs ? await startJobQueue(database) : undefined;
const gateway = gatewayFromConfig(config, { db: database.db, clock, jobs });
const app = await buildApp({ config, database, jobs, clock, gateway });
if (jobs) await startJobs(jobs, { db: database.db, clock, config, mailSender: undefined, gateway });
await app.listen({ port: config.port, host: config.host });
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await jobs?.stop();
    await database.close();
    process.exit(0);
  })();
});
