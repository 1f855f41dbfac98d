import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password-policy.ts';

describe('passwordProblems', () => {
  it('accepts a password with upper, lower, digit and symbol', () => {
    expect(passwordProblems('Sagano#2026')).toEqual([]);
    expect(passwordProblems('Torokko-Hozu9')).toEqual([]);
  });

  it('names every missing class', () => {
    expect(passwordProblems('abc')).toEqual(['too_short', 'needs_upper', 'needs_digit', 'needs_symbol']);
    expect(passwordProblems('ABCDEFGH1!')).toEqual(['needs_lower']);
    expect(passwordProblems('abcdEFGH!!')).toEqual(['needs_digit']);
    expect(passwordProblems('abcdEFGH12')).toEqual(['needs_symbol']);
  });

  it('refuses common passwords that fit the shape', () => {
    for (const pw of ['Password1!', 'P@ssw0rd1', 'Qwerty123!', 'Welcome1!', 'Admin@123', 'Aa123456!']) {
      expect(passwordProblems(pw), pw).toEqual(['too_common']);
    }
  });

  it('refuses overly long input', () => {
    expect(passwordProblems(`Aa1!${'x'.repeat(200)}`)).toContain('too_long');
  });
});
