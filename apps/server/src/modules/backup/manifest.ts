/**
 * What a backup holds and where (ADR 020). The manifest is the archive's first entry, so a restore
 * checks the target against it before it writes anything.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';

export const MANIFEST_ENTRY = 'manifest.json';
export const PGLITE_ENTRY = 'database/pglite-data.tar.gz';
export const POSTGRES_ENTRY = 'database/postgres.dump';
export const TOTP_KEY_ENTRY = 'secrets/totp-secret.key';
/** Uploaded files under their storage keys: `files/<key>`. */
export const FILES_PREFIX = 'files/';
/** Written last, only when some file the database names had no bytes in the storage. */
export const MISSING_FILES_ENTRY = 'missing-files.json';

export const BACKUP_FORMAT = 'sagano-group-booking-backup';

export const Manifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** The database's place in the product's migrations: a restore refuses a backup newer than its code. */
  schema: z.object({ migrations: z.number().int().nonnegative(), latest: z.string().nullable() }),
  database: z.object({ entry: z.enum([PGLITE_ENTRY, POSTGRES_ENTRY]), server_version: z.string().optional() }),
  counts: z.object({ bookings: z.number().int(), payments: z.number().int(), files: z.number().int() }),
  file_storage: z.enum(['local', 's3']),
  /**
   * The two-factor key: in the backup when it came from the data folder; otherwise (TOTP_SECRET_KEY)
   * not, and a restore needs the same TOTP_SECRET_KEY. The fingerprint tells a key apart without showing it.
   */
  totp_key: z.object({ in_backup: z.boolean(), fingerprint: z.string().nullable() }),
});
export type Manifest = z.infer<typeof Manifest>;

/** A short fingerprint of a two-factor key: an HMAC of a fixed text, which says nothing of the key. */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('sagano backup key fingerprint').digest('hex').slice(0, 16);
}
