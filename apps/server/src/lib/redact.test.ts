import { describe, expect, it } from 'vitest';
import { redact, redactErrorText, redactUrl } from './redact.ts';

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

describe('redactUrl', () => {
  it('replaces secret query values and keeps the rest as it came', () => {
    expect(redactUrl('/reset-password?token=abc%2Fdef&lang=en')).toBe('/reset-password?token=[REDACTED]&lang=en');
    expect(redactUrl('/v1/bookings/123/summary?lang=ja&token=xyz')).toBe('/v1/bookings/123/summary?lang=ja&token=[REDACTED]');
    expect(redactUrl('/x?access_token=a&api_key=b&password=c&code=123456&ref=cs_1&session_id=s&page=2&q=a%20b')).toBe(
      '/x?access_token=[REDACTED]&api_key=[REDACTED]&password=[REDACTED]&code=[REDACTED]&ref=[REDACTED]&session_id=[REDACTED]&page=2&q=a%20b',
    );
    // A name written percent-encoded is still a token's name.
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[REDACTED]');
    expect(redactUrl('/x?flag&token')).toBe('/x?flag&token');
  });

  it('replaces the secret segments of customer, checkout and token paths, in any letter case', () => {
    expect(redactUrl('/voucher/15189260/AbC-123_x?lang=en')).toBe('/voucher/15189260/[REDACTED]?lang=en');
    expect(redactUrl('/VOUCHER/1/tok')).toBe('/VOUCHER/1/[REDACTED]');
    expect(redactUrl('/sandbox-checkout/cs_0123')).toBe('/sandbox-checkout/[REDACTED]');
    expect(redactUrl('/v1/sandbox-gateway/checkouts/cs_0123/pay')).toBe('/v1/sandbox-gateway/checkouts/[REDACTED]/pay');
    expect(redactUrl('/v1/anything/tokens/t0k3n')).toBe('/v1/anything/tokens/[REDACTED]');
    // The booking's own PDF and page are not secrets.
    expect(redactUrl('/v1/bookings/15189260/voucher.pdf')).toBe('/v1/bookings/15189260/voucher.pdf');
    expect(redactUrl('/bookings/15189260?payment=returned')).toBe('/bookings/15189260?payment=returned');
  });

  it('replaces an API key wherever it is', () => {
    expect(redactUrl(`/v1/bookings/sgk_${'A'.repeat(43)}`)).toBe('/v1/bookings/sgk_[REDACTED]');
    expect(redactUrl(`/v1/x?who=sgk_${'b'.repeat(43)}`)).toBe('/v1/x?who=sgk_[REDACTED]');
  });
});

describe('redactErrorText', () => {
  it("drops a failed query's parameters, in the message and in the stack up to its first frame", () => {
    expect(redactErrorText('Failed query: select 1 where token = $1\nparams: s3cr3t,2')).toBe('Failed query: select 1 where token = $1\nparams: [REDACTED]');
    expect(redactErrorText('Error: Failed query: q\nparams: s3cr3t\n    at run (/app/x.ts:1:2)')).toBe('Error: Failed query: q\nparams: [REDACTED]\n    at run (/app/x.ts:1:2)');
  });

  it('replaces the secrets of URLs in the text', () => {
    expect(redactErrorText('GET /voucher/1/tok failed')).toBe('GET /voucher/1/[REDACTED] failed');
    expect(redactErrorText(`key sgk_${'c'.repeat(43)} revoked`)).toBe('key sgk_[REDACTED] revoked');
  });
});
