/**
 * Time-based one-time codes (RFC 6238 over RFC 4226: HMAC-SHA1, 30-second steps, 6 digits),
 * as authenticator apps make them, through otplib (its comparison is constant-time). A code is
 * accepted for the step before, the current one and the one after (clock drift), and only for a
 * step later than the last one used (no replay).
 *
 * The sync variants keep these functions synchronous for their callers; otplib's default noble
 * crypto plugin computes HMAC synchronously.
 */
import { generateSecret, generateSync, generateURI, ScureBase32Plugin, verifySync } from 'otplib';

const STEP_SECONDS = 30;
const DIGITS = 6;
const base32 = new ScureBase32Plugin();

export function base32Encode(bytes: Buffer): string {
  return base32.encode(bytes, { padding: false });
}

/** Spaces, dashes and padding are dropped and case ignored, as people type a secret. */
export function base32Decode(text: string): Buffer {
  return Buffer.from(base32.decode(text.replace(/[\s=-]/g, '').toUpperCase()));
}

/** A new 160-bit secret, base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function stepAt(time: Date): number {
  return Math.floor(time.getTime() / 1000 / STEP_SECONDS);
}

/** The code of one time step. */
export function totpCode(secret: string, step: number): string {
  return generateSync({ secret, epoch: step * STEP_SECONDS, period: STEP_SECONDS, digits: DIGITS, algorithm: 'sha1' });
}

/**
 * The step a code belongs to (within one step of now), or null when it is wrong or was already
 * used (its step is not after `lastStep`).
 */
export function verifyTotp(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  // otplib throws when the last used step lies beyond the window (a clock set back): nothing can be accepted then.
  if (lastStep !== null && lastStep >= stepAt(now) + 1) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: STEP_SECONDS,
    digits: DIGITS,
    algorithm: 'sha1',
    // One full step either side of now: the steps before and after the current one.
    epochTolerance: STEP_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // delta counts steps from the current one (otplib's functional type is HOTP's too, which has no timeStep).
  return result.valid ? stepAt(now) + result.delta : null;
}

/** The otpauth:// address an authenticator app reads from the QR code (SHA-1, 6 digits, 30 s are its defaults). */
export function otpauthUri(issuer: string, accountName: string, secret: string): string {
  return generateURI({ issuer, label: accountName, secret, algorithm: 'sha1', digits: DIGITS, period: STEP_SECONDS });
}
