/**
 * Transactions whose statements go out ahead of their answers (db/pipelined-transaction.ts, ADR
 * 044): on a PostgreSQL server what is sent ahead shares the next round trip; on the embedded
 * database it runs at once. Either way the transaction keeps all of it or none of it, and a
 * failure sent ahead is the error the caller gets.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rowsOf, type Database } from '../src/db/client.ts';
import { sendAhead } from '../src/db/pipelined-transaction.ts';
import { openTestDatabase } from './test-database.ts';
import { withDatabaseName } from './test-database-names.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table pipeline_probe (id int primary key, note text not null)`);
});
afterAll(() => database.close());

const probeIds = async () => rowsOf<{ id: number }>(await database.db.execute(sql`select id from pipeline_probe order by id`)).map((r) => r.id);
const clear = () => database.db.execute(sql`delete from pipeline_probe`);

describe('a transaction with statements sent ahead', () => {
  it('keeps what was sent ahead with the rest, in the order sent', async () => {
    await clear();
    const seen = await database.db.transaction(async (tx) => {
      await sendAhead(tx, sql`insert into pipeline_probe values (1, 'first')`);
      await sendAhead(tx, sql`update pipeline_probe set note = 'second' where id = 1`, { prepared: true });
      const [row] = rowsOf<{ note: string }>(await tx.execute(sql`select note from pipeline_probe where id = 1`));
      await sendAhead(tx, sql`insert into pipeline_probe values (2, 'with the commit')`);
      return row?.note;
    });
    expect(seen).toBe('second');
    expect(await probeIds()).toEqual([1, 2]);
  });

  it('fails as a whole when a statement sent with the commit fails, with that statement\'s error', async () => {
    await clear();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipeline_probe values (3, 'kept only with the rest')`);
        await sendAhead(tx, sql`insert into pipeline_probe values (4, null)`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23502' } }); // not_null_violation, not "current transaction is aborted"
    expect(await probeIds()).toEqual([]);
  });

  it('answers the failure sent ahead, not the aborted transaction the next statement met', async () => {
    await clear();
    await database.db.execute(sql`insert into pipeline_probe values (5, 'there before')`);
    await expect(
      database.db.transaction(async (tx) => {
        await sendAhead(tx, sql`insert into pipeline_probe values (5, 'a duplicate')`);
        await tx.execute(sql`insert into pipeline_probe values (6, 'after it')`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } }); // unique_violation
    expect(await probeIds()).toEqual([5]);
  });

  it('rolls back what was sent ahead when the work fails afterwards', async () => {
    await clear();
    await expect(
      database.db.transaction(async (tx) => {
        await sendAhead(tx, sql`insert into pipeline_probe values (7, 'sent ahead')`);
        throw new Error('the work refused');
      }),
    ).rejects.toThrow('the work refused');
    expect(await probeIds()).toEqual([]);
  });

  it('keeps savepoints working inside: a failed one undone, the transaction kept', async () => {
    await clear();
    await database.db.transaction(async (tx) => {
      await sendAhead(tx, sql`insert into pipeline_probe values (8, 'outer')`);
      await expect(
        tx.transaction(async (inner) => {
          await sendAhead(inner, sql`insert into pipeline_probe values (9, 'inner')`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    expect(await probeIds()).toEqual([8]);
  });

  it('begins with the isolation level asked for', async () => {
    const level = await database.db.transaction(async (tx) => rowsOf<{ transaction_isolation: string }>(await tx.execute(sql`show transaction_isolation`))[0]?.transaction_isolation, { isolationLevel: 'serializable' });
    expect(level).toBe('serializable');
  });

  it('does not wait for what it sends ahead on a server, and runs it at once on the embedded database', async () => {
    await clear();
    if (database.engine === 'pglite') {
      // One connection: the statement has run when sendAhead answers.
      await database.db.transaction(async (tx) => {
        await sendAhead(tx, sql`insert into pipeline_probe values (10, 'at once')`);
        expect(rowsOf(await tx.execute(sql`select 1 from pipeline_probe where id = 10`))).toHaveLength(1);
      });
      expect(await probeIds()).toEqual([10]);
      return;
    }
    // A second connection holds a lock the statement sent ahead waits for on the server: had
    // sendAhead waited for its answer, the lock would never be let go and the test would hang.
    const [{ current_database: name }] = (await database.raw.executeSql('select current_database()')).rows as [{ current_database: string }];
    const target = inject('testDatabase');
    const other = new pg.Client({ connectionString: target.engine === 'postgres' ? withDatabaseName(target.url, name) : '' });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(7310044)');
      await database.db.transaction(async (tx) => {
        await sendAhead(tx, sql`select pg_advisory_xact_lock(7310044)`);
        await sendAhead(tx, sql`insert into pipeline_probe values (11, 'behind the lock')`);
        await other.query('select pg_advisory_unlock(7310044)');
      });
    } finally {
      await other.end();
    }
    expect(await probeIds()).toEqual([11]);
  });

  it('leaves the pool\'s connections plain for cursors afterwards', async () => {
    await clear();
    await database.db.transaction(async (tx) => sendAhead(tx, sql`insert into pipeline_probe values (12, 'then a cursor')`));
    if (!database.streamRows) {
      expect(database.engine).toBe('pglite'); // cursors are the server's (Database.streamRows)
      return;
    }
    const batches: { id: number }[][] = [];
    // Every pool connection has been through a transaction by now, so the cursor gets one of them.
    await Promise.all(Array.from({ length: 12 }, () => database.db.transaction(async (tx) => tx.execute(sql`select 1`))));
    for await (const batch of database.streamRows<{ id: number }>(sql`select id from pipeline_probe`, 10)) batches.push(batch);
    expect(batches.flat().map((r) => r.id)).toEqual([12]);
  });
});
