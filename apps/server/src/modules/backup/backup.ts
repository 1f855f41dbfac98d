/**
 * Writes a backup (ADR 020): one .tar.gz holding the manifest, the database copy, the two-factor
 * key when it comes from the data folder, and the bytes of every file the database names, read
 * through the file storage port (the data folder's files or the S3 bucket).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { parseSecretKey } from '../../lib/secret-box.ts';
import type { FileStorage } from '../files/index.ts';
import { createArchiveWriter } from './archive.ts';
import { copyPglite, copyPostgres, type DatabaseCopy } from './database-copy.ts';
import { BACKUP_FORMAT, FILES_PREFIX, keyFingerprint, MANIFEST_ENTRY, MISSING_FILES_ENTRY, PGLITE_ENTRY, POSTGRES_ENTRY, TOTP_KEY_ENTRY, type Manifest } from './manifest.ts';

/** The file the server keeps its two-factor key in when TOTP_SECRET_KEY is not set (server.ts). */
export const totpKeyFile = (dataDir: string) => join(dataDir, 'totp-secret.key');

export interface BackupResult {
  manifest: Manifest;
  /** Keys the database names whose bytes the storage did not have (listed in the archive too). */
  missingFiles: string[];
  byteSize: number;
}

/**
 * The key two-factor secrets are sealed with, and its file when that file is where it comes from:
 * TOTP_SECRET_KEY (configured) wins; otherwise the data folder's file, as the server reads it.
 */
export function totpKeyOf(config: Pick<Config, 'dataDir' | 'totpSecretKey'>): { key: Buffer | undefined; file: string | undefined } {
  const path = totpKeyFile(config.dataDir);
  const fromFile = existsSync(path) ? parseSecretKey(readFileSync(path, 'utf8'), path) : undefined;
  if (config.totpSecretKey) return { key: config.totpSecretKey, file: fromFile?.equals(config.totpSecretKey) ? path : undefined };
  return { key: fromFile, file: fromFile ? path : undefined };
}

/** The database copy, from the running server's own connection (online) or one opened for the command. */
export function copyOf(database: Database, config: Pick<Config, 'databaseUrl'>, workDir: string): Promise<DatabaseCopy> {
  if (database.engine === 'pglite') return copyPglite(database.pglite!, workDir);
  if (!config.databaseUrl) throw new Error('a PostgreSQL backup needs DATABASE_URL');
  return copyPostgres(config.databaseUrl, workDir);
}

/**
 * Writes the backup at `target`: first under a temporary name beside it, renamed when complete,
 * so a failed or interrupted backup never leaves a file that looks whole.
 */
export async function writeBackup(
  target: string,
  sources: { config: Config; fileStorage: FileStorage; engine: Database['engine']; copy: (workDir: string) => Promise<DatabaseCopy> },
): Promise<BackupResult> {
  const { config, fileStorage, engine } = sources;
  const workDir = mkdtempSync(join(tmpdir(), 'sagano-backup-'));
  const partial = `${target}.${randomBytes(4).toString('hex')}.partial`;
  const writer = createArchiveWriter(partial);
  try {
    const copy = await sources.copy(workDir);
    const totp = totpKeyOf(config);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      created_at: new Date().toISOString(),
      engine,
      schema: { migrations: copy.facts.migrations, latest: copy.facts.latestMigration },
      database: { entry: engine === 'pglite' ? PGLITE_ENTRY : POSTGRES_ENTRY, ...(copy.serverVersion ? { server_version: copy.serverVersion } : {}) },
      counts: { bookings: copy.facts.bookings, payments: copy.facts.payments, files: copy.facts.fileKeys.length },
      file_storage: config.fileStorage,
      totp_key: { in_backup: totp.file !== undefined, fingerprint: totp.key ? keyFingerprint(totp.key) : null },
    };
    await writer.add(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.addFile(manifest.database.entry, copy.dumpFile);
    if (totp.file) await writer.add(TOTP_KEY_ENTRY, readFileSync(totp.file));
    const missingFiles: string[] = [];
    for (const key of copy.facts.fileKeys) {
      const bytes = await fileStorage.get(key);
      if (bytes) await writer.add(`${FILES_PREFIX}${key}`, bytes);
      else missingFiles.push(key);
    }
    if (missingFiles.length > 0) await writer.add(MISSING_FILES_ENTRY, Buffer.from(`${JSON.stringify(missingFiles, null, 2)}\n`));
    await writer.finish();
    await rename(partial, target);
    return { manifest, missingFiles, byteSize: (await stat(target)).size };
  } catch (error) {
    writer.abort();
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
