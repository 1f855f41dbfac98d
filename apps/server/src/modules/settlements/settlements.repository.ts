/**
 * Reads and writes of settlements (DESIGN §6 "Settlements"). The settlements module is the only
 * writer of `agent_settlements` and `group_settlements`; payments move through the payments
 * module's repository and the domain's payment steps, documents through the invoices module.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { UNCOUNTED_STATUSES_SQL } from '../../db/money-sql.ts';
import { SETTLEMENT_PAYMENT_STATUSES, type SettlementPaymentStatus } from '@sagano/domain/settlements/settlement-schemas';
import * as t from '../../db/schema.ts';
import { paymentRowOfJson, type PaymentRow } from '../payments/index.ts';
import type { TenantScope } from '../auth/index.ts';

export type AgentSettlementRow = typeof t.agentSettlements.$inferSelect;
export type GroupSettlementRow = typeof t.groupSettlements.$inferSelect;
export type AgentRow = typeof t.agents.$inferSelect;

/** The agent row, locked: one billing of an agent at a time (two servers: the second waits, then finds the period billed). */
export async function lockAgent(db: Executor, agentId: number): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(t.agents).where(eq(t.agents.id, agentId)).for('update');
  return row;
}

export async function agentIds(db: Executor): Promise<{ id: number; billingDay: number | null; billingDayEndOfMonth: boolean }[]> {
  return db.select({ id: t.agents.id, billingDay: t.agents.billingDay, billingDayEndOfMonth: t.agents.billingDayEndOfMonth }).from(t.agents).orderBy(asc(t.agents.id));
}

export async function lastSettlement(db: Executor, agentId: number): Promise<AgentSettlementRow | undefined> {
  const [row] = await db.select().from(t.agentSettlements).where(eq(t.agentSettlements.agentId, agentId)).orderBy(desc(t.agentSettlements.periodTo)).limit(1);
  return row;
}

/** A payment with what billing needs of its booking. */
export interface BillablePayment {
  payment: PaymentRow;
  bookingDbId: number;
  bookingNumber: string;
  groupName: string;
  agentSubGroupId: number;
  /** The booking's first service date: the day that places it in a period. */
  serviceDate: string;
  participants: number;
}

const FIRST_SERVICE_DATE = sql`(select min(s.service_date) from booking_services s where s.booking_id = b.id)`;

async function billable(db: Executor, where: SQL): Promise<BillablePayment[]> {
  const rows = rowsOf<{ p: Record<string, unknown>; booking_db_id: number; booking_number: string; group_name: string; agent_sub_group_id: number; service_date: string | Date; participants: number }>(
    await db.execute(sql`
      select to_jsonb(p) as p, b.id as booking_db_id, b.booking_id as booking_number, b.group_name, b.agent_sub_group_id, ${FIRST_SERVICE_DATE} as service_date, b.participant_quantity as participants
      from payments p join bookings b on b.id = p.booking_id
      where ${where} and ${FIRST_SERVICE_DATE} is not null
      order by ${FIRST_SERVICE_DATE}, b.id, p.id`),
  );
  return rows.map((r) => ({
    payment: paymentRowOfJson(r.p)!,
    bookingDbId: Number(r.booking_db_id),
    bookingNumber: r.booking_number,
    groupName: r.group_name,
    agentSubGroupId: Number(r.agent_sub_group_id),
    serviceDate: typeof r.service_date === 'string' ? r.service_date.slice(0, 10) : r.service_date.toISOString().slice(0, 10),
    participants: Number(r.participants),
  }));
}

/**
 * A monthly agent's payments not billed yet whose booking travels on or before `periodTo`: fares
 * and cancellation fees waiting for the invoice, and discrepancies still open: extra charges owed,
 * and refunds owed back (netted on the invoice against the charges).
 */
export async function unbilledMonthlyPayments(db: Executor, agentId: number, periodTo: string): Promise<BillablePayment[]> {
  return billable(
    db,
    // A cancellation payment marked finished by the operator is closed: no invoice bills it.
    sql`b.agent_id = ${agentId} and p.monthly_invoice_id is null and p.payment_method = 'MONTHLY' and not p.cancel_payment_finished and ${FIRST_SERVICE_DATE} <= ${periodTo}
      and (p.status = 'INVOICE_PENDING' or (p.kind = 'DISCREPANCY' and p.status = 'PAYMENT_PENDING' and (p.direction = 'EXTRA' or p.paid_amount_e6 = 0)))`,
  );
}

/** A card or coupon agent's payments of bookings travelling in the period (every counted status: not INITED, not nothing to pay). */
export async function periodPayments(db: Executor, agentId: number, from: string, to: string, agentSubGroupId?: number): Promise<BillablePayment[]> {
  const branch = agentSubGroupId === undefined ? sql`true` : sql`b.agent_sub_group_id = ${agentSubGroupId}`;
  return billable(db, sql`b.agent_id = ${agentId} and ${branch} and p.status not in ${UNCOUNTED_STATUSES_SQL} and ${FIRST_SERVICE_DATE} between ${from} and ${to}`);
}

/** The payments a group settlement billed (monthly agents). */
export async function paymentsOfGroupSettlement(db: Executor, groupSettlementId: number): Promise<BillablePayment[]> {
  return billable(db, sql`p.monthly_invoice_id = ${groupSettlementId}`);
}

/** Inserts the agent settlement; undefined when one exists for the period start (unique index: a concurrent run won). */
export async function insertAgentSettlement(db: Executor, values: typeof t.agentSettlements.$inferInsert): Promise<AgentSettlementRow | undefined> {
  const [row] = await db.insert(t.agentSettlements).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertGroupSettlement(db: Executor, values: typeof t.groupSettlements.$inferInsert): Promise<GroupSettlementRow> {
  const [row] = await db.insert(t.groupSettlements).values(values).returning();
  return row!;
}

export async function updateGroupSettlement(db: Executor, id: number, patch: Partial<typeof t.groupSettlements.$inferInsert>): Promise<void> {
  await db.update(t.groupSettlements).set({ ...patch, updatedAt: new Date() }).where(eq(t.groupSettlements.id, id));
}

export async function updateAgentSettlement(db: Executor, id: number, patch: Partial<typeof t.agentSettlements.$inferInsert>): Promise<void> {
  await db.update(t.agentSettlements).set({ ...patch, updatedAt: new Date() }).where(eq(t.agentSettlements.id, id));
}

export async function findAgentSettlement(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<AgentSettlementRow | undefined> {
  const query = db.select().from(t.agentSettlements).where(eq(t.agentSettlements.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findGroupSettlement(db: Executor, id: number): Promise<GroupSettlementRow | undefined> {
  const [row] = await db.select().from(t.groupSettlements).where(eq(t.groupSettlements.id, id));
  return row;
}

export async function groupSettlementsOf(db: Executor, agentSettlementId: number, agentGroupId?: number): Promise<GroupSettlementRow[]> {
  const where = agentGroupId === undefined ? eq(t.groupSettlements.agentSettlementId, agentSettlementId) : and(eq(t.groupSettlements.agentSettlementId, agentSettlementId), eq(t.groupSettlements.agentGroupId, agentGroupId));
  return db.select().from(t.groupSettlements).where(where).orderBy(asc(t.groupSettlements.agentGroupId));
}

export async function agentOf(db: Executor, agentId: number): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(t.agents).where(eq(t.agents.id, agentId));
  return row;
}

export async function groupsOf(db: Executor, agentId: number) {
  return db.select({ id: t.agentGroups.id, nameJa: t.agentGroups.nameJa, isRoot: t.agentGroups.isRoot }).from(t.agentGroups).where(eq(t.agentGroups.agentId, agentId)).orderBy(asc(t.agentGroups.id));
}

/** The invoice numbers of documents by id. */
export async function documentNumbers(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: t.invoiceDocuments.id, number: t.invoiceDocuments.documentNumber }).from(t.invoiceDocuments).where(sql`${t.invoiceDocuments.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, r.number]));
}

export interface AgentSettlementListRow extends AgentSettlementRow {
  agentName: string;
  agentNameEn: string;
  agentType: string;
}

/**
 * The agent settlements the filters match, newest period first, with the sums over all of them.
 * A branch's staff see their own branch's share (its group settlement's sums) of their agent's.
 */
export async function searchAgentSettlements(db: Executor, q: { duration?: string | undefined; agentId?: number | undefined; paymentStatus?: string | undefined; page: number; perPage: number }, scope: TenantScope) {
  const f: SQL[] = [sql`true`];
  if (q.duration) f.push(sql`to_char(a.period_to, 'YYYY-MM') = ${q.duration}`);
  if (q.agentId !== undefined) f.push(sql`a.agent_id = ${q.agentId}`);
  if (scope.agentId !== null) f.push(sql`a.agent_id = ${scope.agentId}`);
  const branch = scope.agentSubGroupId;
  const from = branch === null ? sql`agent_settlements a` : sql`agent_settlements a join group_settlements g on g.agent_settlement_id = a.id and g.agent_group_id = ${branch}`;
  const src = branch === null ? sql`a` : sql`g`;
  if (q.paymentStatus) f.push(sql`${src}.payment_status = ${q.paymentStatus}`);
  const where = sql.join(f, sql` and `);
  const [totals] = rowsOf<{ total: string; amount: string; fare: string; discrepancy: string; fee: string; received: string }>(
    await db.execute(sql`select count(*)::text as total, coalesce(sum(${src}.amount_e6), 0)::text as amount, coalesce(sum(${src}.fare_e6), 0)::text as fare, coalesce(sum(${src}.discrepancy_e6), 0)::text as discrepancy, coalesce(sum(${src}.fee_e6), 0)::text as fee, coalesce(sum(${src}.received_e6), 0)::text as received from ${from} where ${where}`),
  );
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select a.id, a.agent_id, a.period_from::text as period_from, a.period_to::text as period_to, a.contract_type, a.payment_method,
        ${src}.amount_e6, ${src}.fare_e6, ${src}.discrepancy_e6, ${src}.fee_e6, ${src}.received_e6, ${src}.payment_status, a.billed_at, ${src}.paid_at, a.paid_by,
        ag.name_ja as agent_name, ag.name_en as agent_name_en, ag.agent_type
      from ${from} join agents ag on ag.id = a.agent_id
      where ${where}
      order by a.period_to desc, a.agent_id asc, a.id desc
      limit ${q.perPage} offset ${(q.page - 1) * q.perPage}`),
  );
  return {
    total: Number(totals?.total ?? 0),
    totals: { amount: Number(totals?.amount ?? 0), fare: Number(totals?.fare ?? 0), discrepancy: Number(totals?.discrepancy ?? 0), fee: Number(totals?.fee ?? 0), received: Number(totals?.received ?? 0) },
    rows: rows.map(listRowOf),
  };
}

/** A settlement status read back from the database (its check constraint allows only these). */
function settlementStatusOf(v: unknown): SettlementPaymentStatus {
  const status = SETTLEMENT_PAYMENT_STATUSES.find((s) => s === v);
  if (status === undefined) throw new Error(`unknown settlement payment status: ${String(v)}`);
  return status;
}

const dateOf = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

function listRowOf(r: Record<string, unknown>): AgentSettlementListRow {
  return {
    id: Number(r.id),
    agentId: Number(r.agent_id),
    periodFrom: String(r.period_from).slice(0, 10),
    periodTo: String(r.period_to).slice(0, 10),
    contractType: String(r.contract_type),
    paymentMethod: String(r.payment_method),
    amountE6: Number(r.amount_e6),
    fareE6: Number(r.fare_e6),
    discrepancyE6: Number(r.discrepancy_e6),
    feeE6: Number(r.fee_e6),
    receivedE6: Number(r.received_e6 ?? 0),
    paymentStatus: settlementStatusOf(r.payment_status),
    billedAt: dateOf(r.billed_at)!,
    paidAt: dateOf(r.paid_at),
    paidBy: r.paid_by == null ? null : String(r.paid_by),
    createdAt: dateOf(r.billed_at)!,
    updatedAt: dateOf(r.billed_at)!,
    agentName: String(r.agent_name),
    agentNameEn: String(r.agent_name_en ?? ''),
    agentType: String(r.agent_type),
  };
}
