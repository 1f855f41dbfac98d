/**
 * Encryption at rest for secrets the server must read back (two-factor secrets): AES-256-GCM
 * with a key kept outside the database, so a copy of the database alone does not let anyone
 * make sign-in codes. A sealed value is `v1.` + base64url(iv ‖ tag ‖ ciphertext) and is bound
 * to its owner (the account id as associated data): it cannot be moved to another account.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export interface SecretBox {
  seal(plain: string, owner: string): string;
  /** The plain text of a sealed value; a value stored before sealing existed is returned as it is. */
  open(stored: string, owner: string): string;
  isSealed(stored: string): boolean;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`the secret key must be ${SECRET_KEY_BYTES} bytes`);
  return {
    seal(plain, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(stored, owner) {
      if (!stored.startsWith(VERSION)) return stored;
      const raw = Buffer.from(stored.slice(VERSION.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      // A wrong key, another owner or a changed value fails here (the tag does not match).
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    isSealed: (stored) => stored.startsWith(VERSION),
  };
}

/** A key given as base64 (or hex) text, e.g. from the environment. */
export function parseSecretKey(text: string, name: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`${name} must be ${SECRET_KEY_BYTES} random bytes as base64 or hex (e.g. \`openssl rand -base64 32\`)`);
  return key;
}

/** The key in `path`, made (random, readable by the owner only) when the file does not exist yet. */
export function secretKeyFromFile(path: string): Buffer {
  if (existsSync(path)) return parseSecretKey(readFileSync(path, 'utf8'), path);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${randomBytes(SECRET_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(path, 0o600);
  return parseSecretKey(readFileSync(path, 'utf8'), path);
}
