/**
 * Stored files: an upload is checked by its content (not its name), kept in the file storage
 * under the SHA-256 of its bytes, and described by a `stored_files` row.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { invalid } from '../../lib/app-error.ts';
import type { FileStorage } from './file-storage.ts';

/** The largest image accepted for the logo or the stamp. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG or JPEG by their signatures; anything else is null. */
export function imageTypeOf(bytes: Buffer): { contentType: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' } | null {
  if (bytes.length > PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return { contentType: 'image/png', ext: 'png' };
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: 'image/jpeg', ext: 'jpg' };
  return null;
}

/** Keeps an image (PNG or JPEG, at most MAX_IMAGE_BYTES) and returns its key; 400 naming `field` otherwise. */
export async function storeImage(executor: Executor, storage: FileStorage, upload: { bytes: Buffer; originalName: string; field: string }): Promise<string> {
  const { bytes, originalName, field } = upload;
  if (bytes.length === 0) throw invalid(field, 'the file is empty');
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid(field, 'the image is larger than 2 MB');
  const type = imageTypeOf(bytes);
  if (!type) throw invalid(field, 'only PNG or JPEG images are accepted');
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${type.ext}`;
  await storage.put(key, bytes, type.contentType);
  await executor
    .insert(t.storedFiles)
    .values({ key, contentType: type.contentType, byteSize: bytes.length, originalName: originalName.slice(0, 200) })
    .onConflictDoNothing();
  return key;
}

/** A stored file's bytes and type, or null when the key is unknown or its bytes are gone. */
export async function readStoredFile(executor: Executor, storage: FileStorage, key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const [row] = await executor.select({ contentType: t.storedFiles.contentType }).from(t.storedFiles).where(eq(t.storedFiles.key, key));
  if (!row) return null;
  const bytes = await storage.get(key);
  return bytes ? { bytes, contentType: row.contentType } : null;
}
