import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, FetchFailureError, MissingParameterError } from './api-client.ts';
import { errorMessage } from './error-message.ts';
import { changeLanguage, initI18n } from './i18n.ts';

const apiError = (status: number, code?: string, description = '') =>
  new ApiError(status, code === undefined ? null : { common: { error_code: code, error_description: description } });

beforeAll(async () => {
  await initI18n('ja');
});

describe('errorMessage', () => {
  it('translates a known error code', async () => {
    await changeLanguage('ja');
    expect(errorMessage(apiError(401, 'LOGIN_FAILED', 'invalid credentials'))).toBe('メールアドレスまたはパスワードが正しくありません');
    await changeLanguage('en');
    expect(errorMessage(apiError(401, 'LOGIN_FAILED', 'invalid credentials'))).toBe('E-mail address or password is wrong');
    expect(errorMessage(apiError(409, 'EMAIL_ALREADY_REGISTERED'))).toBe('The email address is already registered');
    await changeLanguage('ja');
  });

  it('fills in the e-mail of LOGIN_NOT_ALLOWED when the screen knows it, else shows the description', () => {
    const error = apiError(403, 'LOGIN_NOT_ALLOWED', 'crew@example.com cannot log in');
    expect(errorMessage(error, { email: 'crew@example.com' })).toBe('crew@example.com はログインできません');
    expect(errorMessage(error)).toBe('crew@example.com cannot log in');
  });

  it('falls back to the description, then the code, then the status', () => {
    expect(errorMessage(apiError(422, 'SOMETHING_NEW', 'the server explains'))).toBe('the server explains');
    expect(errorMessage(apiError(422, 'SOMETHING_NEW'))).toBe('SOMETHING_NEW');
    expect(errorMessage(apiError(502))).toBe('エラーが発生しました（HTTP 502）');
  });

  it('names the field of a call refused before sending, and of a 400 shown away from its form', async () => {
    expect(errorMessage(new MissingParameterError('booking_id', '/v1/bookings/{booking_id}'))).toBe('予約番号が指定されていないため、送信しませんでした。画面を読み込み直してから、もう一度お試しください。');
    const bad = new ApiError(400, { common: { error_code: 'VALIDATION_FAILED', error_description: 'applicant.email: Invalid email', field: 'applicant.email' } });
    expect(errorMessage(bad)).toBe('メールアドレスの入力内容に不備があります。内容をご確認ください。');
    await changeLanguage('en');
    expect(errorMessage(new MissingParameterError('body', '/v1/users'))).toBe("Nothing was sent because the request's content is missing. Reload the screen and try again.");
    expect(errorMessage(bad)).toBe('The value given for e-mail address is not valid. Check it and try again.');
    await changeLanguage('ja');
  });

  it('names a network failure', () => {
    expect(errorMessage(new FetchFailureError(new TypeError('x')))).toContain('サーバーに接続できませんでした');
  });
});
