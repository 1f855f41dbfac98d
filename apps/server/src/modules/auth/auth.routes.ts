import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSRF_COOKIE, ChangePasswordBody, CompletePasswordResetBody, LoginBody, LoginResponse, MeResponse, RequestPasswordResetBody, SESSION_COOKIE, TotpCodeBody, TotpSetupResponse } from '@sagano/domain/auth/auth-schemas';
import type { Config } from '../../config.ts';
import type { AuthService } from './auth.service.ts';

const Ok = z.object({ ok: z.literal(true) });

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, config } = deps;

  function setSessionCookies(reply: FastifyReply, token: string, csrfToken: string, expiresAt: Date) {
    const common = { path: '/', sameSite: 'lax' as const, secure: config.cookieSecure, expires: expiresAt };
    reply.setCookie(SESSION_COOKIE, token, { ...common, httpOnly: true });
    reply.setCookie(CSRF_COOKIE, csrfToken, { ...common, httpOnly: false });
  }

  function clearSessionCookies(reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(CSRF_COOKIE, { path: '/' });
  }

  r.post('/v1/auth/login', {
    schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginResponse } },
    config: { access: 'public', operation: 'auth.login', rateLimit: 'login' },
  }, async (request, reply) => {
    const result = await auth.login(request.body, {
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      previousToken: request.cookies[SESSION_COOKIE],
    });
    setSessionCookies(reply, result.token, result.csrfToken, result.expiresAt);
    return { access_token: result.token, expires_at: result.expiresAt.toISOString(), user: result.user };
  });

  r.post('/v1/auth/logout', {
    schema: { tags: ['auth'], response: { 200: Ok } },
    config: { access: 'authenticated', operation: 'auth.logout' },
  }, async (request, reply) => {
    const principal = request.principal!;
    await request.mutate((work) => auth.logout(work.tx, principal));
    clearSessionCookies(reply);
    return { ok: true as const };
  });

  r.get('/v1/auth/me', {
    schema: { tags: ['auth'], response: { 200: MeResponse } },
    config: { access: 'authenticated' },
  }, async (request) => ({ user: request.principal!.user, expires_at: request.principal!.expiresAt.toISOString() }));

  r.post('/v1/auth/totp/setup', {
    schema: { tags: ['auth'], response: { 200: TotpSetupResponse } },
    config: { access: 'authenticated', operation: 'auth.totp_setup' },
  }, (request) => request.mutate((work) => auth.startTotpSetup(work, request.principal!)));

  r.post('/v1/auth/totp/confirm', {
    schema: { tags: ['auth'], body: TotpCodeBody, response: { 200: Ok } },
    config: { access: 'authenticated', operation: 'auth.totp_confirm' },
  }, async (request) => {
    await request.mutate((work) => auth.confirmTotp(work, request.principal!, request.body.code));
    return { ok: true as const };
  });

  r.delete('/v1/auth/totp', {
    schema: { tags: ['auth'], body: TotpCodeBody, response: { 200: Ok } },
    config: { access: 'authenticated', operation: 'auth.totp_disable' },
  }, async (request) => {
    await request.mutate((work) => auth.disableTotp(work, request.principal!, request.body.code));
    return { ok: true as const };
  });

  r.put('/v1/auth/password', {
    schema: { tags: ['auth'], body: ChangePasswordBody, response: { 200: Ok } },
    config: { access: 'authenticated', operation: 'auth.change_password' },
  }, async (request) => {
    const principal = request.principal!;
    await request.mutate((work) => auth.changePassword(work, principal, request.body.current_password, request.body.new_password));
    return { ok: true as const };
  });

  r.post('/v1/reset-password', {
    schema: { tags: ['auth'], body: RequestPasswordResetBody, response: { 200: Ok } },
    config: { access: 'public', operation: 'auth.request_password_reset', rateLimit: 'passwordResetRequest' },
  }, async (request) => {
    await request.mutate((work) => auth.requestPasswordReset(work, request.body.role, request.body.email));
    return { ok: true as const };
  });

  r.put('/v1/reset-password', {
    schema: { tags: ['auth'], body: CompletePasswordResetBody, response: { 200: Ok } },
    config: { access: 'public', operation: 'auth.complete_password_reset', rateLimit: 'passwordResetComplete' },
  }, async (request) => {
    await request.mutate((work) => auth.completePasswordReset(work, request.body.token, request.body.password));
    return { ok: true as const };
  });

}
