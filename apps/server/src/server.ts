/** Starts the product: database, migrations, demo data, jobs, HTTP. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { secretKeyFromFile } from './lib/secret-box.ts';
import { bootstrapAdmin } from './db/seed/bootstrap-admin.ts';
import { loadDemoData } from './db/seed/demo-data.ts';
import { startJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { startApprovalJobs, stopApprovalJobs } from './modules/approvals/approval-jobs.ts';
import { smtpSender, startMailDelivery, stopMailDelivery, type MailSender } from './modules/mail/mail-delivery.ts';

const config = loadConfig();
config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
// Two-factor secrets are sealed with a key kept outside the database: TOTP_SECRET_KEY, or a file
// made once in the data folder (back it up apart from the database; without it, enrolled staff
// must be unenrolled and set up again).
const totpKeyFile = config.totpSecretKey ? undefined : join(config.dataDir, 'totp-secret.key');
if (totpKeyFile) config.totpSecretKey = secretKeyFromFile(totpKeyFile);

const database = await openDatabase(config);
await database.migrate();
if (config.demoData && (await loadDemoData(database.db))) console.log('demo data loaded');
await bootstrapAdmin(database.db, process.env);

let jobs: JobQueue | undefined;
let sender: MailSender | undefined;
if (config.jobs) {
  jobs = await startJobQueue(database);
  await startApprovalJobs(database.db, jobs);
  if (config.smtpUrl) {
    sender = smtpSender(config.smtpUrl);
    await startMailDelivery(database.db, jobs, sender, config.mailFrom);
  }
}

const app = await buildApp({ config, database });
await app.listen({ port: config.port, host: config.host });
if (totpKeyFile && config.databaseUrl) {
  app.log.warn(`two-factor key from ${totpKeyFile}: servers sharing this database need the same key; set TOTP_SECRET_KEY on each`);
}
app.log.info(`database: ${database.engine}${database.engine === 'pglite' ? ` (${config.dataDir})` : ''}; mail: ${config.smtpUrl ? 'SMTP' : 'kept in the outbox'}; two-factor key: ${totpKeyFile ?? 'TOTP_SECRET_KEY'}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  stopMailDelivery(database.db);
  stopApprovalJobs(database.db);
  await jobs?.stop();
  sender?.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
