import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, newTotpSecret, otpauthUri, stepAt, totpCode, verifyTotp } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));

describe('one-time codes', () => {
  it('matches the RFC 6238 test vectors (last six digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(RFC_SECRET, stepAt(new Date(seconds * 1000)))).toBe(code.slice(2));
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts one step of drift, refuses older steps and a step already used', () => {
    const now = new Date(1_800_000_000_000);
    const step = stepAt(now);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step), now, null)).toBe(step);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, null)).toBe(step - 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, null)).toBe(step + 1);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now, null)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step), now, step)).toBeNull();
    expect(verifyTotp(RFC_SECRET, 'abcdef', now, null)).toBeNull();
  });

  it('refuses every code while the last used step lies ahead of the clock (a clock set back)', () => {
    const now = new Date(1_800_000_000_000);
    const step = stepAt(now);
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step), now, step + 5)).toBeNull();
    expect(verifyTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step + 1)).toBeNull();
  });

  it('makes new 160-bit base32 secrets', () => {
    const secret = newTotpSecret();
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('builds the otpauth address authenticator apps read', () => {
    const uri = new URL(otpauthUri('嵯峨野トロッコ列車', 'a@example.com', 'ABC'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    // Key URI format: "issuer:account" as the label, the issuer again as a parameter; SHA-1, 6 digits and 30 s are the defaults left out.
    expect(decodeURIComponent(uri.pathname)).toBe('/嵯峨野トロッコ列車:a@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: 'ABC', issuer: '嵯峨野トロッコ列車' });
  });
});
