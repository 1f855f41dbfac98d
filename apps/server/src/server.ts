/** Starts the product: database, migrations, demo data, jobs, HTTP. */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig, readTlsFiles } from './config.ts';
import { useCertificate } from './lib/tls-certificate.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUse, lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import { secretKeyFromFile } from './lib/secret-box.ts';
import { bootstrapAdmin } from './db/seed/bootstrap-admin.ts';
import { loadDemoData } from './db/seed/demo-data.ts';
import { startJobs } from './jobs/all-jobs.ts';
import { startJobQueue, type JobLog, type JobQueue } from './jobs/job-queue.ts';
import { systemClock } from './lib/clock.ts';
import { listenNotice } from './lib/listen-notice.ts';
import { gatewayFromConfig } from './modules/payments/index.ts';
import { smtpSender, type MailSender } from './modules/mail/index.ts';

const config = loadConfig();
config.webDist ??= fileURLToPath(new URL('../../web/dist', import.meta.url));
// The embedded database has no lock of its own: the server holds DATA_DIR while it runs, so a
// second server or the backup command cannot open it too (ADR 020).
let dataDirLock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    dataDirLock = lockDataDir(config.dataDir, 'server');
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
// Two-factor secrets are sealed with a key kept outside the database: TOTP_SECRET_KEY, or a file
// made once in the data folder (`npm run backup` keeps it with the database; without it, enrolled
// staff must be unenrolled and set up again).
const totpKeyFile = config.totpSecretKey ? undefined : join(config.dataDir, 'totp-secret.key');
if (totpKeyFile) config.totpSecretKey = secretKeyFromFile(totpKeyFile);

const database = await openDatabase(config);
await database.migrate();
if (config.demoData && (await loadDemoData(database.db))) console.log('demo data loaded');
await bootstrapAdmin(database.db, process.env);

const clock = systemClock;
// The queue opens before the app that takes it: what it has to tell goes to the app's log once there is one.
const logTo: { app?: JobLog } = {};
const jobLog: JobLog = { warn: (details, message) => (logTo.app ? logTo.app.warn(details, message) : console.warn(message)) };
const jobs: JobQueue | undefined = config.jobs ? await startJobQueue(database, { log: jobLog }) : undefined;
const sender: MailSender | undefined = jobs && config.smtpUrl ? smtpSender(config.smtpUrl) : undefined;
const gateway = gatewayFromConfig(config, { db: database.db, clock, jobs });
const app = await buildApp({ config, database, jobs, clock, gateway });
logTo.app = app.log;
if (jobs) await startJobs(jobs, { db: database.db, clock, config, mailSender: sender, gateway }, { log: jobLog });
await app.listen({ port: config.port, host: config.host });
const listening = listenNotice(config);
app.log[listening.level](listening.message);
if (totpKeyFile && config.databaseUrl) {
  app.log.warn(`two-factor key from ${totpKeyFile}: servers sharing this database need the same key; set TOTP_SECRET_KEY on each`);
}
app.log.info(`Node ${process.versions.node}; database: ${database.engine}${database.engine === 'pglite' ? ` (${config.dataDir})` : ''}; mail: ${config.smtpUrl ? 'SMTP' : 'kept in the outbox'}; two-factor key: ${totpKeyFile ?? 'TOTP_SECRET_KEY'}`);

// A renewed certificate (Let's Encrypt renews every two or three months) is taken on SIGHUP, without
// a restart: connections made after it get the new one.
if (config.tls) {
  const { certFile, keyFile } = config.tls;
  process.on('SIGHUP', () => {
    try {
      useCertificate(app, readTlsFiles(certFile, keyFile));
      app.log.info(`SIGHUP: certificate read again from ${certFile}`);
    } catch (error) {
      app.log.error(`SIGHUP: the certificate was kept, the new one could not be taken: ${(error as Error).message}`);
    }
  });
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await jobs?.stop();
  sender?.close();
  await database.close();
  dataDirLock?.release();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
