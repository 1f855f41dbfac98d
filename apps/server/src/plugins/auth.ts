import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, SESSION_COOKIE } from '@sagano/domain/auth/auth-schemas';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { AppError } from '../lib/app-error.ts';
import { safeEqual } from '../lib/tokens.ts';
import type { Principal } from '../modules/auth/principal.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
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
 * Resolves the caller from `Authorization: Bearer` or the session cookie, checks the CSRF
 * header on cookie-authenticated unsafe requests, and enforces the route's access rule before
 * the body is even parsed.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { auth: AuthService }) => {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    const token = sessionTokenOf(request);
    if (token) request.principal = await opts.auth.resolveSession(token, bearer === undefined);

    const url = request.routeOptions.url;
    // API routes without a rule are back-office only (fail closed); the web app's files are public.
    const access: Access = request.routeOptions.config.access ?? (url?.startsWith('/v1/') ? 'backOffice' : 'public');
    if (request.principal?.viaCookie && UNSAFE.has(request.method)) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, request.principal.csrfToken)) {
        throw new AppError('CSRF_TOKEN_INVALID', 'the CSRF token is missing or wrong; reload the page');
      }
    }
    if (!url) return; // unknown route: the not-found handler answers
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
