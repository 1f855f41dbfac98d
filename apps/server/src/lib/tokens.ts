import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque token (256 bits, base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256 digests: a leaked table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
