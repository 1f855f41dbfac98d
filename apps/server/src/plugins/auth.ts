import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, SESSION_COOKIE } from '@sagano/domain/auth/auth-schemas';
import { API_KEY_PREFIX } from '@sagano/domain/auth/api-key-schemas';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { AppError } from '../lib/app-error.ts';
import { safeEqual } from '../lib/tokens.ts';
import type { Principal } from '../modules/auth/principal.ts';
import type { RateLimits } from './rate-limits.ts';
import type { Access } from './route-config.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The session token a request carries: the bearer token, else the session cookie. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return bearerToken(request) ?? request.cookies[SESSION_COOKIE];
}

export function allowed(access: Access, principal: Principal | null): boolean {
  if (access === 'public') return true;
  if (!principal) return false;
  const caps = capabilitiesOf(principal.user);
  switch (access) {
    case 'authenticated':
      return true;
    case 'operator':
      return principal.user.kind === 'OPERATOR';
    case 'backOffice':
      return caps.backOffice;
    case 'backOfficeOrAgent':
      return caps.backOffice || caps.agentPortal;
    case 'admin':
      return caps.manageUsers;
    case 'agent':
      return caps.agentPortal;
  }
}

/** What an account that must set up two-factor sign-in may still call. */
const TOTP_SETUP_OPEN = new Set([
  'GET /v1/auth/me',
  'POST /v1/auth/logout',
  'POST /v1/auth/totp/setup',
  'POST /v1/auth/totp/confirm',
  'PUT /v1/auth/password',
]);

/**
 * What an agent's system with an API key never reaches, whatever the route's access rule:
 * account management (sign-in, password, two-factor, its own and other keys, agents, branches,
 * staff, operator users). Operator routes refuse it already (it signs in as agent staff).
 */
const API_KEY_CLOSED = ['/v1/auth/', '/v1/api-keys', '/v1/agents', '/v1/agent_groups', '/v1/agent_staffs', '/v1/users', '/v1/reset-password'];

export function apiKeyMayReach(url: string): boolean {
  return !API_KEY_CLOSED.some((prefix) => url === prefix || url.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`) || url.startsWith(`${prefix}?`));
}

/**
 * Resolves the caller from `Authorization: Bearer` (a session token or an agent's API key) or the session cookie, checks the CSRF
 * header on cookie-authenticated unsafe requests, and enforces the route's access rule before
 * the body is even parsed.
 */
/**
 * The auth module's session look-up and the api-keys module's key look-up (an agent's system's
 * bearer key) are handed in by app.ts: the plugins sit beneath the modules and import neither
 * module's services (ADR 024).
 */
export const authPlugin = fp(async (
  app: FastifyInstance,
  opts: {
    auth: { resolveSession(token: string, viaCookie: boolean): Promise<Principal | null> };
    limits: RateLimits;
    resolveApiKey: (key: string) => Promise<Principal | null>;
  },
) => {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    const token = sessionTokenOf(request);
    if (bearer?.startsWith(API_KEY_PREFIX)) request.principal = await opts.resolveApiKey(bearer);
    else if (token) request.principal = await opts.auth.resolveSession(token, bearer === undefined);

    const url = request.routeOptions.url;
    // A key that no longer stands is refused on every API call, public ones too: a system calling with a
    // revoked key must learn it at once, not be served quietly as an anonymous caller.
    if (bearer?.startsWith(API_KEY_PREFIX) && !request.principal && (url?.startsWith('/v1/') || url?.startsWith('/octo/'))) {
      throw new AppError('UNAUTHENTICATED', 'this API key is unknown or revoked');
    }
    // API routes without a rule are back-office only (fail closed); the web app's files are public.
    const access: Access = request.routeOptions.config.access ?? (url?.startsWith('/v1/') || url?.startsWith('/octo/') ? 'backOffice' : 'public');
    if (request.principal?.viaCookie && UNSAFE.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, request.principal.csrfToken)) {
        throw new AppError('CSRF_TOKEN_INVALID', 'the CSRF token is missing or wrong; reload the page');
      }
    }
    if (request.principal?.apiKey) {
      // Counted per key (not per address), in the database: one busy system cannot crowd out the agent's others, and N servers allow no more.
      await opts.limits.take('apiKey', String(request.principal.apiKey.id));
      if (url && !apiKeyMayReach(url)) throw new AppError('FORBIDDEN', 'an API key cannot manage accounts, keys or staff');
    }
    if (!url) return; // unknown route: the not-found handler answers
    // The group's link (?token=) on a route that also serves it: the handler checks the token, not the session.
    if (request.routeOptions.config.bookingToken && typeof (request.query as { token?: unknown } | undefined)?.token === 'string') return;
    // Staff whose agent requires two-factor sign-in reach only their session and its setup until they enrol.
    // Only the API is held: the web app's own files (its screens' code) must still load for the setup screen.
    if (request.principal?.user.totp_setup_required && url.startsWith('/v1/') && !TOTP_SETUP_OPEN.has(`${request.method} ${url}`)) {
      throw new AppError('TOTP_SETUP_REQUIRED', 'set up two-factor sign-in first');
    }
    if (allowed(access, request.principal)) return;
    if (!request.principal) throw new AppError('UNAUTHENTICATED', 'sign in to continue');
    throw new AppError('FORBIDDEN', 'you are not allowed to do this');
  });
});
