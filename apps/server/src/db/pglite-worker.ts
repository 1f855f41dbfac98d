/**
 * The embedded database's own thread (ADR 019): owns the PGlite instance and runs what the main
 * thread asks through pglite-thread.ts, each request as its message arrives, so PGlite's own
 * mutexes order them exactly as they would in one thread. A transaction is a session here:
 * `begin` opens pglite.transaction and keeps it open, the statements tagged with its number run
 * on its `tx`, and `end` commits (or rolls back) and closes it. Notices go back as they come,
 * before the answer of the statement whose commit sent them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, TransactionAbortedError, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FromWorker, ToWorker, WireError, WireOptions, WorkerStart } from './pglite-wire.ts';

const port = parentPort!;
const start = workerData as WorkerStart;
const post = (message: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/** What an error can carry across: PostgreSQL's fields as they are (the query options hold functions; the main thread has them). */
function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { kind: 'other', name: 'Error', message: String(error), fields: {}, hadQueryOptions: false };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    fields[key] = value;
  }
  const kind = error instanceof TransactionAbortedError ? 'aborted' : 'severity' in error && 'code' in error ? 'database' : 'other';
  return { kind, name: error.name, message: error.message, stack: error.stack, fields, hadQueryOptions: 'queryOptions' in error };
}

const keepText = (value: string) => value;
const parserSets = new Map<string, Record<number, (value: string) => string>>();

/** The options as PGlite takes them: the types to keep as text get the identity parser back. */
function queryOptions(options: WireOptions | undefined): QueryOptions | undefined {
  if (!options) return undefined;
  const { rawTypes, ...rest } = options;
  if (!rawTypes || rawTypes.length === 0) return rest;
  const key = rawTypes.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((oid) => [oid, keepText]));
    parserSets.set(key, parsers);
  }
  return { ...rest, parsers };
}

interface Session {
  tx: Transaction;
  end(commit: boolean): void;
  done: Promise<void>;
}

/** Asked to roll back: thrown out of the transaction callback so PGlite sends ROLLBACK. */
const ROLLBACK = Symbol('rollback');

const pglite = await PGlite.create({ dataDir: start.dataDir, loadDataDir: start.loadDataDir, extensions: { btree_gist, pg_trgm } }).catch((error: unknown) => {
  post({ started: false, error: wireError(error) });
  return undefined;
});

if (pglite) {
  const sessions = new Map<number, Session>();
  const listeners = new Map<number, () => Promise<void>>();
  const on = (tx: number | undefined): Pick<PGlite, 'query' | 'exec'> => {
    if (tx === undefined) return pglite;
    const session = sessions.get(tx);
    if (!session) throw new Error('Transaction is closed');
    return session.tx;
  };

  const begin = (id: number): void => {
    let end!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (end = resolve));
    let opened = false;
    const session = { end } as Session;
    session.done = pglite
      .transaction(async (tx) => {
        session.tx = tx;
        sessions.set(id, session);
        opened = true;
        post({ id, ok: true, value: id });
        if (!(await decided) && !tx.closed) throw ROLLBACK;
      })
      .then(
        () => void sessions.delete(id),
        (error: unknown) => {
          sessions.delete(id);
          // A BEGIN that failed answers the begin; after that, `end` answers with the outcome.
          if (!opened) post({ id, ok: false, error: wireError(error) });
          else if (error !== ROLLBACK) throw error;
        },
      );
    session.done.catch(() => undefined);
  };

  const handle = async (message: ToWorker): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> => {
    switch (message.op) {
      case 'query': {
        const result: Results = await on(message.tx).query(message.text, message.params, queryOptions(message.options));
        return { value: result };
      }
      case 'exec':
        return { value: await on(message.tx).exec(message.text, queryOptions(message.options)) };
      case 'rollback': {
        const session = sessions.get(message.tx);
        if (!session) throw new Error('Transaction is closed');
        await session.tx.rollback();
        return { value: undefined };
      }
      case 'end': {
        const session = sessions.get(message.tx);
        if (!session) throw new Error('Transaction is closed');
        session.end(message.commit);
        await session.done;
        return { value: undefined };
      }
      case 'listen': {
        const id = message.id;
        const stop = await pglite.listen(message.channel, (payload) => post({ notice: id, payload }));
        listeners.set(id, stop);
        return { value: id };
      }
      case 'unlisten': {
        const stop = listeners.get(message.listener);
        listeners.delete(message.listener);
        await stop?.();
        return { value: undefined };
      }
      case 'dump': {
        const dump = await pglite.dumpDataDir(message.compression);
        const bytes = await dump.arrayBuffer();
        return { value: { bytes, name: dump instanceof File ? dump.name : undefined, type: dump.type }, transfer: [bytes] };
      }
      case 'close': {
        for (const session of sessions.values()) session.end(false);
        await Promise.allSettled([...sessions.values()].map((s) => s.done));
        await pglite.close();
        return { value: undefined };
      }
      case 'begin':
        throw new Error('begin is answered by its transaction');
    }
  };

  port.on('message', (message: ToWorker) => {
    if (message.op === 'begin') return begin(message.id);
    handle(message).then(
      ({ value, transfer }) => {
        try {
          post({ id: message.id, ok: true, value }, transfer);
        } catch (error) {
          post({ id: message.id, ok: false, error: wireError(error) });
        }
      },
      (error: unknown) => post({ id: message.id, ok: false, error: wireError(error) }),
    );
  });
  post({ started: true });
}
