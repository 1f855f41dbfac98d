/**
 * The file storage port (ADR 013): where uploaded files (the operator's logo and stamp, the
 * dashboard articles' attachments) keep their bytes. Keys are content-addressed (`stored-files.ts`)
 * or unique per upload (`messageAttachmentKey`), so a key's bytes never change. A local folder under
 * the data directory by default; an S3-compatible bucket when the configuration names one.
 */
export interface FileStorage {
  /** Stores the bytes under the key (idempotent: the same key always carries the same bytes). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /**
   * Removes the bytes under the key; none there is no error. Only for keys unique to one upload
   * (an article's attachment): a content-addressed key may be shared by several rows.
   */
  delete(key: string): Promise<void>;
}

/** Content-addressed keys are `<64 hex>.<ext>`. */
export const FILE_KEY = /^[0-9a-f]{64}\.(png|jpg|csv)$/;

/**
 * Dashboard article attachments: `messages/{yyyy-MM-dd}/{filename}_{random}.{ext}` (spec 001
 * §7.7). The name part is letters, digits, `-` and `_` only (no separator, no dot, so no `..`),
 * at most MAX_KEY_NAME characters (≤ 180 bytes in UTF-8): safe as a file name in the local folder
 * and as an S3 object key. The random part makes each upload's key its own.
 */
export const MESSAGE_ATTACHMENT_KEY = /^messages\/\d{4}-\d{2}-\d{2}\/[\p{L}\p{N}_-]{1,60}_[0-9a-f]{16}\.(pdf|png|jpg|xlsx|docx|csv|txt)$/u;
export const MAX_KEY_NAME = 60;

/** Only these two shapes of key reach the file system or the bucket. */
export function isFileKey(key: string): boolean {
  return FILE_KEY.test(key) || MESSAGE_ATTACHMENT_KEY.test(key);
}

export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`not a file key: ${key}`);
}

/**
 * The key of an article attachment uploaded on `date` as `filename`: the name without its
 * extension, NFC, every run of characters other than letters, digits, `-` and `_` made one `_`,
 * cut to MAX_KEY_NAME characters (`file` when nothing is left), then `_`, the random hex and the
 * extension of the type its bytes were found to be.
 */
export function messageAttachmentKey(date: string, filename: string, randomHex: string, ext: string): string {
  const dot = filename.lastIndexOf('.');
  const stem = (dot > 0 ? filename.slice(0, dot) : filename).normalize('NFC');
  const safe = Array.from(stem.replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '')).slice(0, MAX_KEY_NAME).join('');
  const key = `messages/${date}/${safe || 'file'}_${randomHex}.${ext}`;
  assertFileKey(key);
  return key;
}
