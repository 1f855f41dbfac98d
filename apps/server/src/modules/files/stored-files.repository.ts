/** The `stored_files` rows that describe what the file storage keeps (the files module owns them). */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** Describes a stored file; the same bytes stored again keep the first row. */
export async function insertStoredFile(executor: Executor, file: { key: string; contentType: string; byteSize: number; originalName: string }): Promise<void> {
  await executor.insert(t.storedFiles).values(file).onConflictDoNothing();
}

/** The stored file's content type, or undefined for an unknown key. */
export async function storedContentType(executor: Executor, key: string): Promise<string | undefined> {
  const [row] = await executor.select({ contentType: t.storedFiles.contentType }).from(t.storedFiles).where(eq(t.storedFiles.key, key));
  return row?.contentType;
}
