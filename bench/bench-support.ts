/**
 * What several benchmarks share: a fresh PostgreSQL database to fill, a demo account's bearer
 * header, the request rate of one call, a free port, the trains a booking run books on, and writing
 * their section of bench/RESULTS.md in place.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { rowsOf, type Database } from '../apps/server/src/db/client.ts';

/** The middle of `xs` (the mean of the two middle values when their number is even; NaN when there are none). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** Drops and creates database `name` on the server `adminUrl` names; answers its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Signs a demo account in (the demo password); answers its bearer header. */
export async function bearerHeaders(app: FastifyInstance, email: string): Promise<{ authorization: string }> {
  const login = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password: 'Sagano#2026' } });
  return { authorization: `Bearer ${login.json().access_token as string}` };
}

/** Requests a second when `concurrency` callers send `req` again and again for `durationMs`; an answer of 400 or more stops the run. */
export async function requestsPerSecond(app: FastifyInstance, req: InjectOptions, durationMs: number, concurrency: number): Promise<number> {
  let done = 0;
  const end = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const res = await app.inject(req);
        if (res.statusCode >= 400) throw new Error(`${req.method ?? 'GET'} ${req.url} -> ${res.statusCode} ${res.body}`);
        done++;
      }
    }),
  );
  return (done * 1000) / durationMs;
}

/**
 * Replaces the section headed `marker` in bench/RESULTS.md with `section` (up to the next "## "),
 * or adds it before "## Bookings" (booking-bench.ts rewrites the file from that heading to the end),
 * or at the end; prints it.
 */
export function writeResultsSection(marker: string, section: string): void {
  const existing = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const span = sectionSpan(existing, marker);
  let next: string;
  if (span) {
    next = `${existing.slice(0, span.start)}${section}${span.after === -1 ? '' : `\n${existing.slice(span.after + 1)}`}`;
  } else if (existing.includes('## Bookings')) {
    const at = existing.indexOf('## Bookings');
    next = `${existing.slice(0, at)}${section}\n${existing.slice(at)}`;
  } else next = `${existing.trimEnd()}\n\n${section}`;
  writeFileSync(RESULTS_FILE, next);
  console.log(section);
}

const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);

/** Where the section headed `marker` starts in `text`, and where the next section starts (-1: it runs to the end). */
function sectionSpan(text: string, marker: string): { start: number; after: number } | null {
  const start = text.indexOf(marker);
  return start < 0 ? null : { start, after: text.indexOf('\n## ', start + marker.length) };
}

/** The section headed `marker` as bench/RESULTS.md holds it now ('' when it has none): what a run that leaves a part out keeps of it. */
export function readResultsSection(marker: string): string {
  const text = existsSync(RESULTS_FILE) ? readFileSync(RESULTS_FILE, 'utf8') : '';
  const span = sectionSpan(text, marker);
  return span ? text.slice(span.start, span.after === -1 ? undefined : span.after) : '';
}

export { freePort } from '../e2e/support/free-port.ts';

/** A train departure a booking run books on. */
export interface Target {
  date: string;
  serviceId: number;
}

/**
 * `count` down trains more than 40 days ahead, one per client, given room enough that the run
 * measures booking, not running out of seats.
 */
export async function bookingTargets(database: Database, count: number): Promise<Target[]> {
  const rows = rowsOf<{ service_date: string; service_id: number }>(
    await database.db.execute(sql`
      select i.service_date::text as service_date, i.service_id from service_day_inventories i
      join services s on s.id = i.service_id and s.direction = 'down'
      where i.service_date > current_date + 40 order by i.service_date, i.service_id limit ${count}`),
  );
  await database.db.execute(sql`update inventory_counters set capacity = 1000000 where service_date > current_date + 40`);
  return rows.map((r) => ({ date: r.service_date, serviceId: r.service_id }));
}
