/**
 * Prepared statements on the embedded database (ADR 045). PGlite's `query` parses and plans every
 * statement it is given: for the booking write path that was about a quarter of the embedded
 * database's work per booking. The statements db/prepared.ts names are prepared once per database
 * (`PREPARE`, which outlives transactions and is not undone by a rollback) and then run as
 * `EXECUTE name(…)`, the values written as literals exactly as PGlite would have sent them: each
 * through PGlite's own serializer for the parameter's type, then quoted. Every other statement
 * goes through unchanged.
 */
import { types, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { EmbeddedPglite, EmbeddedTransaction } from './pglite-thread.ts';
import { preparedNameOf } from './prepared.ts';

interface Querier {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

/** A parameter's type, and its element's type when it is an array (0 otherwise). */
interface ParameterType {
  oid: number;
  element: number;
}

/** The parameter types of each statement prepared on one database, by name (a failed PREPARE is forgotten). */
type Prepared = Map<string, Promise<ParameterType[]>>;

type Serialize = (x: unknown) => string;
const serializers = types.serializers as Record<number, Serialize | undefined>;

/** The value as PGlite would have bound it (its serializer for the type, else its text), as a quoted literal. */
function literal(value: unknown, type: ParameterType | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  const text =
    Array.isArray(value) && type && type.element !== 0
      ? types.arraySerializer(value, serializers[type.element] as Serialize, type.oid)
      : ((type && serializers[type.oid]) ?? String)(value);
  return `'${text.replaceAll("'", "''")}'`;
}

async function prepare(querier: Querier, prepared: Prepared, name: string, text: string, inTransaction: boolean): Promise<ParameterType[]> {
  let ready = prepared.get(name);
  if (!ready) {
    ready = (async () => {
      // In a transaction, a PREPARE that failed would abort it: a savepoint keeps the failure to itself.
      if (!inTransaction) await querier.query(`prepare "${name}" as ${text}`);
      else {
        await querier.query('savepoint pglite_prepare');
        try {
          await querier.query(`prepare "${name}" as ${text}`);
        } catch (error) {
          await querier.query('rollback to savepoint pglite_prepare');
          throw error;
        } finally {
          await querier.query('release savepoint pglite_prepare');
        }
      }
      const { rows } = await querier.query<ParameterType>(
        `select t.oid::int as oid, t.typelem::int as element
         from pg_prepared_statements s, unnest(s.parameter_types::oid[]) with ordinality as p(oid, n) join pg_type t on t.oid = p.oid
         where s.name = $1 order by p.n`,
        [name],
      );
      return rows;
    })();
    prepared.set(name, ready);
    ready.catch(() => prepared.delete(name));
  }
  return ready;
}

async function query<T>(querier: Querier, prepared: Prepared, inTransaction: boolean, text: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
  const name = preparedNameOf(text);
  if (name === undefined) return querier.query<T>(text, params, options);
  let parameterTypes: ParameterType[];
  try {
    parameterTypes = await prepare(querier, prepared, name, text, inTransaction);
  } catch {
    // Not preparable here (an aborted transaction, say): the statement as it is gives the real answer.
    return querier.query<T>(text, params, options);
  }
  const values = params ?? [];
  const call = values.length === 0 ? `execute "${name}"` : `execute "${name}"(${values.map((v, i) => literal(v, parameterTypes[i])).join(', ')})`;
  return querier.query<T>(call, [], options);
}

/** `target` with `overrides` in place of its own members; the rest bound to it. */
function overriding<T extends object>(target: T, overrides: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T];
      const value: unknown = Reflect.get(object, key, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * What each embedded database has prepared: one per database (its one session), however many
 * handles wrap it (a second server instance over the same PGlite, test pairs).
 */
const preparedBy = new WeakMap<EmbeddedPglite, Prepared>();

/** The embedded database, running the statements db/prepared.ts names as prepared statements. */
export function withPreparedStatements(pglite: EmbeddedPglite): EmbeddedPglite {
  let prepared = preparedBy.get(pglite);
  if (!prepared) preparedBy.set(pglite, (prepared = new Map()));
  const known = prepared;
  const inTransaction = (tx: EmbeddedTransaction) =>
    overriding(tx, { query: <T>(text: string, params?: unknown[], options?: QueryOptions) => query<T>(tx, known, true, text, params, options) });
  return overriding(pglite, {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) => query<T>(pglite, known, false, text, params, options),
    transaction: <T>(callback: (tx: EmbeddedTransaction) => Promise<T>) => pglite.transaction((tx) => callback(inTransaction(tx))),
  });
}
