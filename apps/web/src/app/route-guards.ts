import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { mayOpenBookingScreen, mayOpenMenuEntry, type BookingScreen, type MenuEntryKey } from '@sagano/domain/auth/menu-access';
import type { MeResponse } from '@sagano/domain/auth/auth-schemas';
import { arrangementTypesQueryOptions } from '../lib/reference/get-arrangement-types.ts';
import { stationsQueryOptions } from '../lib/reference/get-stations.ts';
import { trainsQueryOptions } from '../lib/reference/get-trains.ts';
import { unitsQueryOptions } from '../lib/reference/get-units.ts';
import { hasSessionCookie, loginPathFor, safeRedirect, sessionQueryOptions } from '../lib/session.ts';

/** The signed-in account, or a redirect to the login page that comes back here. */
export async function requireSession(queryClient: QueryClient, request: Request): Promise<MeResponse> {
  const session = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!session) throw redirect(loginPathFor(new URL(request.url)));
  return session;
}

/** The two-factor screen: where an agent whose agent requires it is held until it is set up. */
export const TWO_FACTOR_PATH = '/two-factor';

/**
 * The shell: signed-in users only; loads the reference lists every screen leans on (spec 000 §2).
 * An account that must set up two-factor sign-in first reaches only the two-factor screen (the
 * server refuses everything else with TOTP_SETUP_REQUIRED until it is done).
 */
export function shellLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const sessionCheck = requireSession(queryClient, request);
    // With the session cookie there, the reference lists are asked for beside the session check,
    // not after it: one round trip less before the first screen. Silently: a session that turns
    // out to be gone, or held at two-factor set-up, answers them 401/403, and they are asked again.
    const early = whenSessionCookie(() => prefetchReferenceLists(queryClient, { silent: true }));
    const session = await sessionCheck;
    if (session.user.totp_setup_required) {
      if (new URL(request.url).pathname !== TWO_FACTOR_PATH) throw redirect(TWO_FACTOR_PATH);
      return null;
    }
    // Awaited (they are asked for once a session, then kept): the first screen renders once with
    // the names it shows, not empty and then again as each list arrives. (Fresh ones are not asked again.)
    await early;
    await prefetchReferenceLists(queryClient);
    return null;
  };
}

/** Runs `start` once the browser is found to hold the session cookie (a signed-in visit, most likely). */
export async function whenSessionCookie(start: () => Promise<unknown>): Promise<void> {
  if (await hasSessionCookie()) await start();
}

/** The four reference lists every screen leans on (stations, trains, units, arrangement types). */
function prefetchReferenceLists(queryClient: QueryClient, { silent = false } = {}): Promise<unknown> {
  const meta = silent ? { meta: { silentError: true } } : {};
  return Promise.all([
    queryClient.prefetchQuery({ ...stationsQueryOptions(), ...meta }),
    queryClient.prefetchQuery({ ...trainsQueryOptions(), ...meta }),
    queryClient.prefetchQuery({ ...unitsQueryOptions(), ...meta }),
    queryClient.prefetchQuery({ ...arrangementTypesQueryOptions(), ...meta }),
  ]);
}

/** A screen behind a menu entry: 403 (the forbidden screen, inside the shell) when the role may not open it. */
export function requireMenuEntry(queryClient: QueryClient, key: MenuEntryKey) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = await requireSession(queryClient, request);
    if (!mayOpenMenuEntry(session.user, key)) throw data('forbidden', { status: 403 });
    return null;
  };
}

/** A booking screen some roles may not use (e.g. station staff on /bookings/create): the forbidden screen, before any call is made. */
export function requireBookingScreen(queryClient: QueryClient, screen: BookingScreen) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = await requireSession(queryClient, request);
    if (!mayOpenBookingScreen(session.user, screen)) throw data('forbidden', { status: 403 });
    return null;
  };
}

/** The login screen: someone already signed in goes straight on. */
export function guestLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    if (session) throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
    return null;
  };
}

/**
 * A screen whose loader only starts its first data: moving within it (filters, sort, page in the
 * address) is the screen's own query, so the loader runs again only when the screen is entered.
 */
export function samePathStaysLoaded({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
