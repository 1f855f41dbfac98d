/**
 * The file storage port (ADR 013): where uploaded files (the operator's logo and stamp, later the
 * dashboard's attachments) keep their bytes. Keys are content-addressed (`stored-files.ts`), so a
 * key's bytes never change and a put of a key already there changes nothing. A local folder under
 * the data directory by default; an S3-compatible bucket when the configuration names one.
 */
export interface FileStorage {
  /** Stores the bytes under the key (idempotent: the same key always carries the same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
}

/** Keys are `<64 hex>.<ext>`: nothing else reaches the file system or the bucket. */
export const FILE_KEY = /^[0-9a-f]{64}\.(png|jpg|csv)$/;

export function assertFileKey(key: string): void {
  if (!FILE_KEY.test(key)) throw new Error(`not a file key: ${key}`);
}
