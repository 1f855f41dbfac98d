/**
 * Stored files: an upload is checked by its content (not its name), kept in the file storage
 * under the SHA-256 of its bytes, and described by a `stored_files` row.
 */
import { createHash } from 'node:crypto';
import { imageTypeOf, MAX_IMAGE_BYTES } from '@sagano/domain/files/image-type';
import type { Executor } from '../../db/client.ts';
import { invalid } from '../../lib/app-error.ts';
import type { FileStorage } from './file-storage.ts';
import { insertStoredFile, storedContentType } from './stored-files.repository.ts';

/** The image rules live in the domain (the web checks a file the same way before sending it). */
export { imageTypeOf, MAX_IMAGE_BYTES };

/** Keeps an image (PNG or JPEG, at most MAX_IMAGE_BYTES) and returns its key; 400 naming `field` otherwise. */
export async function storeImage(executor: Executor, storage: FileStorage, upload: { bytes: Buffer; originalName: string; field: string }): Promise<string> {
  const { bytes, originalName, field } = upload;
  if (bytes.length === 0) throw invalid(field, 'the file is empty');
  if (bytes.length > MAX_IMAGE_BYTES) throw invalid(field, 'the image is larger than 2 MB');
  const type = imageTypeOf(bytes);
  if (!type) throw invalid(field, 'only PNG or JPEG images are accepted');
  const key = `${createHash('sha256').update(bytes).digest('hex')}.${type.ext}`;
  await storage.put(key, bytes, type.contentType);
  await insertStoredFile(executor, { key, contentType: type.contentType, byteSize: bytes.length, originalName: originalName.slice(0, 200) });
  return key;
}

/** Keeps a CSV the server made (a bulk run's result) and returns its key. */
export async function storeCsv(executor: Executor, storage: FileStorage, file: { bytes: Buffer; originalName: string }): Promise<string> {
  const key = `${createHash('sha256').update(file.bytes).digest('hex')}.csv`;
  await storage.put(key, file.bytes, 'text/csv; charset=utf-8');
  await insertStoredFile(executor, { key, contentType: 'text/csv; charset=utf-8', byteSize: file.bytes.length, originalName: file.originalName.slice(0, 200) });
  return key;
}

/** A stored file's bytes and type, or null when the key is unknown or its bytes are gone. */
export async function readStoredFile(executor: Executor, storage: FileStorage, key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const contentType = await storedContentType(executor, key);
  if (contentType === undefined) return null;
  const bytes = await storage.get(key);
  return bytes ? { bytes, contentType } : null;
}
