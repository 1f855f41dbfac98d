/**
 * The embedded database in a thread of its own (ADR 019): a long statement does not hold the
 * server's event loop, and what crosses the thread is what PGlite gives in one thread: the same
 * rows (dates, numerics, JSON, bytea, bigints, arrays, through drizzle and the raw door), the same
 * errors with PostgreSQL's fields, the same transaction outcomes, notices before the answer of the
 * statement that sent them.
 */
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPglite, type Database } from '../src/db/client.ts';
import { PgliteThread } from '../src/db/pglite-thread.ts';
import { createTestApp, type TestApp } from './test-app.ts';

describe('a long statement, with the embedded database in its worker (EMBEDDED_DATABASE_THREAD=worker)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ embeddedThread: 'worker' });
  });
  afterAll(() => ctx.close());

  it('leaves the server answering meanwhile', async () => {
    // The first answers build what every answer needs (the contract check of the tests among it).
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/stations' })).statusCode).toBe(200);
    const order: string[] = [];
    const long = ctx.database.raw.executeSql('select pg_sleep(2)').then(() => order.push('long statement'));
    // A timer fires only while the event loop is free: in one thread with the database it would
    // wait for the whole statement, which would then be over before the requests below are sent.
    await new Promise((r) => setTimeout(r, 200));
    order.push('requests sent');
    const health = ctx.app.inject({ method: 'GET', url: '/health' }).then((res) => {
      order.push('health');
      return res;
    });
    const stations = ctx.app.inject({ method: 'GET', url: '/v1/stations' }).then((res) => {
      order.push('stations');
      return res;
    });
    expect((await health).json()).toEqual({ status: 'ok' });
    expect(order).toEqual(['requests sent', 'health']);
    const answer = await stations;
    expect(answer.statusCode).toBe(200);
    expect(answer.json().stations).toHaveLength(4);
    await long;
    // On the one embedded connection the stations' read waits its turn behind the statement; a
    // PostgreSQL pool answers it on another connection before.
    expect(order.slice(2).sort()).toEqual(['long statement', 'stations']);
    if (ctx.database.engine === 'pglite') expect(order.slice(2)).toEqual(['long statement', 'stations']);
  });
});

describe('across the thread', () => {
  // One database made once, then the same folder in this thread and in a thread of its own.
  let threaded: Database;
  let local: Database;
  beforeAll(async () => {
    const thread = await PgliteThread.start(undefined);
    await thread.exec(`
      create table sample (id int primary key, name text not null check (name <> ''), at timestamptz, amount numeric(12,2), data jsonb, bytes bytea, big bigint);
      create table slots (id int primary key, during int4range, exclude using gist (during with &&));`);
    const dump = await thread.dumpDataDir('none');
    threaded = wrapPglite(thread);
    local = wrapPglite(await PGlite.create({ loadDataDir: dump, extensions: { btree_gist, pg_trgm } }));
  });
  afterAll(async () => {
    await threaded?.close();
    await local?.close();
  });

  /** Runs `work` on both and answers both outcomes (a value, or the error's class and fields). */
  async function both(work: (database: Database) => Promise<unknown>): Promise<[unknown, unknown]> {
    const outcome = (database: Database) =>
      work(database).then(
        (value) => ({ value }),
        (error: Error & { cause?: Error }) => {
          const fields = (e: Error | undefined) => e && { class: e.constructor.name, message: e.message, ...Object.fromEntries(Object.entries(e).filter(([key]) => key !== 'cause' && key !== 'queryOptions')) };
          return { error: fields(error), cause: fields(error.cause) };
        },
      );
    return [await outcome(threaded), await outcome(local)];
  }

  it('reads every type as PGlite does in one thread', async () => {
    const [fromThread, fromHere] = await both((d) =>
      d.db.execute(sql`select now() as now, timestamp '2026-11-28 10:00' as ts, date '2026-11-28' as d, interval '1 day 2 hours' as i,
        12.50::numeric(12,2) as n, array[1.5, 2.25]::numeric[] as ns, array[date '2026-01-01'] as ds, '{"a":[1,"x",null]}'::jsonb as j,
        '{"b":true}'::json as js, '\\x00ff10'::bytea as b, 9007199254740993::bigint as big, 3.25::float8 as f, true as t,
        array['x','y'] as texts, array[1,2]::int[] as ints, gen_random_uuid() is not null as u, null::text as nothing`),
    );
    const row = (fromThread as { value: { rows: Record<string, unknown>[] } }).value.rows[0]!;
    const localRow = (fromHere as { value: { rows: Record<string, unknown>[] } }).value.rows[0]!;
    expect({ ...row, now: undefined }).toStrictEqual({ ...localRow, now: undefined });
    expect(typeof row.now).toBe(typeof localRow.now);
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect(row.j).toEqual({ a: [1, 'x', null] });
  });

  it('writes and reads parameters, through drizzle and the raw door, alike', async () => {
    const write = (d: Database, id: number) =>
      d.raw.executeSql('insert into sample (id, name, at, amount, data, bytes, big) values ($1, $2, $3, $4, $5, $6, $7) returning *', [
        id,
        '名前',
        new Date('2026-11-28T01:02:03.456Z'),
        '1234.5',
        { nested: { list: [1, 2] } },
        Buffer.from([1, 2, 3]),
        12345678901234n,
      ]);
    const [a, b] = await both(async (d) => [await write(d, 1), await d.db.execute(sql`select * from sample where id = ${1}`)]);
    expect(a).toStrictEqual(b);
    const [rowModeArray, rowModeArrayHere] = await both(async (d) => {
      const rows = await d.db.execute(sql`select id, at, amount from sample`);
      return (rows as unknown as { rows: unknown[] }).rows;
    });
    expect(rowModeArray).toStrictEqual(rowModeArrayHere);
  });

  it('fails with the same errors and PostgreSQL fields', async () => {
    const cases: ((d: Database) => Promise<unknown>)[] = [
      (d) => d.db.execute(sql`insert into sample (id, name) values (1, 'again')`), // 23505
      (d) => d.db.execute(sql`insert into sample (id, name) values (2, '')`), // 23514
      (d) => d.raw.executeSql("insert into slots values (1, '[1,5)'), (2, '[3,8)')"), // 23P01
      (d) => d.raw.executeSql('select * from no_such_table where id = $1', [1]), // 42P01
      (d) => d.db.execute(sql`select 1/0`), // 22012
    ];
    for (const work of cases) {
      const [fromThread, fromHere] = await both(work);
      expect(fromThread).toStrictEqual(fromHere);
      expect((fromThread as { error?: unknown }).error).toBeDefined();
    }
    const [unique] = await both(cases[0]!);
    expect((unique as { cause: Record<string, unknown> }).cause).toMatchObject({ code: '23505', constraint: 'sample_pkey', table: 'sample', detail: 'Key (id)=(1) already exists.' });
  });

  it('commits, rolls back and refuses to commit an aborted transaction alike', async () => {
    const count = async (d: Database, id: number) => (await d.raw.executeSql('select count(*)::int as n from sample where id = $1', [id])).rows;
    const [thrown, thrownHere] = await both(async (d) => {
      await d.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into sample (id, name) values (10, 'rolled back')`);
          throw new Error('the callback failed');
        })
        .catch((error: Error) => error.message);
      return count(d, 10);
    });
    expect(thrown).toStrictEqual(thrownHere);
    expect(thrown).toEqual({ value: [{ n: 0 }] });

    const [committed, committedHere] = await both(async (d) => {
      await d.db.transaction(async (tx) => {
        await tx.execute(sql`insert into sample (id, name) values (11, 'kept')`);
        await tx.transaction(async (inner) => inner.execute(sql`insert into sample (id, name) values (12, 'kept too')`));
        await tx.transaction(async (inner) => {
          await inner.execute(sql`insert into sample (id, name) values (13, 'savepoint undone')`);
          throw new Error('inner');
        }).catch(() => undefined);
      });
      return [await count(d, 11), await count(d, 12), await count(d, 13)];
    });
    expect(committed).toStrictEqual(committedHere);
    expect(committed).toEqual({ value: [[{ n: 1 }], [{ n: 1 }], [{ n: 0 }]] });

    // A statement failed inside and the callback went on: COMMIT rolls back, and says so.
    const [aborted, abortedHere] = await both((d) =>
      d.db.transaction(async (tx) => {
        await tx.execute(sql`insert into sample (id, name) values (14, 'lost')`);
        await tx.execute(sql`select 1/0`).catch(() => undefined);
      }),
    );
    expect(aborted).toStrictEqual(abortedHere);
    expect((aborted as { error: { message: string } }).error.message).toBe('Transaction was rolled back instead of committed');

    // PGlite's own rollback inside its transaction (drizzle's rollback throws instead).
    const [rolledBack, rolledBackHere] = await both(async (d) => {
      const closed = await d.pglite!.transaction(async (tx) => {
        await tx.query("insert into sample (id, name) values (15, 'asked to roll back')");
        await tx.rollback();
        return tx.closed;
      });
      return [closed, await count(d, 15)];
    });
    expect(rolledBack).toStrictEqual(rolledBackHere);
    expect(rolledBack).toEqual({ value: [true, [{ n: 0 }]] });
  });

  it('delivers a notice before the answer of the statement that sent it', async () => {
    const [fromThread, fromHere] = await both(async (d) => {
      const events: string[] = [];
      const stop = await d.listen('thread_test', (payload) => events.push(`notice ${payload}`));
      await d.raw.executeSql("select pg_notify('thread_test', 'one')").then(() => events.push('answer'));
      await stop();
      await d.raw.executeSql("select pg_notify('thread_test', 'after stop')");
      return events;
    });
    expect(fromThread).toStrictEqual(fromHere);
    expect(fromThread).toEqual({ value: ['notice one', 'answer'] });
  });
});
