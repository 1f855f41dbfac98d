import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertFileKey, type FileStorage } from './file-storage.ts';

/** Files in a folder (by default `<DATA_DIR>/files`), written through a temporary name so a reader never sees half a file. */
export function localFileStorage(folder: string): FileStorage {
  return {
    async put(key, bytes) {
      assertFileKey(key);
      await mkdir(folder, { recursive: true });
      const temporary = join(folder, `.${randomUUID()}.part`);
      await writeFile(temporary, bytes);
      await rename(temporary, join(folder, key));
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
  };
}
