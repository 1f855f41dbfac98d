/**
 * The S3 adapter against a small S3-compatible endpoint in this process (the test double of a
 * remote store, as MinIO would answer): PutObject and GetObject with path-style addresses, each
 * request's SigV4 signature checked with the shared secret. The storage is built the way the
 * server builds it, from FILE_STORAGE=s3 and S3_*.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { fileStorageFromConfig } from './file-storage-registry.ts';

const BUCKET = 'sagano-files';
const ACCESS_KEY_ID = 'test-access-key';
const SECRET = 'test-secret-key';
const REGION = 'us-east-1';
const KEY = `${'c'.repeat(64)}.png`;

const objects = new Map<string, { bytes: Buffer; contentType: string }>();
const seen: { method: string; path: string; authorization: string }[] = [];
let server: Server;
let endpoint: string;

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Recomputes the request's AWS Signature Version 4 with the shared secret: true when it matches. */
function signedWithSecret(request: IncomingMessage, body: Buffer): boolean {
  const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(request.headers.authorization ?? '');
  if (!auth) return false;
  const [, keyId, date, region, signedHeaders, signature] = auth as unknown as [string, string, string, string, string, string];
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (keyId !== ACCESS_KEY_ID || !amzDate.startsWith(date)) return false;
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false;
  const url = new URL(request.url!, 'http://s3.test');
  const query = [...url.searchParams].map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).sort().join('&');
  const headers = signedHeaders.split(';').map((name) => `${name}:${String(request.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  const canonical = [request.method, url.pathname, query, headers, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, date), region), 's3'), 'aws4_request');
  return createHmac('sha256', signingKey).update(toSign).digest('hex') === signature;
}

function s3Error(code: string, status: number) {
  return { status, body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message><RequestId>1</RequestId></Error>` };
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: request.method!, path: new URL(request.url!, 'http://s3.test').pathname, authorization: request.headers.authorization ?? '' });
      const path = decodeURIComponent(new URL(request.url!, 'http://s3.test').pathname);
      const answer = (status: number, payload: Buffer | string, type = 'application/xml') => response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(payload) }).end(payload);
      if (!signedWithSecret(request, body)) {
        const e = s3Error('SignatureDoesNotMatch', 403);
        return answer(e.status, e.body);
      }
      if (!path.startsWith(`/${BUCKET}/`)) {
        const e = s3Error('NoSuchBucket', 404);
        return answer(e.status, e.body);
      }
      const key = path.slice(BUCKET.length + 2);
      if (request.method === 'PUT') {
        objects.set(key, { bytes: body, contentType: String(request.headers['content-type']) });
        response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
        return;
      }
      if (request.method === 'DELETE') {
        // As S3 does: 204 whether or not the object was there.
        objects.delete(key);
        response.writeHead(204).end();
        return;
      }
      const object = objects.get(key);
      if (request.method === 'GET' && object) return answer(200, object.bytes, object.contentType);
      const e = s3Error('NoSuchKey', 404);
      return answer(e.status, e.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function storage(secret = SECRET) {
  return fileStorageFromConfig(
    loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: BUCKET, S3_REGION: REGION, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: secret }),
  );
}

describe('S3-compatible file storage', () => {
  it('puts the bytes as an object named by the key in the bucket (path style), signed, and gets them back', async () => {
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(70_000, 7)]);
    await storage().put(KEY, bytes, 'image/png');
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', path: `/${BUCKET}/${KEY}` });
    expect(seen.at(-1)!.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-access-key\/\d{8}\/us-east-1\/s3\/aws4_request/);
    expect(objects.get(KEY)).toEqual({ bytes, contentType: 'image/png' });
    const back = await storage().get(KEY);
    expect(back!.equals(bytes)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', path: `/${BUCKET}/${KEY}` });
  });

  it('deletes an article attachment object, signed; deleting it again is no error', async () => {
    const key = 'messages/2026-11-25/運行案内_0123456789abcdef.pdf';
    await storage().put(key, Buffer.from('%PDF-1.7'), 'application/pdf');
    expect(objects.has(key)).toBe(true);
    await storage().delete(key);
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(seen.at(-1)!.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
    expect(objects.has(key)).toBe(false);
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
    expect(objects.has(`${'e'.repeat(64)}.png`)).toBe(false);
  });

  it('refuses a key that is not content-addressed before any request is made', async () => {
    const before = seen.length;
    await expect(storage().put('../other-bucket/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow('not a file key');
    await expect(storage().get('x.png')).rejects.toThrow('not a file key');
    await expect(storage().delete('../other-bucket/x.png')).rejects.toThrow('not a file key');
    expect(seen.length).toBe(before);
  });
});
