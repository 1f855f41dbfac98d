/**
 * The backup and restore commands (`npm run backup -- <file>`, `npm run restore -- <file>`) on the
 * configuration the server would start with (DATABASE_URL or DATA_DIR, FILE_STORAGE, S3_*,
 * TOTP_SECRET_KEY). An embedded database is opened only while no server holds its DATA_DIR.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { openPglite } from '../../db/client.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { fileStorageFromConfig, type FileStorage } from '../files/index.ts';
import { writeBackup, type BackupResult } from './backup.ts';
import { copyPglite, copyPostgres } from './database-copy.ts';
import { restoreBackup, type RestoreOptions, type RestoreResult } from './restore.ts';

/** Writes a backup of the configured installation at `target` (a new file). */
export async function backupInstallation(target: string, config: Config, fileStorage: FileStorage = fileStorageFromConfig(config)): Promise<BackupResult> {
  if (existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    return writeBackup(target, { config, fileStorage, engine: 'postgres', copy: (workDir) => copyPostgres(url, workDir) });
  }
  if (!existsSync(join(config.dataDir, 'PG_VERSION'))) throw new Error(`DATA_DIR ${config.dataDir} holds no database (is DATA_DIR set as the server has it?)`);
  // Refuses, naming the server, while one runs on this folder.
  const lock = lockDataDir(config.dataDir, 'backup');
  try {
    const database = await openPglite(config.dataDir);
    try {
      return await writeBackup(target, { config, fileStorage, engine: 'pglite', copy: (workDir) => copyPglite(database.pglite!, workDir) });
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/** Restores the backup at `archive` into the configured (empty) installation. */
export function restoreInstallation(archive: string, config: Config, options: RestoreOptions = {}, fileStorage: FileStorage = fileStorageFromConfig(config)): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new Error(`${archive} does not exist`);
  return restoreBackup(archive, config, fileStorage, options);
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function describeBackup(target: string, result: BackupResult): string {
  const { manifest } = result;
  const key = manifest.totp_key.in_backup ? 'the two-factor key included' : manifest.totp_key.fingerprint ? 'the two-factor key NOT included (TOTP_SECRET_KEY: keep it apart, a restore needs it)' : 'no two-factor key yet';
  const missing = result.missingFiles.length > 0 ? `; WARNING: ${result.missingFiles.length} file(s) the database names had no bytes in the storage (listed in the backup's missing-files.json)` : '';
  return `backup written: ${target} (${megabytes(result.byteSize)}; ${manifest.engine} database at ${manifest.schema.latest}; ${manifest.counts.bookings} bookings, ${manifest.counts.payments} payments, ${manifest.counts.files} files; ${key})${missing}`;
}

export function describeRestore(archive: string, config: Config, result: RestoreResult): string {
  const { manifest } = result;
  const target = config.databaseUrl ? 'the database at DATABASE_URL' : `DATA_DIR ${config.dataDir}`;
  const key = { file: 'the two-factor key is in DATA_DIR', configured: 'two-factor secrets open with the configured TOTP_SECRET_KEY', none: 'no two-factor key restored' }[result.totpKey];
  const missing = result.missingFiles.length > 0 ? `; WARNING: ${result.missingFiles.length} file(s) were already missing when the backup was taken` : '';
  return `restored ${archive} (taken ${manifest.created_at}) into ${target}: ${manifest.counts.bookings} bookings, ${manifest.counts.payments} payments, ${result.filesRestored} files into the ${config.fileStorage === 's3' ? 'S3 bucket' : 'data folder'}; ${key}${missing}. Start the server with the same settings.`;
}
