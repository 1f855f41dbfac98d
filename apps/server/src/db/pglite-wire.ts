/**
 * The messages between the main thread (pglite-thread.ts) and the embedded database's thread
 * (pglite-worker.ts). Everything in them survives the structured clone: rows with their dates,
 * bigints, byte arrays and parsed JSON as PGlite made them, errors as their fields.
 */
import type { PGlite, RowMode } from '@electric-sql/pglite';

export type DumpCompression = Parameters<PGlite['dumpDataDir']>[0];

export interface WorkerStart {
  dataDir: string | undefined;
  loadDataDir: Blob | undefined;
}

/** Query options that can cross: functions cannot, so the type parsers drizzle passes (all `value => value`) travel as the types to keep as text. */
export interface WireOptions {
  rowMode?: RowMode;
  paramTypes?: number[];
  rawTypes?: number[];
}

export type ToWorker =
  | { id: number; op: 'query'; text: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { id: number; op: 'exec'; text: string; options?: WireOptions; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'rollback'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'dump'; compression?: DumpCompression }
  | { id: number; op: 'close' };

export interface WireError {
  /** database: PGlite's DatabaseError (PostgreSQL's code, detail, constraint, …); aborted: a COMMIT that rolled back. */
  kind: 'database' | 'aborted' | 'other';
  name: string;
  message: string;
  stack?: string;
  /** Own fields but the query options (functions: the main thread puts its own back). */
  fields: Record<string, unknown>;
  hadQueryOptions: boolean;
}

export type FromWorker =
  | { started: true }
  | { started: false; error: WireError }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WireError }
  | { notice: number; payload: string };

export interface WireDump {
  bytes: ArrayBuffer;
  name: string | undefined;
  type: string;
}
