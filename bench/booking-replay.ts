/**
 * The database's share of a booking, measured without the server: the statements one booking sends
 * (POST /v1/bookings + reserve_allotments, recorded at the driver) replayed by pgbench itself, a C
 * client with nothing else to do, with 16 clients. Whatever the server costs, a booking can go no
 * faster than this on the same machine, so it is the ceiling for the goals stated as ratios to pgbench.
 *
 * Each recorded statement is replayed with its own values written into the text, except the values
 * that must differ per booking: the new booking's number and token (from a sequence and random()),
 * and its id and number in the step's statements (taken from the insert with \gset).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface RecordedStatement {
  text: string;
  values: unknown[];
}

/** Records the statements every pg client of this process sends while `work` runs. */
export async function recordStatements(work: () => Promise<void>): Promise<RecordedStatement[]> {
  const recorded: RecordedStatement[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    recorded.push(typeof first === 'string' ? { text: first, values: second ?? [] } : { text: first.text, values: first.values ?? second ?? [] });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    prototype.query = original;
  }
  return recorded;
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  // pgbench reads ":name" as a variable, also inside a quoted JSON text such as {"code":null}.
  return `'${String(value).replaceAll("'", "''").replace(/":([a-z])/g, '": $1')}'`;
}

/**
 * pgbench reads ":name" as a variable anywhere in a command, quoted or not, so a literal of the
 * statement's own text such as to_char's 'HH24:MI:SS' would become parameters. Such a literal is
 * written as the same text joined around chr(58) (a colon), in brackets so that a cast after it
 * still applies to the whole.
 */
function colonFree(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; ) {
    if (text.startsWith('--', i)) {
      // A comment (it may hold an apostrophe): left out, as pgbench would send it for nothing.
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (text[i] === "'") {
      let end = i + 1;
      while (end < text.length && !(text[end] === "'" && text[end + 1] !== "'")) end += text[end] === "'" ? 2 : 1;
      const body = text.slice(i + 1, end);
      out += /:[A-Za-z_]/.test(body) ? `(${body.split(/:(?=[A-Za-z_])/).map((part) => `'${part}'`).join(' || chr(58) || ')})` : `'${body}'`;
      i = end + 1;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

/** One booking's statements as a pgbench script; the booking is identified by its id and number in the recording. */
export function replayScript(statements: RecordedStatement[], booking: { id: number; bookingId: string }, keep: (s: RecordedStatement) => boolean = () => true): string {
  const insertAt = statements.findIndex((s) => /insert into bookings \(booking_id, booking_token,/.test(s.text));
  if (insertAt < 0 || !/values \(\$1, \$2,/.test(statements[insertAt]!.text)) throw new Error('the booking insert was not recorded in the expected shape');
  return statements
    .filter(keep)
    .map((statement) => {
      const isInsert = statement === statements[insertAt];
      const text = colonFree(statement.text).replace(/\$(\d+)/g, (_, n: string) => {
        const index = Number(n) - 1;
        const value = statement.values[index];
        if (isInsert && index === 0) return "'R' || lpad(nextval('bench_replay_booking_number')::text, 7, '0')"; // never a generated number (8 digits)
        if (isInsert && index === 1) return 'md5(random()::text)';
        if (!isInsert && value === booking.id) return ':id';
        if (!isInsert && value === booking.bookingId) return ':booking_id';
        return literal(value);
      });
      const body = text
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim();
      return isInsert ? `${body}\n\\gset` : `${body};`;
    })
    .join('\n');
}

/**
 * Runs the scripts (picked at random per booking) with pgbench, `clients` clients, for `seconds`; answers tps.
 * With BENCH_REPLAY_REPORT=<dir>, pgbench also reports each statement's mean latency (-r) and the
 * scripts and that report are kept in <dir> (`name` tells the runs apart), to compare recordings
 * statement by statement.
 */
export function pgbenchScripts(target: string, scripts: string[], clients: number, seconds: number, name = 'replay'): number {
  const report = process.env.BENCH_REPLAY_REPORT;
  const dir = report ? join(report, `${name}-${Date.now()}`) : mkdtempSync(join(tmpdir(), 'booking-replay-'));
  if (report) mkdirSync(dir, { recursive: true });
  try {
    const files = scripts.map((script, i) => {
      const file = join(dir, `booking-${i}.sql`);
      writeFileSync(file, `${script}\n`);
      return ['-f', `${file}@1`];
    });
    const u = new URL(target);
    const out = execFileSync(
      'pgbench',
      ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), '-n', '-M', 'prepared', ...(report ? ['-r'] : []), '-c', String(clients), '-j', '2', '-T', String(seconds), ...files.flat(), u.pathname.slice(1)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (report) writeFileSync(join(dir, 'pgbench.txt'), out);
    const match = /tps = ([\d.]+)/.exec(out);
    const failed = /number of failed transactions: (\d+)/.exec(out);
    if (!match || (failed && failed[1] !== '0')) throw new Error(`pgbench replay: ${out}`);
    return Number(match[1]);
  } finally {
    if (!report) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The live-update publisher's notify (realtime-publish.ts): one statement per 25 ms for every
 * notice committed meanwhile, by all bookings together, sent after the commit on a connection of
 * its own. A recording catches whichever batch happens to go out while it runs (a booking made
 * alone sends two, 25 ms after each commit), so it is left out of a booking's statements.
 */
export function isBatchedNotify(statement: RecordedStatement): boolean {
  return /^select pg_notify\(\$1, n\) from \(select set_config\('synchronous_commit', 'off', true\)\)/.test(statement.text.trim().replace(/\s+/g, ' '));
}

/**
 * Statements that only a server's way of working adds: the session lookup, BEGIN/COMMIT and the
 * operation log row. Without BEGIN each statement commits on its own, so the hold's savepoint
 * (a fallback for the seat check, DESIGN §4) goes too: a savepoint needs a transaction block.
 */
export function isBookingWork(statement: RecordedStatement): boolean {
  const text = statement.text.trim().toLowerCase();
  if (/^(savepoint|release savepoint|rollback to savepoint) /.test(text)) return false;
  return text !== 'begin' && text !== 'commit' && !text.includes('insert into operation_logs') && !/inner join "sessions"/.test(text);
}
