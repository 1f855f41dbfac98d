import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { localFileStorage } from './local-file-storage.ts';
import { s3FileStorage } from './s3-file-storage.ts';

/** The storage the configuration names (FILE_STORAGE): a folder under the data directory unless told otherwise. */
export function fileStorageFromConfig(config: Config): FileStorage {
  if (config.fileStorage === 's3') {
    if (!config.s3) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET and S3_REGION');
    return s3FileStorage(config.s3);
  }
  return localFileStorage(join(config.dataDir, 'files'));
}
