import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { localFileStorage } from './local-file-storage.ts';

/** The storage the configuration names: a folder under the data directory unless told otherwise. */
export function fileStorageFromConfig(config: Config): FileStorage {
  return localFileStorage(join(config.dataDir, 'files'));
}
