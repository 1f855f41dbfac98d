import { describe, expect, it } from 'vitest';
import { groupSecret, isTotpCode, normalizeTotpCode } from './totp-code.ts';

describe('one-time codes', () => {
  it('keeps the digits of a pasted code, six at most', () => {
    expect(normalizeTotpCode('123 456')).toBe('123456');
    expect(normalizeTotpCode('12-34-56-78')).toBe('123456');
    expect(normalizeTotpCode('abc')).toBe('');
  });

  it('accepts exactly six digits', () => {
    expect(isTotpCode('123456')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('1234567')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
  });
});

describe('groupSecret', () => {
  it('writes a setup key in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupSecret(' JBSW Y3DP ')).toBe('JBSW Y3DP');
    expect(groupSecret('')).toBe('');
  });
});
