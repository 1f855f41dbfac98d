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

/** The embedded database, running the statements db/prepared.ts names as prepared statements. */
export function withPreparedStatements(pglite: EmbeddedPglite): EmbeddedPglite {
  const prepared: Prepared = new Map();
  const inTransaction = (tx: EmbeddedTransaction): EmbeddedTransaction =>
    new Proxy(tx, {
      get(target, key, receiver) {
        if (key === 'query') return <T>(text: string, params?: unknown[], options?: QueryOptions) => query<T>(target, prepared, true, text, params, options);
        const value: unknown = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return new Proxy(pglite, {
    get(target, key, receiver) {
      if (key === 'query') return <T>(text: string, params?: unknown[], options?: QueryOptions) => query<T>(target, prepared, false, text, params, options);
      if (key === 'transaction') return <T>(callback: (tx: EmbeddedTransaction) => Promise<T>) => target.transaction((tx) => callback(inTransaction(tx)));
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
