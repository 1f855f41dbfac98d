import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ApprovalListQuery, ApprovalStatus } from '@sagano/domain/approvals/approval-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { OPERATOR_ZONE_SQL } from '../../db/business-time-sql.ts';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import { pageOfTable } from '../../db/paging.ts';

export type ApprovalRow = typeof t.approvals.$inferSelect;

export async function insertApproval(db: Executor, row: typeof t.approvals.$inferInsert): Promise<ApprovalRow> {
  const [created] = await db.insert(t.approvals).values(row).returning();
  await approvalChanged(db, created!.id);
  return created!;
}

export async function findApproval(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<ApprovalRow | undefined> {
  const query = db.select().from(t.approvals).where(eq(t.approvals.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Submitted in the period (Asia/Tokyo days), or touching calendar days in it. */
export async function listApprovals(db: Executor, q: ApprovalListQuery): Promise<{ total: number; rows: ApprovalRow[] }> {
  const filters: SQL[] = [];
  if (q.from_date || q.to_date) {
    const from = q.from_date ?? '0001-01-01';
    const to = q.to_date ?? '9999-12-31';
    const submittedDay = sql`(${t.approvals.submittedAt} at time zone ${OPERATOR_ZONE_SQL})::date`;
    filters.push(
      or(
        sql`${submittedDay} between ${from}::date and ${to}::date`,
        sql`(${t.approvals.fromDate} is not null and ${t.approvals.fromDate} <= ${to}::date and coalesce(${t.approvals.toDate}, ${t.approvals.fromDate}) >= ${from}::date)`,
      )!,
    );
  }
  if (q.status) filters.push(eq(t.approvals.status, q.status));
  return pageOfTable(db, t.approvals, q, { where: and(...filters), orderBy: [desc(t.approvals.submittedAt), desc(t.approvals.id)] });
}

export async function setApprovalStatus(
  db: Executor,
  id: number,
  change: { status: ApprovalStatus; judgedBy?: string | null; judgedByEmail?: string; reason?: string | null; jobError?: string | null; doneAt?: Date },
  onlyFrom?: ApprovalStatus,
): Promise<boolean> {
  const rows = await db
    .update(t.approvals)
    .set({
      status: change.status,
      ...(change.judgedByEmail !== undefined ? { judgedBy: change.judgedBy ?? null, judgedByEmail: change.judgedByEmail, judgedAt: new Date() } : {}),
      ...(change.reason !== undefined ? { reason: change.reason } : {}),
      ...(change.jobError !== undefined ? { jobError: change.jobError } : {}),
      ...(change.doneAt ? { doneAt: change.doneAt } : {}),
    })
    .where(onlyFrom ? and(eq(t.approvals.id, id), eq(t.approvals.status, onlyFrom)) : eq(t.approvals.id, id))
    .returning({ id: t.approvals.id });
  if (rows.length > 0) await approvalChanged(db, id);
  return rows.length > 0;
}

/** Approvals are the back office's: its screens (the list, the dashboard's waiting count) look again. */
function approvalChanged(db: Executor, id: number): Promise<void> {
  return publishRealtime(db, ['operator'], { type: 'approval.changed', approval_id: id });
}

/** Approvals not yet decided or applied whose days touch [fromDate, toDate]. */
export async function pendingApprovalsIn(db: Executor, fromDate: string, toDate: string): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(t.approvals)
    .where(
      and(
        sql`${t.approvals.status} in ('SUBMITTED', 'JOB_PENDING', 'JOB_FAILED')`,
        sql`${t.approvals.fromDate} <= ${toDate}::date and coalesce(${t.approvals.toDate}, ${t.approvals.fromDate}) >= ${fromDate}::date`,
      ),
    );
}

export async function jobPendingApprovalIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: t.approvals.id }).from(t.approvals).where(eq(t.approvals.status, 'JOB_PENDING'));
  return rows.map((r) => r.id);
}

/** Requests of the given targets still to be applied (submitted, waiting for the job, or failed), oldest first. */
export async function openApprovalsOf(db: Executor, targets: readonly string[]): Promise<ApprovalRow[]> {
  if (targets.length === 0) return [];
  return db
    .select()
    .from(t.approvals)
    .where(and(inArray(t.approvals.target, [...targets]), inArray(t.approvals.status, ['SUBMITTED', 'JOB_PENDING', 'JOB_FAILED'])))
    .orderBy(t.approvals.submittedAt, t.approvals.id);
}
