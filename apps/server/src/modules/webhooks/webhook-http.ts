/**
 * One HTTP attempt of a webhook (ADR 038): POST to the address checked beforehand (the socket is
 * given that address, so a second DNS answer cannot move it), at most 10 s, redirects not followed
 * (a 3xx is a failure like any other non-2xx), the answer's body read no further than 4 KiB.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { CheckedTarget } from './webhook-addresses.ts';

export const WEBHOOK_TIMEOUT_MS = 10_000;

export type AttemptResult = { ok: true; code: number } | { ok: false; code: number | null; error: string };

export function postWebhook(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<AttemptResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = client.request(
      target.url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: pinned, timeout: timeoutMs, agent: false },
      (response) => {
        const code = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > 4096) response.destroy();
        });
        const finish = () => done(code >= 200 && code < 300 ? { ok: true, code } : { ok: false, code, error: code >= 300 && code < 400 ? `answered ${code} (a redirect is not followed)` : `answered ${code}` });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    request.on('timeout', () => {
      request.destroy();
      done({ ok: false, code: null, error: `no answer within ${timeoutMs / 1000} s` });
    });
    request.on('error', (error) => done({ ok: false, code: null, error: error.message || String(error) }));
    request.end(body);
  });
}
