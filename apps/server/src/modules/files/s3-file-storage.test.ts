/**
 * The S3 adapter against a real S3-compatible server in this process (@20minutes/s3rver, as MinIO
 * or AWS would answer): path-style addresses, each request's SigV4 signature checked by the store.
 * The storage is built the way the server builds it, from FILE_STORAGE=s3 and S3_*; what the
 * bucket holds is read back with a client of its own.
 */
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startS3Server, type S3Server } from '../../../test/support/s3-server.ts';
import { fileStorageFromConfig } from './file-storage-registry.ts';
import { s3ClientOf } from './s3-file-storage.ts';

const BUCKET = 'sagano-files';
const KEY = `${'c'.repeat(64)}.png`;

let store: S3Server;

beforeAll(async () => {
  store = await startS3Server([BUCKET]);
});
afterAll(() => store.close());

function storage(secret?: string) {
  return fileStorageFromConfig(loadConfig(store.env(BUCKET, secret)));
}

/** The object as the bucket holds it (bytes and type), or null; read past the adapter. */
async function objectInBucket(key: string): Promise<{ bytes: Buffer; contentType: string | undefined } | null> {
  const client = s3ClientOf(loadConfig(store.env(BUCKET)).s3!);
  try {
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return { bytes: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType };
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  } finally {
    client.destroy();
  }
}

describe('S3-compatible file storage', () => {
  it('puts the bytes as an object named by the key in the bucket (path style), signed, and gets them back', async () => {
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(70_000, 7)]);
    await storage().put(KEY, bytes, 'image/png');
    expect(store.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/${BUCKET}/${KEY}` });
    expect(store.requests.at(-1)!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request/);
    expect(await objectInBucket(KEY)).toEqual({ bytes, contentType: 'image/png' });
    const back = await storage().get(KEY);
    expect(back!.equals(bytes)).toBe(true);
    expect(store.requests.at(-1)).toMatchObject({ method: 'GET', path: `/${BUCKET}/${KEY}` });
  });

  it('deletes an article attachment object, signed; deleting it again is no error', async () => {
    const key = 'messages/2026-11-25/運行案内_0123456789abcdef.pdf';
    await storage().put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
    expect((await objectInBucket(key))?.bytes.toString()).toBe('%PDF-1.7');
    await storage().delete(key);
    expect(store.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/${BUCKET}/${key}` });
    expect(store.requests.at(-1)!.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    expect(await objectInBucket(key)).toBeNull();
    expect(await storage().get(key)).toBeNull();
    await expect(storage().delete(key)).resolves.toBeUndefined();
    await expect(storage('wrong-secret').delete(key)).rejects.toThrow();
  });

  it('answers null for a key the bucket does not hold', async () => {
    expect(await storage().get(`${'d'.repeat(64)}.jpg`)).toBeNull();
  });

  it('fails loudly when the store refuses the credentials, rather than reading it as missing', async () => {
    await expect(storage('wrong-secret').put(`${'e'.repeat(64)}.png`, Buffer.from('x'), 'image/png')).rejects.toThrow();
    await expect(storage('wrong-secret').get(KEY)).rejects.toThrow();
    expect(await objectInBucket(`${'e'.repeat(64)}.png`)).toBeNull();
  });

  it('fails loudly when the bucket does not exist', async () => {
    const missing = fileStorageFromConfig(loadConfig(store.env('no-such-bucket')));
    await expect(missing.put(KEY, Buffer.from('x'), 'image/png')).rejects.toThrow();
    await expect(missing.get(KEY)).rejects.toThrow();
  });

  it('refuses a key that is not content-addressed before any request is made', async () => {
    const before = store.requests.length;
    await expect(storage().put('../other-bucket/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow('not a file key');
    await expect(storage().get('x.png')).rejects.toThrow('not a file key');
    await expect(storage().delete('../other-bucket/x.png')).rejects.toThrow('not a file key');
    expect(store.requests.length).toBe(before);
  });

  it('keeps the type the adapter gave each object', async () => {
    const key = `${'f'.repeat(64)}.csv`;
    await storage().put(key, Buffer.from('a,b\n'), 'text/csv; charset=utf-8');
    const client = s3ClientOf(loadConfig(store.env(BUCKET)).s3!);
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
    client.destroy();
    expect(head.ContentType).toBe('text/csv; charset=utf-8');
    expect(head.ContentLength).toBe(4);
  });
});
