/**
 * Rate-limit counters shared by every server on the database (ADR 018): one row per limit and
 * caller (`login-address:203.0.113.7`, `api-key:12`…), a fixed window that starts with the first
 * call. Written only by plugins/rate-limits through rate-limiter-flexible's Drizzle store, whose
 * column names (key, points, expire) these are.
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  /** Calls counted in the current window. */
  points: integer('points').notNull().default(0),
  /** When the window ends; a later call starts a new one. Rows past it are swept. */
  expire: timestamp('expire', { withTimezone: true }),
});

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const rateLimitsTableOwners = {
  // Infrastructure: the rate-limit plugin (plugins/rate-limits.ts), beneath every module.
  rate_limits: 'plugins',
} as const;
