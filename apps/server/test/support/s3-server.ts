/**
 * A real S3-compatible server in this process (@20minutes/s3rver): objects in a temporary folder,
 * a random port on 127.0.0.1, path-style addresses, every request's AWS signature checked against
 * its one account. The requests it received are recorded (method, path, Authorization) so a test
 * can say what reached the store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The parts of s3rver's class these tests use (the package ships no types). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
  httpServer: Server;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

/** s3rver's built-in account: requests signed with anything else are refused (403). */
export const S3RVER_KEY = 'S3RVER';
export const S3_REGION = 'us-east-1';

export interface S3Server {
  endpoint: string;
  requests: { method: string; path: string; authorization: string }[];
  /** The environment a server would be started with to keep its files in `bucket` here. */
  env(bucket: string, secret?: string): Record<string, string>;
  close(): Promise<void>;
}

/** Starts the store with these buckets, empty. */
export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'sagano-s3rver-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await s3rver.run();
  const requests: S3Server['requests'] = [];
  s3rver.httpServer.prependListener('request', (request: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> }) => {
    requests.push({ method: request.method ?? '', path: decodeURIComponent(new URL(request.url ?? '/', 'http://s3.test').pathname), authorization: String(request.headers.authorization ?? '') });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    requests,
    env: (bucket, secret = S3RVER_KEY) => ({ FILE_STORAGE: 's3', S3_BUCKET: bucket, S3_REGION, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: secret }),
    async close() {
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
