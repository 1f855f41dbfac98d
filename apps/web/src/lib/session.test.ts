import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, loginPathFor, safeRedirect } from './session.ts';

describe('getSession', () => {
  afterEach(() => {
    document.cookie = 'sagano_csrf=; path=/; max-age=0';
    vi.unstubAllGlobals();
  });

  it('asks nothing without the session marker cookie: no session, no 401 in the console', async () => {
    const api = vi.fn();
    vi.stubGlobal('fetch', api);
    expect(await getSession()).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('asks /v1/auth/me when the marker is there, and a 401 still means no session', async () => {
    document.cookie = 'sagano_csrf=abc; path=/';
    const api = vi.fn(async () => new Response(JSON.stringify({ common: { error_code: 'UNAUTHENTICATED', error_description: 'x' } }), { status: 401, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', api);
    expect(await getSession()).toBeNull();
    expect(api).toHaveBeenCalledTimes(1);
    expect(String((api.mock.calls[0] as unknown[])[0])).toBe('/v1/auth/me');
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/users?page=2')).toBe('/users?page=2');
  });

  it('refuses other sites, the login screen and nothing', () => {
    for (const target of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/login', '/login?redirect=/x']) {
      expect(safeRedirect(target)).toBe('/dashboard');
    }
  });
});

describe('loginPathFor', () => {
  it('remembers where the user was', () => {
    expect(loginPathFor({ pathname: '/users', search: '?query=a&page=2' })).toBe('/login?redirect=%2Fusers%3Fquery%3Da%26page%3D2');
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/login');
  });
});
