/**
 * The embedded database runs the write path's statements prepared (db/pglite-prepared.ts, ADR
 * 045): once prepared, a statement answers what it answers unprepared, whatever the values, and
 * a statement that cannot be prepared still gives its own answer. On a PostgreSQL server the same
 * calls are the driver's named statements, so every check holds there too.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, wrapPglite, type Database } from '../src/db/client.ts';
import { executePrepared } from '../src/db/prepared.ts';
import { openTestDatabase } from './test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table prepared_probe (id int primary key, note text, doc jsonb, at timestamptz, tags text[], raw bytea)`);
});
afterAll(() => database.close());

const preparedNames = async () => rowsOf<{ name: string }>(await database.db.execute(sql`select name from pg_prepared_statements`)).map((r) => r.name);

describe('statements run prepared on the embedded database', () => {
  it('prepares a statement once and answers as the statement does', async () => {
    const before = await preparedNames();
    const read = (id: number) => sql`select id, note from prepared_probe where id = ${id} -- prepared probe read`;
    await database.db.execute(sql`insert into prepared_probe (id, note) values (1, 'one')`);
    const first = rowsOf(await executePrepared(database.db, read(1)));
    const again = rowsOf(await executePrepared(database.db, read(1)));
    expect(first).toEqual([{ id: 1, note: 'one' }]);
    expect(again).toEqual(rowsOf(await database.db.execute(read(1))));
    if (database.engine === 'pglite') expect((await preparedNames()).length).toBe(before.length + 1); // one database, one session
  });

  it('shares what is prepared between two handles on one embedded database', async () => {
    const read = sql`select note from prepared_probe where id = ${1} -- prepared through two handles`;
    expect(rowsOf(await executePrepared(database.db, read))).toEqual([{ note: 'one' }]);
    // How often the database ran its prepared statements (one session on the embedded database).
    const runs = async () => rowsOf<{ n: number }>(await database.db.execute(sql`select coalesce(sum(generic_plans + custom_plans), 0)::int as n from pg_prepared_statements`))[0]!.n;
    const before = await runs();
    // A second handle (as a second server instance over the same PGlite has) runs the statement prepared, not again as text.
    const second = database.pglite ? wrapPglite(database.pglite) : database;
    expect(rowsOf(await executePrepared(second.db, read))).toEqual([{ note: 'one' }]);
    if (database.engine === 'pglite') expect(await runs()).toBe(before + 1);
  });

  it('binds every kind of value as the statement unprepared would', async () => {
    const write = (v: { id: number; note: string | null; doc: unknown; at: Date; tags: string[]; raw: Buffer }) =>
      sql`insert into prepared_probe (id, note, doc, at, tags, raw) values (${v.id}, ${v.note}, ${JSON.stringify(v.doc)}::jsonb, ${v.at}, ${sql.param(v.tags)}::text[], ${v.raw}) returning note, doc, at, tags, encode(raw, 'hex') as raw`;
    let id = 100;
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.string({ unit: 'binary' }).map((s) => s.replaceAll('\u0000', ''))),
        fc.jsonValue().filter((v) => !JSON.stringify(v).includes('\\u0000')), // jsonb refuses NUL
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.array(fc.string().map((s) => s.replaceAll('\u0000', '')), { maxLength: 4 }),
        fc.uint8Array({ maxLength: 8 }),
        async (note, doc, at, tags, raw) => {
          const viaPrepared = rowsOf(await executePrepared(database.db, write({ id: id++, note, doc, at, tags, raw: Buffer.from(raw) })));
          const plain = rowsOf(await database.db.execute(write({ id: id++, note, doc, at, tags, raw: Buffer.from(raw) })));
          expect(viaPrepared).toEqual(plain);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps a statement prepared inside a transaction that rolls back', async () => {
    const read = sql`select count(*)::int as n from prepared_probe where note = ${'kept'} -- prepared in a rolled-back transaction`;
    await expect(
      database.db.transaction(async (tx) => {
        await executePrepared(tx, read);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(rowsOf(await executePrepared(database.db, read))).toEqual([{ n: 0 }]);
  });

  it('answers a statement that cannot be prepared with its own error, and the transaction with it', async () => {
    const broken = sql`select id from prepared_probe_missing where id = ${1}`;
    await expect(database.db.transaction(async (tx) => executePrepared(tx, broken))).rejects.toMatchObject({ cause: { code: '42P01' } }); // undefined_table
    // The savepoint around the PREPARE kept its failure to itself: the statement's own error is what
    // ended the transaction, and the database is usable after it.
    expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });
});
