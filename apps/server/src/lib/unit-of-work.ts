import type { Db, Tx } from '../db/client.ts';

/** One database transaction plus the work to run only once it has committed. */
export interface Work {
  /** The database the transaction belongs to (for after-commit listeners keyed by database). */
  db: Db;
  tx: Tx;
  afterCommit(fn: () => unknown): void;
}

/**
 * Runs `fn` in one transaction: the change, its operation log, history and outbox rows commit
 * together or not at all. Hooks registered with afterCommit run after a successful commit.
 */
export async function inTransaction<T>(db: Db, fn: (work: Work) => Promise<T>): Promise<T> {
  const hooks: (() => unknown)[] = [];
  const result = await db.transaction((tx) => fn({ db, tx, afterCommit: (hook) => hooks.push(hook) }));
  for (const hook of hooks) {
    try {
      await hook();
    } catch {
      // After-commit work is best effort by design: a periodic job repeats it (see mail delivery).
    }
  }
  return result;
}
