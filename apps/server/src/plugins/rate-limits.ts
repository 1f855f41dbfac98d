/**
 * Rate limits counted in the database (ADR 018), so every server on it enforces one limit: a
 * caller spreading calls over N servers gets the limit once, not N times. Counters are rows of
 * `rate_limits`, written by rate-limiter-flexible's Drizzle store through the app's own Drizzle
 * handle (the same code on PostgreSQL and on the embedded PGlite, where they survive a restart).
 * A refusal is 429 RATE_LIMITED with Retry-After in seconds.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { RetryLater, wholeSeconds } from '../lib/app-error.ts';
import { pruneAttempts } from '../modules/auth/login-attempts.repository.ts';

/** Limits counted per caller address, named in a route's `config.rateLimit`. */
export type AddressLimit = 'login' | 'passwordResetRequest' | 'passwordResetComplete';
export type RateLimitName = AddressLimit | 'apiKey';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The limit this route's calls count against, per caller address (plugins/rate-limits). */
    rateLimit?: AddressLimit;
  }
}

const WINDOW_SECONDS = 60;
/** How often each server deletes counters whose window has ended (any server's; a few rows a sweep). */
const SWEEP_INTERVAL_MS = 5 * 60_000;

export interface RateLimits {
  /** Counts one call by `caller` against the limit; over it, throws 429 RATE_LIMITED with Retry-After. */
  take(name: RateLimitName, caller: string): Promise<void>;
}

export function createRateLimits(db: Db, perMinute: { login: number; apiKey: number }): RateLimits {
  const limiter = (keyPrefix: string, points: number) =>
    // The table comes from migration 0038; the store's own sweep timer is off (it outlives a closed app), see the plugin.
    new RateLimiterDrizzle({ storeClient: db, schema: t.rateLimits, keyPrefix, points, duration: WINDOW_SECONDS, clearExpiredByTimeout: false });
  const limiters: Record<RateLimitName, RateLimiterDrizzle> = {
    login: limiter('login-address', perMinute.login),
    // The numbers @fastify/rate-limit had: ten a minute per address, asking and completing counted apart.
    passwordResetRequest: limiter('reset-request-address', 10),
    passwordResetComplete: limiter('reset-complete-address', 10),
    apiKey: limiter('api-key', perMinute.apiKey),
  };
  return {
    async take(name, caller) {
      try {
        await limiters[name].consume(caller);
      } catch (refusal) {
        // The store rejects with the counter when over the limit, with an Error when the database failed.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const seconds = wholeSeconds(refusal.msBeforeNext);
        const what = name === 'apiKey' ? 'too many requests with this API key' : 'too many requests';
        throw new RetryLater('RATE_LIMITED', `${what}, try again in ${seconds} s`, seconds);
      }
    },
  };
}

/** Deletes counters whose window has ended, and sign-in attempts too old to count (the per-account limit's rows). */
export async function sweepRateLimits(db: Db): Promise<void> {
  await db.delete(t.rateLimits).where(lt(t.rateLimits.expire, new Date()));
  await pruneAttempts(db);
}

/** Counts calls of routes whose config names an address limit, before anything else is done for them. */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: { limits: RateLimits; db: Db }) => {
  app.addHook('onRequest', async (request) => {
    const name = request.routeOptions.config.rateLimit;
    if (name) await opts.limits.take(name, request.ip);
  });
  const sweep = setInterval(() => {
    sweepRateLimits(opts.db).catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', () => clearInterval(sweep));
});
