import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { CSRF_COOKIE } from '@sagano/domain/auth/auth-cookies';
import type { MeResponse } from '@sagano/domain/auth/auth-schemas';
import { ApiError, apiClient, readCookie } from './api-client.ts';
import { forgetBookingRevisions } from './booking-revisions.ts';

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * Whether the CSRF cookie (set and cleared with the session cookie) is there. Asked of the Cookie
 * Store API where the browser has one: reading document.cookie blocks the page's main thread until
 * the browser's network process answers, which took 14 to 60 ms of the first screen's load while
 * its modules were being requested.
 */
export async function hasSessionCookie(): Promise<boolean> {
  if (typeof cookieStore !== 'undefined') return (await cookieStore.get(CSRF_COOKIE)) !== null;
  return readCookie(CSRF_COOKIE) !== undefined;
}

/**
 * GET /v1/auth/me: the signed-in account, or null when there is no session (401). The readable
 * CSRF cookie is set and cleared with the session cookie and expires with it, so without it there
 * is no session to ask about: a signed-out visit makes no call (and logs no 401 in the console).
 */
export async function getSession(): Promise<MeResponse | null> {
  if (!(await hasSessionCookie())) return null;
  try {
    return await apiClient.get<MeResponse>('/v1/auth/me');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: Infinity,
    // A failure here is shown by the route's error screen.
    meta: { silentError: true },
  });
}

export function setSession(queryClient: QueryClient, session: MeResponse | null): void {
  queryClient.setQueryData(sessionQueryKey, session);
}

/** Forgets the user and everything cached for them (sign-out, expired session). */
export function clearSession(queryClient: QueryClient): void {
  forgetBookingRevisions();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  setSession(queryClient, null);
}

/** The place to return to after login: same-site paths only, never the login screen itself. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return fallback;
  return target;
}

export function loginPathFor(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  return here === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`;
}
