import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, FetchFailureError, MissingParameterError, anonymousRequest, apiClient, apiPath, setUnauthorizedHandler, withQuery } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function lastInit(): RequestInit {
  const init = fetchMock.mock.calls.at(-1)?.[1];
  if (!init) throw new Error('fetch was not called');
  return init;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'sagano_csrf=token%2Fvalue; path=/';
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  setUnauthorizedHandler(() => {});
  document.cookie = 'sagano_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('apiClient', () => {
  it('sends the session cookie and no CSRF header on GET', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await expect(apiClient.get('/v1/users', { query: 'yamada', page: 2, empty: '' })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/users?query=yamada&page=2');
    const init = lastInit();
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).not.toHaveProperty('x-csrf-token');
  });

  it('echoes the CSRF cookie in a header on unsafe methods, with a JSON body', async () => {
    fetchMock.mockImplementation(async () => answer(200, {}));
    await apiClient.post('/v1/users', { email: 'a@example.com' });
    const init = lastInit();
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'x-csrf-token': 'token/value', 'content-type': 'application/json' });
    expect(init.body).toBe('{"email":"a@example.com"}');

    await apiClient.delete('/v1/users/1');
    expect(lastInit().headers).toMatchObject({ 'x-csrf-token': 'token/value' });
  });

  it('sends a FormData body as it is, leaving its multipart content type to fetch, with the CSRF header', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'logo.png');
    await apiClient.put('/v1/master-data/operator-basic-info/logo', form);
    const init = lastInit();
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
    expect(init.headers).toMatchObject({ 'x-csrf-token': 'token/value' });
  });

  it('throws ApiError with status and body on a non-2xx answer', async () => {
    fetchMock.mockResolvedValue(
      answer(409, { common: { error_code: 'EMAIL_ALREADY_REGISTERED', error_description: 'taken', field: 'email' } }),
    );
    const error = await apiClient.post('/v1/users', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'EMAIL_ALREADY_REGISTERED', description: 'taken', field: 'email' });
  });

  it('keeps the status when the error body is not the API shape', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await apiClient.get('/v1/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, body: null });
  });

  it('turns a network failure into FetchFailureError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiClient.get('/v1/users')).rejects.toBeInstanceOf(FetchFailureError);
  });

  it('reports a 401 as an ended session, except from login and me', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const unauthenticated = { common: { error_code: 'UNAUTHENTICATED', error_description: 'sign in' } };

    fetchMock.mockImplementation(async () => answer(401, unauthenticated));
    await expect(apiClient.get('/v1/auth/me')).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValue(answer(401, { common: { error_code: 'LOGIN_FAILED', error_description: 'no' } }));
    await expect(apiClient.post('/v1/auth/login', {})).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();

    // A wrong two-factor code while signed in (setting it up, turning it off) is a 400: the session stays.
    fetchMock.mockResolvedValue(answer(400, { common: { error_code: 'TOTP_CODE_WRONG', error_description: 'wrong code', field: 'code' } }));
    await expect(apiClient.post('/v1/auth/totp/confirm', { code: '000000' })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).not.toHaveBeenCalled();

    fetchMock.mockImplementation(async () => answer(401, unauthenticated));
    await expect(apiClient.get('/v1/users')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('answers undefined for an empty 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiClient.delete('/v1/users/1')).resolves.toBeUndefined();
  });
});

describe('required parameters (spec 001 §8: refused before sending, naming the field)', () => {
  it('builds a path from its template, every value encoded', () => {
    expect(apiPath('/v1/bookings/{booking_id}/notes', { booking_id: '26050601' })).toBe('/v1/bookings/26050601/notes');
    expect(apiPath('/v1/inventories/{date}/services/{service_id}', { date: '2026-05-01', service_id: 0 })).toBe('/v1/inventories/2026-05-01/services/0');
    expect(apiPath('/v1/jobs/{name}/run', { name: 'a/b c' })).toBe('/v1/jobs/a%2Fb%20c/run');
  });

  it('refuses a missing path parameter with a 400-like error naming it, and sends nothing', async () => {
    for (const missing of [undefined, null, '', '  ', Number.NaN]) {
      const error = (() => {
        try {
          apiPath('/v1/bookings/{booking_id}/cancel', { booking_id: missing });
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error).toBeInstanceOf(MissingParameterError);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', field: 'booking_id' });
    }
    // In a call: the promise is refused and fetch never runs.
    const call = () => apiClient.get(apiPath('/v1/bookings/{booking_id}', { booking_id: undefined }));
    await expect(Promise.resolve().then(call)).rejects.toMatchObject({ field: 'booking_id' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a POST or PUT whose body is missing, naming `body`; `{}` is a call without input', async () => {
    await expect(apiClient.post('/v1/bookings/26050601/confirm_booking', undefined)).rejects.toMatchObject({ name: 'MissingParameterError', status: 400, field: 'body' });
    await expect(apiClient.put('/v1/users', null)).rejects.toMatchObject({ field: 'body' });
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await apiClient.post('/v1/bookings/26050601/reserve_allotments', {});
    expect(lastInit().body).toBe('{}');
  });

  it("refuses the same without a session (the group's page, the card sandbox)", async () => {
    await expect(anonymousRequest('POST', '/v1/reservations/check', undefined)).rejects.toMatchObject({ name: 'MissingParameterError', field: 'body' });
    await expect(anonymousRequest('PUT', '/v1/bookings/26050601/change-seat', null)).rejects.toMatchObject({ field: 'body' });
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await expect(anonymousRequest('GET', '/v1/stations')).resolves.toEqual({ ok: true });
  });
});

describe('withQuery', () => {
  it('leaves out undefined, null and empty parameters', () => {
    expect(withQuery('/v1/x', { a: undefined, b: null, c: '', d: 0, e: false })).toBe('/v1/x?d=0&e=false');
    expect(withQuery('/v1/x', {})).toBe('/v1/x');
  });
});
