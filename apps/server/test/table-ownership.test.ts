/**
 * Every table has one owner module, declared next to its schema (`<area>TableOwners` in
 * src/db/schema/*.ts), and only the owner writes it (issue 36, ADR 024): others call the owner's
 * repository through its index.ts. Database calls live in repositories. Read from the source,
 * so a new writer elsewhere fails here before it reaches review.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';

const SRC = join(import.meta.dirname, '..', 'src');
const MODULES = readdirSync(join(SRC, 'modules')).filter((name) => statSync(join(SRC, 'modules', name)).isDirectory());
/** Owners that are not modules: the infrastructure beneath them. */
const INFRASTRUCTURE = ['db', 'jobs', 'lib', 'plugins', 'realtime'];

/** Files that may write any table, and why. */
const WRITES_ANYWHERE: Record<string, string> = {
  'db/seed/': 'the demo data and the first administrator: fixtures of every area, written in bulk before any module serves',
};

/**
 * Files that talk to the database without being a `*.repository.ts`, and why: the database's own
 * infrastructure, where the statement is the whole point of the file.
 */
const REPOSITORY_LIKE: Record<string, string> = {
  'db/client.ts': 'the database connection itself (its readiness check)',
  'db/paging.ts': 'the shared keyset and count paging every list uses',
  'db/pipelined-transaction.ts': 'the transaction itself on a server (BEGIN, COMMIT) and the statements repositories send ahead',
  'db/seed/': 'the demo data and the first administrator (see WRITES_ANYWHERE)',
  'modules/backup/restore.ts': 'restores a backup: reads the database it has just restored, before any module runs on it',
  'plugins/rate-limits.ts': 'the rate-limit plugin is the only user of its one-statement store (rate_limits)',
  'plugins/metrics.ts': 'the metrics plugin reads the outbox and webhook backlogs for /metrics in one round trip',
  'realtime/realtime-publish.ts': 'NOTIFY inside the writing transaction (pg_notify), the realtime hub’s door',
};

/**
 * Files not yet moved behind a repository, with how many database calls each still makes: the
 * count may only shrink (the test fails when a file makes more), and an entry goes when it is
 * zero. Empty: every module's database calls are in its repositories.
 */
const NOT_YET_IN_REPOSITORIES: Record<string, number> = {};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** `modules/<area>/…` → area; otherwise the top folder (db, jobs, lib, plugins, realtime) or the root file. */
function moduleOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'modules' ? parts[1]! : parts[0]!.replace(/\.ts$/, '');
}

const underAny = (file: string, list: Record<string, unknown>) => Object.keys(list).some((prefix) => file === prefix || (prefix.endsWith('/') && file.startsWith(prefix)));

// ---- the schema: tables and their owners ----

const tables = new Map<string, string>(); // drizzle export name → SQL name
for (const [name, value] of Object.entries(schema)) if (is(value, PgTable)) tables.set(name, getTableName(value));
const owners = new Map<string, string[]>(); // SQL name → owners declared
for (const [name, value] of Object.entries(schema)) {
  if (!name.endsWith('TableOwners')) continue;
  for (const [table, owner] of Object.entries(value as Record<string, string>)) owners.set(table, [...(owners.get(table) ?? []), owner]);
}
const tableNames = [...tables.values()];

// ---- the patterns ----

/**
 * Raw SQL that writes a table, also inside a CTE. Not `for update`, `for no key update`, or an
 * insert's `on conflict … do update` (which writes the insert's own table).
 */
const SQL_WRITE = new RegExp(
  `(?<!\\b(?:for|do|key)\\s+)\\b(insert\\s+into|update|delete\\s+from)\\s+(?:only\\s+)?"?(${tableNames.join('|')})"?(?![\\w."])`,
  'gi',
);
const WRITE_METHODS = new Set(['insert', 'update', 'delete']);
/** The query builder's and raw statements' entry points. */
const DB_METHODS = new Set(['execute', 'select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'with', '$count']);
/** What the code names a database or a transaction (`db`, `tx`, `executor`, `work.tx`, `deps.db`). */
const EXECUTORS = new Set(['db', 'tx', 'executor']);

interface Write {
  file: string;
  table: string;
  how: string;
}

/** The writes and the database calls of one file's source. */
function scan(file: string, text: string): { writes: Write[]; dbCalls: number } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const writes: Write[] = [];
  const sqlTexts: string[] = [];
  let dbCalls = 0;
  const tableOf = (node: ts.Node): string | undefined => {
    if (ts.isPropertyAccessExpression(node)) return tables.get(node.name.text);
    if (ts.isIdentifier(node)) return tables.get(node.text);
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) sqlTexts.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      // `update ${t.bookings} set …` names its table through the schema object.
      sqlTexts.push(node.head.text + node.templateSpans.map((span) => `${tableOf(span.expression) ?? ' $ '}${span.literal.text}`).join(''));
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression;
      const argument = node.arguments[0];
      if (WRITE_METHODS.has(method) && argument && ts.isPropertyAccessExpression(argument)) {
        const table = tableOf(argument);
        if (table) writes.push({ file, table, how: `.${method}()` });
      }
      const receiverName = ts.isIdentifier(receiver) ? receiver.text : ts.isPropertyAccessExpression(receiver) ? receiver.name.text : undefined;
      if (DB_METHODS.has(method) && receiverName !== undefined && EXECUTORS.has(receiverName)) dbCalls += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const text of sqlTexts) {
    for (const match of text.matchAll(SQL_WRITE)) writes.push({ file, table: match[2]!.toLowerCase(), how: match[1]!.toLowerCase().replace(/\s+/g, ' ') });
  }
  return { writes, dbCalls };
}

const files = sourceFiles(SRC)
  .map((path) => relative(SRC, path).split(sep).join('/'))
  .filter((file) => !file.startsWith('db/schema/') && file !== 'db/schema.ts');
const scanned = files.map((file) => ({ file, ...scan(file, readFileSync(join(SRC, file), 'utf8')) }));

describe('every table has one owner module', () => {
  it('reads the schema and the source files it checks', () => {
    expect(tables.size).toBeGreaterThan(60);
    expect(files.length).toBeGreaterThan(250);
    expect(scanned.flatMap((s) => s.writes).length).toBeGreaterThan(150);
  });

  it('every table of the schema has exactly one owner, a module or a named piece of infrastructure', () => {
    const problems = [
      ...tableNames.filter((table) => (owners.get(table) ?? []).length !== 1).map((table) => `${table}: owners ${JSON.stringify(owners.get(table) ?? [])}`),
      ...[...owners.keys()].filter((table) => !tableNames.includes(table)).map((table) => `${table}: not a table of the schema`),
      ...[...owners].filter(([, [owner]]) => !MODULES.includes(owner!) && !INFRASTRUCTURE.includes(owner!)).map(([table, [owner]]) => `${table}: owner ${owner} is no module`),
    ];
    expect(problems).toEqual([]);
  });

  it('only the owner writes a table (raw SQL, also in CTEs, and the query builder)', () => {
    const outside = scanned
      .flatMap((s) => s.writes)
      .filter((w) => !underAny(w.file, WRITES_ANYWHERE) && owners.get(w.table)?.[0] !== moduleOf(w.file))
      .map((w) => `${w.file}: ${w.table} (owner ${owners.get(w.table)?.[0]})`);
    expect([...new Set(outside)]).toEqual([]);
  });

  it('only repositories call the database', () => {
    const over = scanned
      .filter((s) => s.dbCalls > 0 && !s.file.endsWith('.repository.ts') && !underAny(s.file, REPOSITORY_LIKE))
      .filter((s) => s.dbCalls > (NOT_YET_IN_REPOSITORIES[s.file] ?? 0))
      .map((s) => `${s.file}: ${s.dbCalls} database calls${s.file in NOT_YET_IN_REPOSITORIES ? ` (allowed ${NOT_YET_IN_REPOSITORIES[s.file]})` : ''}`);
    expect(over).toEqual([]);
  });

  it('the allow lists name files that exist, and the pending counts are not stale', () => {
    const stale = [
      ...Object.keys({ ...WRITES_ANYWHERE, ...REPOSITORY_LIKE, ...NOT_YET_IN_REPOSITORIES }).filter((entry) => !files.some((f) => f === entry || (entry.endsWith('/') && f.startsWith(entry)))),
      // A file moved further than its entry says: lower the count, so it cannot grow back.
      ...Object.entries(NOT_YET_IN_REPOSITORIES).filter(([file, count]) => (scanned.find((s) => s.file === file)?.dbCalls ?? 0) < count).map(([file]) => `${file}: fewer calls than its entry`),
    ];
    expect(stale).toEqual([]);
  });

  it('the patterns catch a writer and a database call (they are not vacuous)', () => {
    const found = (text: string) => scan('modules/x/x.ts', text).writes.map((w) => `${w.table} ${w.how}`);
    expect(found("await tx.execute(sql`update bookings set status = 'CANCELLED'`)")).toEqual(['bookings update']);
    expect(found('await db.execute(sql`with gone as (delete from seat_assignments where booking_id = ${id} returning 1) select 1`)')).toEqual(['seat_assignments delete from']);
    expect(found('await tx.execute(sql`insert into "notifications" (kind) values (${k})`)')).toEqual(['notifications insert into']);
    expect(found('await tx.execute(sql`update ${t.bookingServices} set held_group = 0`)')).toEqual(['booking_services update']);
    expect(found('await tx.insert(t.accounts).values({})')).toEqual(['accounts .insert()']);
    expect(found('await db.update(t.bookings).set({}).where(x)')).toEqual(['bookings .update()']);
    expect(found('await work.tx.delete(t.notifications)')).toEqual(['notifications .delete()']);
    expect(found('await tx.execute(sql`insert into job_runs (job_name) values (1) on conflict (id) do update set job_name = excluded.job_name`)')).toEqual(['job_runs insert into']);
    expect(found('await tx.execute(sql`select * from bookings where id = 1 for update`)')).toEqual([]);
    expect(found('await tx.execute(sql`select 1 from bookings b for no key update of b`)')).toEqual([]);
    expect(found('// update bookings set status in the comment only')).toEqual([]);
    expect(scan('x.ts', 'await db.select().from(t.bookings); await work.tx.execute(sql`select 1`); map.delete(key);').dbCalls).toBe(2);
    expect(moduleOf('modules/booking-core/bookings.repository.ts')).toBe('booking-core');
    expect(moduleOf('plugins/rate-limits.ts')).toBe('plugins');
  });
});
