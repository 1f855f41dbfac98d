/**
 * The embedded database in a thread of its own (ADR 019). PGlite is PostgreSQL compiled to
 * WebAssembly: run in the server's thread, every statement's work would hold the event loop, so
 * one long query stalls every request while the second core idles. Here a worker thread
 * (pglite-worker.ts) owns the PGlite instance and this class stands in for it in the main thread,
 * with the part of PGlite's interface the product calls: drizzle's session (query with its row
 * mode and type parsers, exec, transaction with its tx.query, tx.exec, tx.rollback), listen, the
 * data-folder dump and close. Each call is one message there and one answer back.
 *
 * - A transaction is a session in the worker: BEGIN through pglite.transaction, each statement of
 *   the callback sent on its own, COMMIT when the callback returns (ROLLBACK when it throws).
 *   Statements from outside wait for it as PGlite's own mutex makes them wait in one thread.
 * - drizzle's type parsers are all `value => value` (dates, intervals, numeric and date arrays kept
 *   as text): they travel as the list of types to keep as text; anything else is refused rather
 *   than run differently. Every other value is parsed by PGlite in the worker and crosses the
 *   structured clone intact (Date, bigint, Uint8Array, parsed JSON).
 * - An error comes back as PGlite's own class with PostgreSQL's fields (code, detail,
 *   constraint, …), and the query, parameters and options it was asked with.
 * - NOTIFY: the worker's listener posts each payload, before the answer of the statement whose
 *   commit sent it, as in one thread.
 */
import { Worker } from 'node:worker_threads';
import { messages, TransactionAbortedError, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { DumpCompression, FromWorker, ToWorker, WireDump, WireError, WireOptions, WorkerStart } from './pglite-wire.ts';

/** What a transaction callback gets: PGlite's Transaction without sql and listen (unused). */
export interface EmbeddedTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** The part of PGlite the product uses; a PGlite instance has it too. */
export interface EmbeddedPglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: DumpCompression): Promise<File | Blob>;
  close(): Promise<void>;
}

const WORKER_FILE = new URL('./pglite-worker.ts', import.meta.url);

/** The statement an answer belongs to, to put back on its error as PGlite does. */
interface Asked {
  text: string;
  params: unknown[] | undefined;
  options: QueryOptions | undefined;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  asked: Asked | undefined;
}

const PROBE = '\u0000text as it is';
const wireOptionsOf = new WeakMap<QueryOptions, WireOptions>();

/** The options as they can cross: a parser must keep the text as it is (drizzle's all do). */
function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const known = wireOptionsOf.get(options);
  if (known) return known;
  if (options.serializers || options.blob || options.onNotice) throw new Error('serializers, blob and onNotice cannot be passed to the embedded database, which runs in a thread of its own');
  const rawTypes: number[] = [];
  for (const [oid, parser] of Object.entries(options.parsers ?? {})) {
    if (parser(PROBE, Number(oid)) !== PROBE) throw new Error(`type ${oid}: the embedded database parses in a thread of its own, where only a parser keeping the text as it is (value => value) can be asked for`);
    rawTypes.push(Number(oid));
  }
  const wire: WireOptions = {};
  if (options.rowMode) wire.rowMode = options.rowMode;
  if (options.paramTypes) wire.paramTypes = options.paramTypes;
  if (rawTypes.length > 0) wire.rawTypes = rawTypes;
  wireOptionsOf.set(options, wire);
  return wire;
}

/** The error as PGlite would have thrown it in this thread. */
function reviveError(wire: WireError, asked?: Asked): Error {
  const error =
    wire.kind === 'database'
      ? new messages.DatabaseError(wire.message, Number(wire.fields.length ?? 0), 'error')
      : wire.kind === 'aborted'
        ? new TransactionAbortedError()
        : Object.assign(new Error(wire.message), { name: wire.name });
  Object.assign(error, wire.fields);
  // PGlite puts the statement on its errors: the parameters and options as they were given here.
  if (asked && 'params' in wire.fields) Object.assign(error, { params: asked.params });
  if (wire.hadQueryOptions) Object.assign(error, { queryOptions: asked?.options });
  if (wire.stack) error.stack = wire.stack;
  return error;
}

type Request = ToWorker extends infer M ? (M extends { id: number } ? Omit<M, 'id'> : never) : never;

export class PgliteThread implements EmbeddedPglite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 0;
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;

  /** Starts the thread and its PGlite (the data folder, or a dump to load, or in memory). */
  static async start(dataDir: string | undefined, loadDataDir?: Blob): Promise<PgliteThread> {
    const start: WorkerStart = { dataDir, loadDataDir };
    const worker = new Worker(WORKER_FILE, { workerData: start });
    let onError!: (error: Error) => void;
    let onExit!: (code: number) => void;
    let onMessage!: (message: FromWorker) => void;
    try {
      await new Promise<void>((resolve, reject) => {
        onError = reject;
        onExit = (code) => reject(new Error(`the embedded database's thread ended while starting (exit code ${code})`));
        onMessage = (message) => {
          if ('started' in message && message.started) resolve();
          else if ('started' in message) reject(reviveError(message.error));
          else reject(new Error('the embedded database answered before it had started'));
        };
        worker.on('error', onError).on('exit', onExit).on('message', onMessage);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.off('error', onError).off('exit', onExit).off('message', onMessage);
    }
    return new PgliteThread(worker);
  }

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: FromWorker) => this.#receive(message));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`the embedded database's thread ended (exit code ${code})`)));
    // Like PGlite in this thread, an idle database keeps nothing alive: the thread is referenced
    // only while an answer is awaited.
    worker.unref();
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#ask({ op: 'query', text, params, options: wireOptions(options) }, { text, params, options });
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.#ask({ op: 'exec', text, options: wireOptions(options) }, { text, params: undefined, options });
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const id = await this.#ask<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: EmbeddedTransaction = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#ask<Results<R>>({ op: 'query', text, params, options: wireOptions(options), tx: id }, { text, params, options });
      },
      exec: async (text: string, options?: QueryOptions) => {
        open();
        return this.#ask<Results[]>({ op: 'exec', text, options: wireOptions(options), tx: id }, { text, params: undefined, options });
      },
      rollback: async () => {
        open();
        await this.#ask({ op: 'rollback', tx: id });
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#ask({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.#ask({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.#ask<number>({ op: 'listen', channel });
    this.#listeners.set(listener, onPayload);
    return async () => {
      if (!this.#listeners.delete(listener)) return;
      await this.#ask({ op: 'unlisten', listener });
    };
  }

  async dumpDataDir(compression?: DumpCompression): Promise<File | Blob> {
    const dump = await this.#ask<WireDump>({ op: 'dump', compression });
    const bytes = new Uint8Array(dump.bytes);
    return dump.name === undefined ? new Blob([bytes], { type: dump.type }) : new File([bytes], dump.name, { type: dump.type });
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#failure) await this.#ask({ op: 'close' });
      } finally {
        this.#failure ??= new Error('PGlite is closed');
        this.#listeners.clear();
        await this.#worker.terminate();
      }
    })();
    return this.#closing;
  }

  #ask<T>(request: Request, asked?: Asked): Promise<T> {
    if (this.#closing && request.op !== 'close') return Promise.reject(new Error('PGlite is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject, asked });
      if (this.#pending.size === 1) this.#worker.ref();
      this.#worker.postMessage({ ...request, id });
    });
  }

  #receive(message: FromWorker): void {
    if ('notice' in message) {
      this.#listeners.get(message.notice)?.(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (message.ok) pending.resolve(message.value);
    else pending.reject(reviveError(message.error, pending.asked));
  }

  /** The thread is gone (a crash, or closed): everything awaited and asked later fails. */
  #fail(error: Error): void {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(this.#failure);
    this.#pending.clear();
  }
}
