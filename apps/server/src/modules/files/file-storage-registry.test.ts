/** FILE_STORAGE and S3_*: the storage the configuration names, and a half-set bucket refused at start with the variable to fix. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { fileStorageFromConfig } from './file-storage-registry.ts';

const bucket = { FILE_STORAGE: 's3', S3_BUCKET: 'sagano-files', S3_REGION: 'ap-northeast-1' };

describe('file storage from the configuration', () => {
  it('is a folder under the data directory unless FILE_STORAGE says s3', () => {
    expect(loadConfig({}).fileStorage).toBe('local');
    expect(loadConfig({ FILE_STORAGE: 'local', S3_BUCKET: 'ignored' }).s3).toBeUndefined();
    expect(fileStorageFromConfig(loadConfig({ DATA_DIR: '/tmp/sagano-data' }))).toBeDefined();
  });

  it('reads the bucket, with path-style addressing on by default for a store of its own', () => {
    expect(loadConfig(bucket).s3).toEqual({ bucket: 'sagano-files', region: 'ap-northeast-1', endpoint: undefined, accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false });
    const minio = loadConfig({ ...bucket, S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3;
    expect(minio).toMatchObject({ endpoint: 'http://minio:9000', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
    expect(loadConfig({ ...bucket, S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).s3!.forcePathStyle).toBe(false);
    expect(loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'true' }).s3!.forcePathStyle).toBe(true);
  });

  it('refuses a misconfiguration, naming the variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ FILE_STORAGE: 'disk' }, 'FILE_STORAGE must be local or s3, got "disk"'],
      [{ FILE_STORAGE: 's3' }, 'FILE_STORAGE=s3 needs S3_BUCKET and S3_REGION'],
      [{ FILE_STORAGE: 's3', S3_BUCKET: 'b' }, 'FILE_STORAGE=s3 needs S3_BUCKET and S3_REGION'],
      [{ ...bucket, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT must be an http:// or https:// address, got "minio:9000"'],
      [{ ...bucket, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE must be true or false, got "yes"'],
      [{ ...bucket, S3_ACCESS_KEY_ID: 'id' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
      [{ ...bucket, S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env), message).toThrow(message);
  });
});
