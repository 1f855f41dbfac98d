/**
 * What several benchmarks share: a fresh PostgreSQL database to fill, and writing their section of
 * bench/RESULTS.md in place.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';

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

/**
 * Replaces the section headed `marker` in bench/RESULTS.md with `section` (up to the next "## "),
 * or adds it before "## Bookings" (booking-bench.ts rewrites the file from that heading to the end),
 * or at the end; prints it.
 */
export function writeResultsSection(marker: string, section: string): void {
  const file = new URL('./RESULTS.md', import.meta.url);
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  let next: string;
  if (existing.includes(marker)) {
    const start = existing.indexOf(marker);
    const after = existing.indexOf('\n## ', start + marker.length);
    next = `${existing.slice(0, start)}${section}${after === -1 ? '' : `\n${existing.slice(after + 1)}`}`;
  } else if (existing.includes('## Bookings')) {
    const at = existing.indexOf('## Bookings');
    next = `${existing.slice(0, at)}${section}\n${existing.slice(at)}`;
  } else next = `${existing.trimEnd()}\n\n${section}`;
  writeFileSync(file, next);
  console.log(section);
}
