import type { Page } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD } from './browser.ts';

/** A call to the API with the page's session (and its CSRF cookie for writes); throws on an error answer. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.split('; ').find((c) => c.startsWith('sagano_csrf='))?.split('=')[1] ?? '';
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A call to the API as another account (bearer token), outside any browser page; throws on an error answer. */
export async function apiAs<T>(email: string, method: string, path: string, body?: unknown): Promise<T> {
  const login = await fetch(`${baseUrl()}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Calls to the API as one account signed in once (bearer token), for a setup of several calls; each throws on an error answer. */
export async function apiSession(email: string): Promise<<T>(method: string, path: string, body?: unknown) => Promise<T>> {
  const login = await fetch(`${baseUrl()}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!login.ok) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${access_token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}
