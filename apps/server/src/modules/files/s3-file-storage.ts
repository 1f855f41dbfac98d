import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { assertFileKey, type FileStorage } from './file-storage.ts';

/** The client for the configured bucket (AWS, or an S3-compatible store at `endpoint`). */
export function s3ClientOf(settings: S3Config): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } } : {}),
    // The SDK's default CRC32 checksum headers (since 2025) are refused by several S3-compatible
    // stores; send them only where an operation requires one (PutObject and GetObject do not).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  // A bucket that is not there is a misconfiguration (also a 404), not a missing file: it must fail
  // loudly, or a backup would list every file as missing.
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Files in an S3-compatible bucket (FILE_STORAGE=s3), for installs with several servers: every
 * server reads what any of them stored. Objects are named by their content-addressed key.
 */
export function s3FileStorage(settings: S3Config, client: S3Client = s3ClientOf(settings)): FileStorage {
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, contentType) {
      assertFileKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      assertFileKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertFileKey(key);
      // S3 answers 204 whether or not the object was there.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
