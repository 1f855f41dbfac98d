import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertFileKey, type FileStorage } from './file-storage.ts';

/** Files in a folder (by default `<DATA_DIR>/files`), written through a temporary name so a reader never sees half a file. */
export function localFileStorage(folder: string): FileStorage {
  return {
    async put(key, bytes) {
      assertFileKey(key);
      const target = join(folder, key);
      // Article attachments live in `messages/<day>/` under the folder.
      await mkdir(dirname(target), { recursive: true });
      const temporary = join(folder, `.${randomUUID()}.part`);
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    },
    async get(key) {
      assertFileKey(key);
      try {
        return await readFile(join(folder, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertFileKey(key);
      await rm(join(folder, key), { force: true });
    },
  };
}
