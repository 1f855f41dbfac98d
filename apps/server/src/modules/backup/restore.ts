/**
 * Restores a backup (ADR 020) into an empty target: the configured engine (DATA_DIR's embedded
 * database, or the empty PostgreSQL database at DATABASE_URL), the configured file storage and
 * the data folder's two-factor key. Everything is checked against the manifest before anything
 * is written; at the end the restored database is counted again against the manifest.
 */
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, rowsOf, type Database } from '../../db/client.ts';
import { lockDataDir, type DataDirLock } from '../../db/data-dir-lock.ts';
import { parseSecretKey } from '../../lib/secret-box.ts';
import { isFileKey, type FileStorage } from '../files/index.ts';
import { readArchive, type ArchiveEntry } from './archive.ts';
import { factsOf, knownMigrations, postgresRelations, restorePostgres } from './database-copy.ts';
import { totpKeyFile } from './backup.ts';
import { FILES_PREFIX, keyFingerprint, Manifest, MANIFEST_ENTRY, MISSING_FILES_ENTRY, TOTP_KEY_ENTRY } from './manifest.ts';

/** A refusal before anything was written: the message says what to change. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreOptions {
  /** Restore although the backup's two-factor key is not at hand: enrolled accounts must set up two-factor again. */
  newTwoFactorKey?: boolean;
}

export interface RestoreResult {
  manifest: Manifest;
  filesRestored: number;
  /** Files the backup itself lacked (their bytes were gone when it was taken). */
  missingFiles: string[];
  /** Where the two-factor key went: the data folder's file, TOTP_SECRET_KEY as configured, or none. */
  totpKey: 'file' | 'configured' | 'none';
}

function readManifest(bytes: Buffer): Manifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new RestoreRefused('not a backup of this product (its manifest is not JSON)');
  }
  const manifest = Manifest.safeParse(parsed);
  if (!manifest.success) throw new RestoreRefused(`not a backup this version can read (manifest: ${manifest.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')})`);
  return manifest.data;
}

/** The checks a target must pass before it is written: the same engine, empty, and the right two-factor key. */
async function checkTarget(manifest: Manifest, config: Config, options: RestoreOptions): Promise<RestoreResult['totpKey']> {
  const known = knownMigrations();
  if (manifest.schema.migrations > known.length) {
    throw new RestoreRefused(`the backup comes from a newer version of the product (migration ${manifest.schema.latest}; this one knows ${known.at(-1)?.tag}): restore it with that version or a newer one`);
  }
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine) {
    throw new RestoreRefused(manifest.engine === 'pglite'
      ? 'the backup holds the embedded database: restore it with DATABASE_URL unset (into an empty DATA_DIR)'
      : 'the backup holds a PostgreSQL database: restore it with DATABASE_URL naming an empty database');
  }
  if (engine === 'pglite' && existsSync(join(config.dataDir, 'PG_VERSION'))) {
    throw new RestoreRefused(`DATA_DIR ${config.dataDir} already holds a database: restore into an empty DATA_DIR`);
  }
  if (engine === 'postgres') {
    const relations = await postgresRelations(config.databaseUrl!);
    if (relations > 0) throw new RestoreRefused(`the database at DATABASE_URL is not empty (${relations} tables, sequences or views): restore into a newly created database`);
  }
  const filesDir = join(config.dataDir, 'files');
  if (config.fileStorage === 'local' && existsSync(filesDir) && readdirSync(filesDir).length > 0) {
    throw new RestoreRefused(`${filesDir} is not empty: restore into an empty DATA_DIR`);
  }
  const keyFile = totpKeyFile(config.dataDir);
  const fileKey = existsSync(keyFile) ? parseSecretKey(readFileSync(keyFile, 'utf8'), keyFile) : undefined;
  const wanted = manifest.totp_key.fingerprint;
  if (fileKey && keyFingerprint(fileKey) !== wanted) throw new RestoreRefused(`${keyFile} already holds another two-factor key: restore into an empty DATA_DIR`);
  if (wanted === null) return 'none';
  const configured = config.totpSecretKey;
  if (configured) {
    if (keyFingerprint(configured) !== wanted && !options.newTwoFactorKey) {
      throw new RestoreRefused('TOTP_SECRET_KEY is not the key the backup\'s two-factor secrets are sealed with: set it to that key' + (manifest.totp_key.in_backup ? ' or unset it (the key in the backup goes to DATA_DIR)' : ''));
    }
    return 'configured';
  }
  if (manifest.totp_key.in_backup || fileKey) return 'file';
  if (!options.newTwoFactorKey) {
    throw new RestoreRefused('the backup was taken with TOTP_SECRET_KEY, so its two-factor key is not in it: set TOTP_SECRET_KEY to that key and run again (or, if that key is lost, restore with --new-two-factor-key: enrolled accounts then set up two-factor sign-in again)');
  }
  return 'none';
}

/** The content type of every file the restored database names (the storage keeps it with the bytes). */
async function contentTypes(database: Database): Promise<Map<string, string>> {
  const rows = rowsOf<{ key: string; content_type: string }>(await database.db.execute(sql`
    select key, content_type from stored_files union select storage_key, content_type from message_attachments`));
  return new Map(rows.map((r) => [r.key, r.content_type]));
}

async function restoreDatabase(entry: ArchiveEntry, config: Config, workDir: string): Promise<Database> {
  if (config.databaseUrl) {
    const dumpFile = join(workDir, 'postgres.dump');
    await pipeline(Readable.from(entry.chunks()), createWriteStream(dumpFile, { mode: 0o600 }));
    await restorePostgres(config.databaseUrl, dumpFile);
    return openPostgres(config.databaseUrl, 2);
  }
  return openPglite(config.dataDir, new Blob([await entry.bytes()]));
}

/** Restores the backup at `archive` into the target `config` names, through `fileStorage`. */
export async function restoreBackup(archive: string, config: Config, fileStorage: FileStorage, options: RestoreOptions = {}): Promise<RestoreResult> {
  const lock: DataDirLock | undefined = config.databaseUrl ? undefined : lockDataDir(config.dataDir, 'restore');
  const workDir = mkdtempSync(join(tmpdir(), 'sagano-restore-'));
  let database: Database | undefined;
  const entries = readArchive(archive);
  try {
    const first = (await entries.next()).value;
    if (!first || first.name !== MANIFEST_ENTRY) throw new RestoreRefused('not a backup of this product (it does not start with its manifest)');
    const manifest = readManifest(await first.bytes());
    const totpKey = await checkTarget(manifest, config, options);

    let types: Map<string, string> | undefined;
    let filesRestored = 0;
    let missingFiles: string[] = [];
    for await (const entry of entries) {
      if (entry.name === manifest.database.entry) {
        database = await restoreDatabase(entry, config, workDir);
        types = await contentTypes(database);
      } else if (entry.name === TOTP_KEY_ENTRY) {
        const bytes = await entry.bytes();
        parseSecretKey(bytes.toString('utf8'), TOTP_KEY_ENTRY);
        const keyFile = totpKeyFile(config.dataDir);
        if (!existsSync(keyFile)) writeFileSync(keyFile, bytes, { mode: 0o600, flag: 'wx' });
      } else if (entry.name.startsWith(FILES_PREFIX)) {
        const key = entry.name.slice(FILES_PREFIX.length);
        if (!isFileKey(key)) throw new Error(`the backup holds a file under a name that is not a storage key: ${entry.name}`);
        if (!types) throw new Error('the backup holds files before its database (it was not written by this product)');
        await fileStorage.put(key, await entry.bytes(), types.get(key) ?? 'application/octet-stream');
        filesRestored++;
      } else if (entry.name === MISSING_FILES_ENTRY) {
        missingFiles = JSON.parse((await entry.bytes()).toString('utf8')) as string[];
      } else {
        throw new Error(`the backup holds an entry this version does not know: ${entry.name}`);
      }
    }
    if (!database) throw new Error(`the backup has no ${manifest.database.entry} (cut short?)`);

    const facts = await factsOf(async <T>(text: string) => rowsOf<T>(await database!.raw.executeSql(text)));
    const restored = { bookings: facts.bookings, payments: facts.payments, files: facts.fileKeys.length };
    if (JSON.stringify(restored) !== JSON.stringify(manifest.counts) || filesRestored + missingFiles.length !== manifest.counts.files) {
      throw new Error(`the restored data does not match the backup's manifest: ${JSON.stringify({ manifest: manifest.counts, restored, filesRestored, missingFiles: missingFiles.length })}`);
    }
    return { manifest, filesRestored, missingFiles, totpKey };
  } finally {
    // Closes the archive when a refusal or a failure stopped before its end.
    await entries.return(undefined);
    await database?.close();
    await rm(workDir, { recursive: true, force: true });
    lock?.release();
  }
}
