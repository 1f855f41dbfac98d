/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, ADR 038): a secret `whsec_<base64>`;
 * each delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the secret's bytes.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes (the specification asks for 24 to 64). */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The headers of one attempt. */
export function webhookHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Sagano-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  };
}
