import { describe, expect, it } from 'vitest';
import { containsEmail, passwordProblems } from './password-policy.ts';

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

  it("refuses the account's e-mail address, or its local part of 4 or more characters, in any case", () => {
    const email = 'Sakura.Tanaka@Example.com';
    expect(passwordProblems('X1!sakura.tanaka@example.com', { email })).toEqual(['contains_email']);
    expect(passwordProblems('Go#SAKURA.TANAKA9', { email })).toEqual(['contains_email']);
    expect(passwordProblems('Hozu-river#2026', { email })).toEqual([]);
    // Short local parts are not refused (too many passwords would hold them by chance), the whole address is.
    expect(passwordProblems('Bob#Hozu2026', { email: 'bob@example.com' })).toEqual([]);
    expect(passwordProblems('Zz9!bob@example.com', { email: 'bob@example.com' })).toEqual(['contains_email']);
    expect(passwordProblems('Info#Hozu2026', { email: 'info@example.com' })).toEqual(['contains_email']);
    expect(passwordProblems('Hozu#2026a', { email: null })).toEqual([]);
  });

  it('reports the e-mail beside the shape rules', () => {
    expect(passwordProblems('sakura', { email: 'sakura@example.com' })).toEqual(['too_short', 'needs_upper', 'needs_digit', 'needs_symbol', 'contains_email']);
  });

  it('refuses a published password (the demo one) when told to, in any case', () => {
    expect(passwordProblems('Sagano#2026', { published: ['Sagano#2026'] })).toEqual(['published']);
    expect(passwordProblems('sAGANO#2026', { published: ['Sagano#2026'] })).toEqual(['published']);
    expect(passwordProblems('Sagano#2027', { published: ['Sagano#2026'] })).toEqual([]);
    expect(passwordProblems('Sagano#2026')).toEqual([]);
  });

  it('finds the address whatever its spacing and case', () => {
    expect(containsEmail('aaa KYOTO@EXAMPLE.JP bbb', ' kyoto@example.jp ')).toBe(true);
    expect(containsEmail('nothing', '')).toBe(false);
  });
});
