/**
 * One ledger, one door (DESIGN §6): only the payments module writes the payment tables, and no
 * other module imports its repository or its step kernel's internals. Read from the source, so a
 * new writer elsewhere fails here before it reaches review.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');
const PAYMENTS = join(SRC, 'modules', 'payments') + sep;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const outside = sourceFiles(SRC).filter((f) => !f.startsWith(PAYMENTS));
const TABLES = ['payments', 'payment_transactions', 'payment_attempts', 'gateway_events'];
const DRIZZLE_TABLES = ['payments', 'paymentTransactions', 'paymentAttempts', 'gatewayEvents'];
/** Raw SQL that writes one of the payment tables. */
const SQL_WRITE = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?(${TABLES.join('|')})"?\\b`, 'i');
/** A drizzle write to one of them. */
const DRIZZLE_WRITE = new RegExp(`\\.(insert|update|delete)\\(\\s*t\\.(${DRIZZLE_TABLES.join('|')})\\b`);
/** What of payments others may not import: its repository (writes), and the step kernel's raw writers. */
const PRIVATE_IMPORT = /from\s+'[^']*modules\/payments\/payments\.repository\.ts'|from\s+'\.\.\/payments\/payments\.repository\.ts'/;

describe('the payment tables have one writer', () => {
  it('finds the source files it checks', () => {
    expect(outside.length).toBeGreaterThan(100);
    expect(sourceFiles(PAYMENTS).length).toBeGreaterThan(5);
  });

  it('no file outside modules/payments writes payments, payment_transactions, payment_attempts or gateway_events', () => {
    const writers = outside.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return SQL_WRITE.test(text) || DRIZZLE_WRITE.test(text);
    });
    expect(writers.map((f) => relative(SRC, f))).toEqual([]);
  });

  it("no file outside modules/payments imports the payments repository (reads go through payment-reads.ts)", () => {
    const importers = outside.filter((f) => PRIVATE_IMPORT.test(readFileSync(f, 'utf8')));
    expect(importers.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('the patterns catch a writer (they are not vacuous)', () => {
    expect(SQL_WRITE.test("await tx.execute(sql`update payments set status = 'NO_NEED_TO_PAY'`)")).toBe(true);
    expect(SQL_WRITE.test('insert into "payment_transactions" (payment_id) values (1)')).toBe(true);
    expect(DRIZZLE_WRITE.test('await tx.insert(t.payments).values({})')).toBe(true);
    expect(DRIZZLE_WRITE.test('db.update(t.paymentTransactions).set({})')).toBe(true);
    expect(PRIVATE_IMPORT.test("import { insertPayment } from '../payments/payments.repository.ts';")).toBe(true);
    expect(SQL_WRITE.test('select * from payments')).toBe(false);
  });
});
