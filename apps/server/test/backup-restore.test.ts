/**
 * Backup and restore (ADR 020) on the engine the suite runs on: the embedded database into a fresh
 * DATA_DIR, or PostgreSQL (pg_dump / pg_restore) into a newly created database. A running app with
 * bookings, a payment, an uploaded logo, an article attachment and an account enrolled in two-factor
 * sign-in is backed up online by an operator admin; the backup is restored, an app is started on the
 * restored data, and it shows the same bookings, payments and files (byte for byte), and the
 * enrolled account signs in with a code from its authenticator. The same with the files in an S3
 * bucket (a real S3-compatible server, @20minutes/s3rver), and the npm scripts as a person runs
 * them, refusing an embedded DATA_DIR a server holds. Restore refuses a target that is not empty.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E6 } from '@sagano/domain/money/yen-e6';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, rowsOf, type Database } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data.ts';
import { DataDirInUse, lockDataDir } from '../src/db/data-dir-lock.ts';
import { secretKeyFromFile } from '../src/lib/secret-box.ts';
import { stepAt, totpCode } from '../src/lib/totp.ts';
import { readArchive } from '../src/modules/backup/archive.ts';
import { restoreInstallation } from '../src/modules/backup/backup-commands.ts';
import type { Manifest } from '../src/modules/backup/manifest.ts';
import { RestoreRefused } from '../src/modules/backup/restore.ts';
import { fileStorageFromConfig } from '../src/modules/files/file-storage-registry.ts';
import { s3ClientOf } from '../src/modules/files/s3-file-storage.ts';
import { confirmedBooking, reservedBooking } from './support/booking-fixture.ts';
import { openBookingTestApp, type InventoryFixture } from './support/inventory-fixture.ts';
import { startS3Server, type S3Server } from './support/s3-server.ts';
import { openTestDatabase } from './test-database.ts';
import { withDatabaseName } from './test-database-names.ts';
import { errorOf, latestOperationLog, TEST_TOTP_KEY, type TestApp } from './test-app.ts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const target = inject('testDatabase');
const onPostgres = target.engine === 'postgres';

type Headers = { authorization: string };

let ctx: TestApp;
let fx: InventoryFixture;
let staff: Headers;
let admin: Headers;
let work: string;
let sourceDataDir: string;
let sourceKey: Buffer;
let bookingIds: string[];
let logo: Buffer;
let attachment: { url: string; bytes: Buffer };
let totpSecret: string;
let totpStep: number;
let store: S3Server;
/** PostgreSQL databases this file made, dropped at the end. */
const madeDatabases: string[] = [];

/** A real PNG of random pixels (it does not compress: the backup carries real bytes). */
function png(side: number): Buffer {
  const image = new PNG({ width: side, height: side });
  randomBytes(side * side * 4).copy(image.data);
  return PNG.sync.write(image);
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
async function form(bytes: Buffer, filename: string, type: string): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  data.append('file', new Blob([bytes], { type }), filename);
  const request = new Request('http://sagano.test/', { method: 'PUT', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

async function uploadLogo(app: FastifyInstance, headers: Headers, bytes: Buffer): Promise<void> {
  const body = await form(bytes, 'ロゴ.png', 'image/png');
  const res = await app.inject({ method: 'PUT', url: '/v1/master-data/operator-basic-info/logo', headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
}

/** The URL of a new PostgreSQL database (empty) on the suite's server. */
async function newPostgresDatabase(): Promise<string> {
  if (target.engine !== 'postgres') throw new Error('PostgreSQL only');
  const name = `sagano_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: target.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  madeDatabases.push(name);
  return withDatabaseName(target.url, name);
}

/** The URL of the database a test app runs on (the backup's pg_dump connects there). */
async function urlOf(database: Database): Promise<string> {
  if (target.engine !== 'postgres') throw new Error('PostgreSQL only');
  const [{ name }] = rowsOf<{ name: string }>(await database.raw.executeSql('select current_database() as name')) as [{ name: string }];
  return withDatabaseName(target.url, name);
}

/** An empty target for a restore: a fresh DATA_DIR, and on PostgreSQL a new database. */
async function emptyTarget(env: Record<string, string> = {}): Promise<Config> {
  const dataDir = mkdtempSync(join(work, 'restored-'));
  return loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://sagano.test', ...(onPostgres ? { DATABASE_URL: await newPostgresDatabase() } : {}), ...env });
}

/**
 * The app as the server would start on the restored data: the database migrated, the two-factor
 * key from TOTP_SECRET_KEY or else the data folder's file (as server.ts reads it), files from the
 * configured storage.
 */
async function startRestored(config: Config): Promise<{ app: FastifyInstance; database: Database; close: () => Promise<void> }> {
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl, 4) : await openPglite(config.dataDir);
  await database.migrate();
  const withKey = { ...config, totpSecretKey: config.totpSecretKey ?? secretKeyFromFile(join(config.dataDir, 'totp-secret.key')) };
  const app = await buildApp({ config: withKey, database, logger: false, fileStorage: fileStorageFromConfig(withKey) });
  return { app, database, close: async () => { await app.close(); await database.close(); } };
}

async function login(app: FastifyInstance, email: string, totp_code?: string) {
  return app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: DEMO_PASSWORD, ...(totp_code ? { totp_code } : {}) } });
}

async function signIn(app: FastifyInstance, email: string): Promise<Headers> {
  const res = await login(app, email);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().access_token as string}` };
}

/** What the installation holds, as its API and its tables show it: compared before and after. */
async function contents(app: FastifyInstance, database: Database) {
  const headers = await signIn(app, 'staff@example.com');
  const bookings = [];
  for (const id of bookingIds) {
    const res = await app.inject({ method: 'GET', url: `/v1/bookings/${id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    bookings.push(res.json());
  }
  const rows = async (text: string) => rowsOf<unknown>(await database.raw.executeSql(text));
  const info = await app.inject({ method: 'GET', url: '/v1/master-data/operator-basic-info', headers });
  const logoRes = await app.inject({ method: 'GET', url: info.json().logo_url as string, headers });
  const attachmentRes = await app.inject({ method: 'GET', url: attachment.url, headers });
  return {
    bookings,
    allBookings: await rows('select booking_id, status, sub_status, revision from bookings order by id'),
    payments: await rows('select to_jsonb(p) as p from payments p order by id'),
    transactions: await rows('select to_jsonb(x) as x from payment_transactions x order by id'),
    logo: logoRes.rawPayload,
    attachment: attachmentRes.rawPayload,
  };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sagano-backup-test-'));
  // The installation's two-factor key lives in its data folder, as a server without TOTP_SECRET_KEY keeps it.
  sourceDataDir = mkdtempSync(join(work, 'source-'));
  sourceKey = secretKeyFromFile(join(sourceDataDir, 'totp-secret.key'));
  let agentIds: Record<string, number>;
  ({ ctx, fx, staff, agentIds } = await openBookingTestApp({ env: { DATA_DIR: sourceDataDir, TOTP_SECRET_KEY: sourceKey.toString('hex') } }));
  if (onPostgres) ctx.config.databaseUrl = await urlOf(ctx.database);
  admin = await ctx.login('admin@example.com');
  store = await startS3Server(['source-files', 'restored-files']);

  const monthly = await confirmedBooking(ctx, staff, { agentId: agentIds.SPECIAL_CONTRACTED!, day: fx.days[0]!, serviceId: fx.down, adults: 12 });
  const held = await reservedBooking(ctx, staff, { agentId: agentIds.FREE!, day: fx.days[1]!, serviceId: fx.down, adults: 9, groupName: '復元テスト会' });
  bookingIds = [monthly, held];
  const fare = (await ctx.app.inject({ method: 'GET', url: `/v1/bookings/${monthly}`, headers: staff })).json().main_params.payment;
  const transfer = await ctx.app.inject({ method: 'POST', url: `/v1/bookings/${monthly}/payments/${fare.payment_id}/bank_transfers`, headers: staff, payload: { amount: 1000 * E6, transferred_on: '2058-05-01', note: '一部入金' } });
  expect(transfer.statusCode, transfer.body).toBe(200);

  logo = png(40);
  await uploadLogo(ctx.app, staff, logo);
  const article = await ctx.app.inject({ method: 'POST', url: '/v1/messages', headers: staff, payload: { category: 'NOTICE', title: '運行のお知らせ', body: '' } });
  expect(article.statusCode, article.body).toBe(200);
  // A long Japanese name: its storage key is over the 100 bytes a plain tar header holds.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5000), Buffer.from('\n%%EOF\n')]);
  const body = await form(pdf, '二〇二七年度 嵯峨野トロッコ列車 団体運賃改訂のお知らせ（旅行会社様向け）.pdf', 'application/pdf');
  const attached = await ctx.app.inject({ method: 'POST', url: `/v1/messages/${article.json().id}/attachments`, headers: { ...staff, ...body.headers }, payload: body.payload });
  expect(attached.statusCode, attached.body).toBe(200);
  attachment = { url: attached.json().attachments[0].download_url, bytes: pdf };

  const agentHeaders = await ctx.login('agent-free@example.com');
  const setup = await ctx.app.inject({ method: 'POST', url: '/v1/auth/totp/setup', headers: agentHeaders });
  totpSecret = setup.json().secret;
  totpStep = stepAt(new Date());
  expect((await ctx.app.inject({ method: 'POST', url: '/v1/auth/totp/confirm', headers: agentHeaders, payload: { code: totpCode(totpSecret, totpStep) } })).statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await store?.close();
  if (target.engine === 'postgres' && madeDatabases.length > 0) {
    const cleanup = new pg.Client({ connectionString: target.url });
    await cleanup.connect();
    for (const name of madeDatabases) await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
  rmSync(work, { recursive: true, force: true });
});

/** Takes an online backup as the operator admin and keeps it in a file. */
async function onlineBackup(app: FastifyInstance, headers: Headers, name: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/v1/system/backups', headers });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const file = join(work, name);
  writeFileSync(file, res.rawPayload);
  return file;
}

async function entriesOf(file: string): Promise<{ names: string[]; manifest: Manifest }> {
  const names: string[] = [];
  let manifest: Manifest | undefined;
  for await (const entry of readArchive(file)) {
    names.push(entry.name);
    if (entry.name === 'manifest.json') manifest = JSON.parse((await entry.bytes()).toString('utf8'));
  }
  return { names, manifest: manifest! };
}

let backupFile: string;

describe('the online backup', () => {
  it('is for the operator\'s admins only', async () => {
    for (const who of [staff, await ctx.login('station@example.com'), await ctx.login('agent-special@example.com')]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/system/backups', headers: who });
      expect(res.statusCode).toBe(403);
    }
    expect((await ctx.app.inject({ method: 'POST', url: '/v1/system/backups' })).statusCode).toBe(401);
  });

  it('answers one .tar.gz with the manifest, the database, the two-factor key and every file; logged in the operation log', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/system/backups', headers: admin });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="sagano-backup-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    backupFile = join(work, 'online.tar.gz');
    writeFileSync(backupFile, res.rawPayload);

    const { names, manifest } = await entriesOf(backupFile);
    const counts = rowsOf<{ bookings: number; payments: number; files: number }>(await ctx.database.raw.executeSql(
      'select (select count(*) from bookings)::int as bookings, (select count(*) from payments)::int as payments, (select count(*) from stored_files)::int + (select count(*) from message_attachments)::int as files',
    ))[0]!;
    expect(manifest).toMatchObject({ engine: target.engine, counts, file_storage: 'local', totp_key: { in_backup: true } });
    expect(manifest.schema.migrations).toBeGreaterThan(30);
    const keys = rowsOf<{ key: string }>(await ctx.database.raw.executeSql('select key from stored_files union select storage_key from message_attachments order by 1')).map((r) => r.key);
    expect(names).toEqual(['manifest.json', onPostgres ? 'database/postgres.dump' : 'database/pglite-data.tar.gz', 'secrets/totp-secret.key', ...keys.map((k) => `files/${k}`)]);
    // The attachment's key needs a pax record (over 100 bytes); tar itself reads it whole.
    const longKey = keys.find((k) => k.startsWith('messages/'))!;
    expect(Buffer.byteLength(`files/${longKey}`)).toBeGreaterThan(100);
    const { stdout } = await run('tar', ['-tzf', backupFile]);
    expect(stdout.split('\n')).toContain(`files/${longKey}`);
    const extracted = mkdtempSync(join(work, 'tar-'));
    await run('tar', ['-xzf', backupFile, '-C', extracted]);
    expect(readFileSync(join(extracted, 'files', longKey)).equals(attachment.bytes)).toBe(true);
    expect(readFileSync(join(extracted, 'secrets/totp-secret.key'), 'utf8').trim()).toBe(sourceKey.toString('base64'));

    const log = await latestOperationLog(ctx, 'system.create_backup');
    expect(log).toMatchObject({ isError: false, statusCode: 200, category: 'other' });
    expect(log!.responseJson).toMatchObject({ counts, engine: target.engine, two_factor_key_in_backup: true, missing_files: [] });
  });
});

describe('restoring the backup', () => {
  let restored: Config;

  it('into an empty target gives an app with the same bookings, payments and files, and two-factor secrets that still open', async () => {
    const before = await contents(ctx.app, ctx.database);
    restored = await emptyTarget();
    const result = await restoreInstallation(backupFile, restored);
    expect(result).toMatchObject({ filesRestored: result.manifest.counts.files, missingFiles: [], totpKey: 'file' });
    expect(result.manifest.counts.files).toBeGreaterThanOrEqual(2);
    // The key went into the restored DATA_DIR, readable by its owner only.
    expect(readFileSync(join(restored.dataDir, 'totp-secret.key'), 'utf8').trim()).toBe(sourceKey.toString('base64'));

    const app = await startRestored(restored);
    try {
      const after = await contents(app.app, app.database);
      expect(after.bookings).toEqual(before.bookings);
      expect(after.allBookings).toEqual(before.allBookings);
      expect(after.payments).toEqual(before.payments);
      expect(after.transactions).toEqual(before.transactions);
      expect(after.transactions.length).toBeGreaterThan(0);
      expect(after.logo.equals(logo)).toBe(true);
      expect(after.attachment.equals(attachment.bytes)).toBe(true);
      // The enrolled account needs its code, and the code from its authenticator opens it.
      expect(errorOf(await login(app.app, 'agent-free@example.com')).error_code).toBe('TOTP_REQUIRED');
      const signedIn = await login(app.app, 'agent-free@example.com', totpCode(totpSecret, totpStep + 1));
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses a target that already holds data, and says why, writing nothing', async () => {
    await expect(restoreInstallation(backupFile, restored)).rejects.toThrow(onPostgres ? /is not empty/ : /already holds a database/);
    // Only the files folder left over: still not empty.
    const leftovers = await emptyTarget();
    const filesDir = join(leftovers.dataDir, 'files');
    rmSync(filesDir, { recursive: true, force: true });
    mkdirSync(filesDir);
    writeFileSync(join(filesDir, 'x'), 'x');
    await expect(restoreInstallation(backupFile, leftovers)).rejects.toThrow(RestoreRefused);
    await expect(restoreInstallation(backupFile, leftovers)).rejects.toThrow(`${filesDir} is not empty`);
  });

  it('refuses another two-factor key, the other engine, and a file cut short', async () => {
    const otherKey = await emptyTarget({ TOTP_SECRET_KEY: TEST_TOTP_KEY });
    await expect(restoreInstallation(backupFile, otherKey)).rejects.toThrow('TOTP_SECRET_KEY is not the key the backup\'s two-factor secrets are sealed with');
    const otherEngine = loadConfig(onPostgres ? { DATA_DIR: mkdtempSync(join(work, 'engine-')) } : { DATA_DIR: mkdtempSync(join(work, 'engine-')), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    await expect(restoreInstallation(backupFile, otherEngine)).rejects.toThrow(onPostgres ? 'restore it with DATABASE_URL naming an empty database' : 'restore it with DATABASE_URL unset');
    const cut = join(work, 'cut.tar.gz');
    const whole = readFileSync(backupFile);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.9)));
    await expect(restoreInstallation(cut, await emptyTarget())).rejects.toThrow(/cut short|unexpected end of file/);
  });
});

describe('with the files in an S3 bucket', { timeout: 120_000 }, () => {
  it('backs up every object the database names and restores them into another bucket; a key from TOTP_SECRET_KEY must be given again', async () => {
    const database = await openTestDatabase();
    const config = loadConfig({ PUBLIC_URL: 'http://sagano.test', TOTP_SECRET_KEY: TEST_TOTP_KEY, DATA_DIR: mkdtempSync(join(work, 's3-source-')), ...store.env('source-files') });
    if (onPostgres) config.databaseUrl = await urlOf(database);
    const app = await buildApp({ config, database, logger: false, fileStorage: fileStorageFromConfig(config) });
    try {
      const headers = await signIn(app, 'admin@example.com');
      const image = png(30);
      await uploadLogo(app, headers, image);
      const file = await onlineBackup(app, headers, 's3.tar.gz');
      const { manifest, names } = await entriesOf(file);
      expect(manifest).toMatchObject({ file_storage: 's3', totp_key: { in_backup: false } });
      expect(manifest.totp_key.fingerprint).toMatch(/^[0-9a-f]{16}$/);
      expect(names).not.toContain('secrets/totp-secret.key');
      expect(names.filter((n) => n.startsWith('files/'))).toHaveLength(manifest.counts.files);

      const withoutKey = await emptyTarget(store.env('restored-files'));
      await expect(restoreInstallation(file, withoutKey)).rejects.toThrow('the backup was taken with TOTP_SECRET_KEY, so its two-factor key is not in it');
      const restored = await emptyTarget({ ...store.env('restored-files'), TOTP_SECRET_KEY: TEST_TOTP_KEY });
      expect(await restoreInstallation(file, restored)).toMatchObject({ filesRestored: manifest.counts.files, totpKey: 'configured' });

      const key = rowsOf<{ k: string }>(await database.raw.executeSql('select logo_file_key as k from operator_basic_info'))[0]!.k;
      const client = s3ClientOf(restored.s3!);
      const object = await client.send(new GetObjectCommand({ Bucket: 'restored-files', Key: key }));
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(image)).toBe(true);
      expect(object.ContentType).toBe('image/png');
      client.destroy();
      const started = await startRestored(restored);
      try {
        const staffHeaders = await signIn(started.app, 'staff@example.com');
        const info = await started.app.inject({ method: 'GET', url: '/v1/master-data/operator-basic-info', headers: staffHeaders });
        expect((await started.app.inject({ method: 'GET', url: info.json().logo_url, headers: staffHeaders })).rawPayload.equals(image)).toBe(true);
      } finally {
        await started.close();
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});

// Each script is a Node process of its own that loads the server's code: a few seconds each.
describe('the npm scripts', { timeout: 240_000 }, () => {
  /** `npm run backup|restore -- <file>` as a person runs it (the scripts' own Node, the project folder). */
  const script = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
    run(process.execPath, [join(repoRoot, 'scripts', 'backup-restore.mjs'), name, ...args], { cwd: repoRoot, env: { ...process.env, DATABASE_URL: '', TOTP_SECRET_KEY: '', FILE_STORAGE: '', ...env } }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  it('back up a stopped installation, refusing one a server holds, and restore it elsewhere', async () => {
    // An installation on disk, as the restore made it, with its server running (it holds DATA_DIR).
    const installed = await emptyTarget();
    await restoreInstallation(backupFile, installed);
    const env = { DATA_DIR: installed.dataDir, ...(installed.databaseUrl ? { DATABASE_URL: installed.databaseUrl } : {}) };
    const file = join(work, 'by-script.tar.gz');
    const server = onPostgres ? undefined : lockDataDir(installed.dataDir, 'server');
    if (server) {
      const refused = await script('backup', [file], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain(`backup failed: DATA_DIR ${installed.dataDir} is in use by the server (pid ${process.pid}`);
      expect(refused.stderr).toContain('POST /v1/system/backups');
      expect(() => lockDataDir(installed.dataDir, 'server')).toThrow(DataDirInUse);
      server.release();
      // A DATA_DIR without a database (a mistyped path) is refused rather than backed up empty.
      const nothing = await script('backup', [join(work, 'nothing.tar.gz')], { DATA_DIR: join(work, 'no-such-folder') });
      expect(nothing.stderr).toContain('holds no database');
    }
    const made = await script('backup', [file], env);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^backup written: .*by-script\.tar\.gz \([\d.]+ MB; (pglite|postgres) database at \d{4}_\w+; \d+ bookings, \d+ payments, 2 files; the two-factor key included\)\n$/);
    expect((await script('backup', [file], env)).stderr).toContain('exists already');

    const elsewhere = await emptyTarget();
    const restoredBy = await script('restore', [file], { DATA_DIR: elsewhere.dataDir, ...(elsewhere.databaseUrl ? { DATABASE_URL: elsewhere.databaseUrl } : {}) });
    expect(restoredBy.stderr).toBe('');
    expect(restoredBy.stdout).toContain('restored ');
    const app = await startRestored(elsewhere);
    try {
      const after = await contents(app.app, app.database);
      const before = await contents(ctx.app, ctx.database);
      expect(after.allBookings).toEqual(before.allBookings);
      expect(after.payments).toEqual(before.payments);
      expect(after.logo.equals(logo)).toBe(true);
    } finally {
      await app.close();
    }
    expect((await script('restore', [file, '--force'], { DATA_DIR: elsewhere.dataDir })).stderr).toContain('usage: npm run backup');
  });
});
