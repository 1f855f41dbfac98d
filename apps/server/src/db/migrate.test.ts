import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../test/test-database.ts';
import { rowsOf } from './client.ts';

describe('migrations', () => {
  it('create every table on the engine under test', async () => {
    const database = await openTestDatabase();
    try {
      const rows = rowsOf<{ table_name: string }>(
        await database.db.execute(
          sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
        ),
      );
      const names = rows.map((r) => r.table_name);
      for (const t of ['accounts', 'operator_users', 'sessions', 'operation_logs', 'outbox_mails', 'stations', 'seats']) {
        expect(names).toContain(t);
      }
    } finally {
      await database.close();
    }
  });
});
