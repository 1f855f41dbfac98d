/**
 * What the Sales screens read of settlements (DESIGN §6 "Settlements", spec 001 §7.6): agent
 * settlements by month with totals, a settlement's branches, a branch's payments and its monthly
 * invoice PDF, each as the caller may see it (the operator every agent; an agent's staff their
 * own agent's; a branch's staff their own branch's share).
 */
import type { AgentSettlement, AgentSettlementList, AgentSettlementQuery, GroupSettlement, GroupSettlementList, SettlementPayment, SettlementPaymentList } from '@sagano/domain/settlements/settlement-schemas';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { type Principal, canSee, tenantScopeOf } from '../auth/index.ts';
import { callerOf } from '../booking-core/index.ts';
import type { FileStorage } from '../files/index.ts';
import { monthlyInvoiceOf, renderMonthlyInvoice } from '../invoices/index.ts';
import {
  agentOf,
  documentNumbers,
  findAgentSettlement,
  findGroupSettlement,
  groupSettlementsOf,
  groupsOf,
  paymentsOfGroupSettlement,
  periodPayments,
  searchAgentSettlements,
  type AgentSettlementListRow,
  type AgentSettlementRow,
  type GroupSettlementRow,
} from './settlements.repository.ts';

const invoiceUrl = (g: GroupSettlementRow) => (g.invoiceDocumentId === null ? null : `/v1/settlements/group/${g.id}/invoice.pdf`);

/** An agent settlement as the API answers it (with whether the caller may confirm its payment). */
export function presentAgent(row: AgentSettlementRow & { agentName: string; agentNameEn: string; agentType: string }, principal: Principal): AgentSettlement {
  return {
    id: row.id,
    agent_settlement_id: row.id,
    agent: { agent_id: row.agentId, name: row.agentName, name_en: row.agentNameEn, agent_type: row.agentType },
    duration: { from: row.periodFrom, to: row.periodTo },
    contract_type: row.contractType,
    payment_method: row.paymentMethod,
    amount: row.amountE6,
    fare: row.fareE6,
    discrepancy: row.discrepancyE6,
    fee: row.feeE6,
    received: row.receivedE6,
    payment_status: row.paymentStatus,
    is_paid: row.paymentStatus === 'PAID',
    billed_at: row.billedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    can_confirm_payment: callerOf(principal) === 'OPERATOR' && row.paymentMethod === 'MONTHLY' && row.paymentStatus !== 'PAID',
  };
}

export function createSettlementViews(deps: { db: Db; fileStorage: FileStorage }) {
  const { db, fileStorage } = deps;

  async function presentGroups(executor: Executor, rows: GroupSettlementRow[]): Promise<GroupSettlement[]> {
    if (rows.length === 0) return [];
    const agentSettlement = await findAgentSettlement(executor, rows[0]!.agentSettlementId);
    const groups = await groupsOf(executor, agentSettlement!.agentId);
    const numbers = await documentNumbers(executor, rows.flatMap((g) => (g.invoiceDocumentId === null ? [] : [g.invoiceDocumentId])));
    return rows.map((g) => {
      const group = groups.find((x) => x.id === g.agentGroupId);
      return {
        group_settlement_id: g.id,
        agent_settlement_id: g.agentSettlementId,
        group: { agent_group_id: g.agentGroupId, name: group?.nameJa ?? '', is_root: group?.isRoot ?? false },
        duration: { from: g.periodFrom, to: g.periodTo },
        amount: g.amountE6,
        fare: g.fareE6,
        discrepancy: g.discrepancyE6,
        fee: g.feeE6,
        received: g.receivedE6,
        payment_status: g.paymentStatus,
        is_paid: g.paymentStatus === 'PAID',
        payment_deadline: g.paymentDeadline,
        invoice_url: invoiceUrl(g),
        invoice_number: g.invoiceDocumentId === null ? null : (numbers.get(g.invoiceDocumentId) ?? null),
      };
    });
  }

  /** The agent settlement as the caller may see it (404 outside the caller's agent); a branch sees its own share. */
  async function visibleAgentSettlement(principal: Principal, id: number): Promise<{ row: AgentSettlementListRow; branchId: number | null }> {
    const row = await findAgentSettlement(db, id);
    const scope = tenantScopeOf(principal);
    if (!row || (scope.agentId !== null && scope.agentId !== row.agentId)) throw notFound('settlement');
    const agent = (await agentOf(db, row.agentId))!;
    const listed = { ...row, agentName: agent.nameJa, agentNameEn: agent.nameEn, agentType: agent.agentType };
    if (scope.agentSubGroupId === null) return { row: listed, branchId: null };
    const [own] = await groupSettlementsOf(db, row.id, scope.agentSubGroupId);
    if (!own) throw notFound('settlement');
    return { row: { ...listed, amountE6: own.amountE6, fareE6: own.fareE6, discrepancyE6: own.discrepancyE6, feeE6: own.feeE6, receivedE6: own.receivedE6, paymentStatus: own.paymentStatus, paidAt: own.paidAt }, branchId: scope.agentSubGroupId };
  }

  /** The group settlement when the caller may see it (its agent, or its own branch), else 404. */
  async function visibleGroupSettlement(principal: Principal, id: number): Promise<{ group: GroupSettlementRow; agentSettlement: AgentSettlementRow }> {
    const group = await findGroupSettlement(db, id);
    const agentSettlement = group && (await findAgentSettlement(db, group.agentSettlementId));
    if (!group || !agentSettlement || !canSee(principal, { agentId: agentSettlement.agentId, agentSubGroupId: group.agentGroupId })) throw notFound('settlement');
    return { group, agentSettlement };
  }

  async function presentPayments(group: GroupSettlementRow, agentSettlement: AgentSettlementRow): Promise<SettlementPayment[]> {
    const rows = agentSettlement.paymentMethod === 'MONTHLY' ? await paymentsOfGroupSettlement(db, group.id) : await periodPayments(db, agentSettlement.agentId, group.periodFrom, group.periodTo, group.agentGroupId);
    return rows.map((p) => ({
      payment_id: p.payment.id,
      booking_id: p.bookingNumber,
      group_name: p.groupName,
      service_date: p.serviceDate,
      kind: p.payment.kind,
      status: p.payment.status,
      total_amount: p.payment.totalAmountE6,
      paid_amount: p.payment.paidAmountE6,
      payment_deadline: p.payment.dueDate,
      invoice_url: invoiceUrl(group),
    }));
  }

  return {
    async listAgentSettlements(principal: Principal, q: AgentSettlementQuery): Promise<AgentSettlementList> {
      const result = await searchAgentSettlements(db, { duration: q.duration, agentId: q.agent_id, paymentStatus: q.payment_status, page: q.page, perPage: q.per_page }, tenantScopeOf(principal));
      return { total: result.total, page: q.page, per_page: q.per_page, agent_settlements: result.rows.map((r) => presentAgent(r, principal)), totals: result.totals };
    },

    async groupSettlements(principal: Principal, agentSettlementId: number): Promise<GroupSettlementList> {
      const { row, branchId } = await visibleAgentSettlement(principal, agentSettlementId);
      const groups = await groupSettlementsOf(db, row.id, branchId ?? undefined);
      return { agent_settlement: presentAgent(row, principal), group_settlements: await presentGroups(db, groups) };
    },

    async settlementPayments(principal: Principal, groupSettlementId: number): Promise<SettlementPaymentList> {
      const { group, agentSettlement } = await visibleGroupSettlement(principal, groupSettlementId);
      const [presented] = await presentGroups(db, [group]);
      return { group_settlement: presented!, payments: await presentPayments(group, agentSettlement) };
    },

    /** The branch's monthly invoice PDF, laid out from its frozen content on each download. */
    async invoicePdf(principal: Principal, groupSettlementId: number): Promise<{ documentNumber: string; pdf: Buffer }> {
      const { group } = await visibleGroupSettlement(principal, groupSettlementId);
      const document = await monthlyInvoiceOf(db, group.id);
      if (!document) throw notFound('invoice');
      return { documentNumber: document.documentNumber, pdf: await renderMonthlyInvoice(db, fileStorage, document) };
    },
  };
}
