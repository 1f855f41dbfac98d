import { describe, expect, it } from 'vitest';
import { redact } from './redact.ts';

describe('redact', () => {
  it('keeps uploaded files (base64) out of the log, their size only', () => {
    expect(redact({ csv_base64: 'Ym9va2luZ19pZA==', filename: 'a.csv' })).toEqual({ csv_base64: '[file, 16 base64 characters]', filename: 'a.csv' });
  });

  it('hides passwords, tokens and card data at any depth', () => {
    expect(
      redact({
        email: 'a@example.com',
        password: 'Secret#123',
        nested: [{ new_password: 'x', current_password: 'y', access_token: 't', card_number: '4242' }],
        user: { name: 'n', totp_code: '123456' },
      }),
    ).toEqual({
      email: 'a@example.com',
      password: '[REDACTED]',
      nested: [{ new_password: '[REDACTED]', current_password: '[REDACTED]', access_token: '[REDACTED]', card_number: '[REDACTED]' }],
      user: { name: 'n', totp_code: '[REDACTED]' },
    });
  });

  it('hides the code of the two-factor calls but not other codes', () => {
    expect(redact({ code: '123456', country_code: 'JPN', common: { error_code: 'TOTP_CODE_WRONG' } })).toEqual({
      code: '[REDACTED]',
      country_code: 'JPN',
      common: { error_code: 'TOTP_CODE_WRONG' },
    });
  });

  it('replaces what PostgreSQL cannot store (NUL, unpaired surrogates) in values and keys', () => {
    expect(redact({ name: 'a\u0000b', ['k\u0000']: 'x', note: 'c\ud800d', emoji: '😀' })).toEqual({ name: 'a\ufffdb', 'k\ufffd': 'x', note: 'c\ufffdd', emoji: '😀' });
  });

  it('keeps plain values', () => {
    expect(redact('x')).toBe('x');
    expect(redact(null)).toBeNull();
    expect(redact({ password: null })).toEqual({ password: null });
  });
});
