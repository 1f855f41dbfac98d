import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, parseSecretKey, secretKeyFromFile } from './secret-box.ts';

const key = randomBytes(32);
const box = createSecretBox(key);
const owner = '7f0c3a52-0f4e-4c3b-9a51-2d6a1f0b9e11';

describe('secret box', () => {
  it('seals so that the stored text does not show the secret, and opens it again for the same owner', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', owner);
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', owner)).not.toBe(sealed); // a fresh IV each time
    expect(box.open(sealed, owner)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.isSealed(sealed)).toBe(true);
  });

  it('refuses another key, another owner and a changed value', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', owner);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, owner)).toThrow();
    expect(() => box.open(sealed, 'someone-else')).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.open(`v1.${raw.toString('base64url')}`, owner)).toThrow();
  });

  it('reads a value stored before sealing as it is', () => {
    expect(box.isSealed('JBSWY3DPEHPK3PXP')).toBe(false);
    expect(box.open('JBSWY3DPEHPK3PXP', owner)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('takes keys as base64 or hex of 32 bytes and names the setting otherwise', () => {
    expect(parseSecretKey(key.toString('base64'), 'K').equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('hex'), 'K').equals(key)).toBe(true);
    expect(() => parseSecretKey('c2hvcnQ=', 'TOTP_SECRET_KEY')).toThrow(/TOTP_SECRET_KEY must be 32 random bytes/);
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow();
  });

  const dir = mkdtempSync(join(tmpdir(), 'secret-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a key file once, readable by its owner only, and reads the same key afterwards', () => {
    const path = join(dir, 'data', 'totp-secret.key');
    const made = secretKeyFromFile(path);
    expect(made).toHaveLength(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(secretKeyFromFile(path).equals(made)).toBe(true);
    expect(readFileSync(path, 'utf8').trim()).toBe(made.toString('base64'));
  });
});
