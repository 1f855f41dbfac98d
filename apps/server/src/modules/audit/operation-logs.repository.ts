import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { OperationLogRow, SearchOperationLogsBody } from '@sagano/domain/audit/operation-log-schemas';
import { addDays, operatorDayBoundary } from '@sagano/domain/common/business-date';
import { jsonParam, type Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { sendAhead } from '../../db/pipelined-transaction.ts';
import * as t from '../../db/schema.ts';
import { containsPattern, pageOfTable } from '../../db/paging.ts';

export interface NewOperationLog {
  category: string;
  operator: string;
  operatorAccountId: string | null;
  operation: string;
  bookingId: string | null;
  isError: boolean;
  statusCode: number;
  requestJson: unknown;
  responseJson: unknown;
}

/** The statement that writes one log row. */
function operationLogStatement(log: NewOperationLog): SQL {
  return sql`insert into operation_logs (category, operator, operator_account_id, operation, booking_id, is_error, status_code, request_json, response_json)
        values (${log.category}, ${log.operator}, ${log.operatorAccountId}, ${log.operation}, ${log.bookingId}, ${log.isError}, ${log.statusCode},
                ${jsonParam(log.requestJson)}::jsonb, ${jsonParam(log.responseJson)}::jsonb)`;
}

/** Every mutating call writes one: a prepared statement (db/prepared.ts). */
export async function insertOperationLog(db: Executor, log: NewOperationLog): Promise<void> {
  await executePrepared(db, operationLogStatement(log));
}

/**
 * Writes the row in a transaction's last round trip, with its COMMIT, where the transaction
 * pipelines (db/pipelined-transaction.ts); a failure still fails the transaction.
 */
export async function insertOperationLogWithCommit(tx: Executor, log: NewOperationLog): Promise<void> {
  await sendAhead(tx, operationLogStatement(log), { prepared: true });
}

function toRow(r: typeof t.operationLogs.$inferSelect): OperationLogRow {
  return {
    id: r.id,
    created_at: r.createdAt.toISOString(),
    category: r.category,
    operator: r.operator,
    operation: r.operation,
    booking_id: r.bookingId,
    is_error: r.isError,
    status_code: r.statusCode,
    request_json: r.requestJson,
    response_json: r.responseJson,
  };
}

/** Day bounds are Asia/Tokyo days: the operator's calendar. */
function tokyoDayStart(date: string): Date {
  return new Date(operatorDayBoundary(date));
}

export async function searchOperationLogs(db: Executor, q: SearchOperationLogsBody): Promise<{ total: number; rows: OperationLogRow[] }> {
  const filters: SQL[] = [];
  if (q.from_date) filters.push(gte(t.operationLogs.createdAt, tokyoDayStart(q.from_date)));
  if (q.to_date) filters.push(lt(t.operationLogs.createdAt, tokyoDayStart(addDays(q.to_date, 1))));
  if (q.operator) filters.push(ilike(t.operationLogs.operator, containsPattern(q.operator)));
  if (q.category) filters.push(eq(t.operationLogs.category, q.category));
  const { total, rows } = await pageOfTable(db, t.operationLogs, q, { where: and(...filters), orderBy: [desc(t.operationLogs.createdAt), desc(t.operationLogs.id)] });
  return { total, rows: rows.map(toRow) };
}

export async function findOperationLog(db: Executor, id: number): Promise<OperationLogRow | undefined> {
  const [row] = await db.select().from(t.operationLogs).where(eq(t.operationLogs.id, id));
  return row ? toRow(row) : undefined;
}
