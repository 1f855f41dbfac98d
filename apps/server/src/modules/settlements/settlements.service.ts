/**
 * Settlements (DESIGN §6 "Settlements"): monthly billing of an agent for a run date, the lists the
 * Sales screens read, the monthly invoice PDF and the confirmation of a monthly payment.
 *
 * Billing is ONE transaction: the agent row locked (two servers: one bills, the other waits and
 * then finds the period billed; the unique index on (agent, period_from) stands behind it), the
 * period computed by the domain (billing-period.ts), the agent settlement and one group settlement
 * per branch with activity written, and for a monthly agent its payments moved INVOICE_PENDING →
 * PAYMENT_PENDING by the domain's `issue_monthly_invoice` (booking locked, then payment: the
 * payments module's lock order), one qualified invoice per branch issued through the invoices
 * module and mailed to the branch's admins through the outbox, a history revision on each booking
 * and the operation log.
 */
import { paymentMethodOf } from '@sagano/domain/payments/payment-state';
import type { AgentType } from '@sagano/domain/agents/agent-schemas';
import { billingPeriod, isBillingDay, latestBillingDay, nextBillingDay, settlementDueDate, settlementSums, type BillingTerms } from '@sagano/domain/settlements/billing-period';
import type { AgentSettlement, AgentSettlementList, AgentSettlementQuery, ConfirmSettlementPaymentBody, GroupSettlement, GroupSettlementList, RunBillingResponse, SettlementPayment, SettlementPaymentList, SettlementPaymentStatus } from '@sagano/domain/settlements/settlement-schemas';
import type { Db, Executor } from '../../db/client.ts';
import { giveWay } from '../../lib/give-way.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { alreadyConfirmed, AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { branchAdminMails } from '../agents/index.ts';
import { insertOperationLog } from '../audit/index.ts';
import { operatorLabel, type Principal, canSee, tenantScopeOf } from '../auth/index.ts';
import { callerOf, recordRevision, recordRevisions } from '../booking-core/index.ts';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import type { FileStorage } from '../files/index.ts';
import { issueMonthlyInvoice, monthlyInvoiceOf, renderMonthlyInvoice } from '../invoices/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { billOnMonthlyInvoices, lockBookingsForBilling, settleByMonthlyTransfer } from '../payments/index.ts';
import { monthlyInvoiceMail } from './settlement-mails.ts';
import {
  agentIds,
  agentOf,
  documentNumbers,
  findAgentSettlement,
  findGroupSettlement,
  groupSettlementsOf,
  groupsOf,
  insertAgentSettlement,
  insertGroupSettlement,
  lastSettlement,
  lockAgent,
  paymentsOfGroupSettlement,
  periodPayments,
  searchAgentSettlements,
  unbilledMonthlyPayments,
  updateAgentSettlement,
  updateGroupSettlement,
  type AgentRow,
  type AgentSettlementListRow,
  type AgentSettlementRow,
  type BillablePayment,
  type GroupSettlementRow,
} from './settlements.repository.ts';

export interface SettlementsDeps {
  db: Db;
  clock: Clock;
  fileStorage: FileStorage;
  publicUrl: string;
  jobs?: JobSender | undefined;
}

/** What a billing run did (RunBillingResponse): the period it billed, with how many bookings and branches and the amount, or nothing, and the next billing day. */
export type BillingResult = RunBillingResponse;

const SETTLED: readonly string[] = ['PAYMENT_CONFIRMED', 'COUPON_CONFIRMED'];
const SYSTEM_ACTOR = 'system';

function termsOf(agent: AgentRow): BillingTerms {
  return { billingDay: agent.billingDay, billingDayEndOfMonth: agent.billingDayEndOfMonth, paymentDay: agent.paymentDay, paymentDayEndOfMonth: agent.paymentDayEndOfMonth };
}

/**
 * A settlement's sums. A monthly settlement bills: what was already received toward a billed
 * payment (a transfer before the invoice) is deducted. A card or coupon settlement reports the
 * period's payments as they stand (their money is collected per booking), nothing deducted.
 */
const sumsOf = (payments: readonly BillablePayment[], monthly: boolean) =>
  settlementSums(
    payments.map((p) => ({
      kind: p.payment.kind as 'FARE' | 'CANCELLATION' | 'DISCREPANCY',
      direction: (p.payment.direction as 'EXTRA' | 'REFUND' | null) ?? null,
      totalE6: p.payment.totalAmountE6,
      receivedE6: monthly ? p.payment.paidAmountE6 : 0,
    })),
  );

/**
 * A settlement's status when billed: a monthly one is UNPAID while it bills money (PAID when it
 * bills none); a card or coupon one is PAID when every payment it covers was settled by card or
 * coupon, else UNKNOWN (that money is collected per booking, not by this settlement).
 */
function statusWhenBilled(monthly: boolean, payments: readonly BillablePayment[]): SettlementPaymentStatus {
  // Every billed payment waits for the confirmation (even when refunds net the amount to 0 or below).
  if (monthly) return payments.length > 0 ? 'UNPAID' : 'PAID';
  return payments.every((p) => SETTLED.includes(p.payment.status)) ? 'PAID' : 'UNKNOWN';
}

const isMonthlyAgent = (agent: Pick<AgentRow, 'agentType'>) => paymentMethodOf(agent.agentType as AgentType) === 'MONTHLY';

/**
 * Tells open monthly-report screens (the operator's, the agent's, its billed branches') that a
 * settlement changed. The bookings' own `booking.changed` (recordRevision) does not refresh them.
 */
const settlementChanged = (tx: Executor, agentSettlementId: number, agentId: number, branchIds: Iterable<number>) =>
  publishRealtime(tx, ['operator', `agent:${agentId}`, ...[...new Set(branchIds)].map((id) => `branch:${id}` as const)], { type: 'settlement.changed', agent_settlement_id: agentSettlementId });

export function createSettlementsService(deps: SettlementsDeps) {
  const { db, clock, fileStorage } = deps;

  const invoiceUrl = (g: GroupSettlementRow) => (g.invoiceDocumentId === null ? null : `/v1/settlements/group/${g.id}/invoice.pdf`);

  /**
   * Bills one agent for the period a run on `runDate` closes, in the caller's transaction. A
   * period already billed changes nothing.
   */
  async function billAgent(work: Work, agentId: number, runDate: string, principal: Principal | null): Promise<BillingResult> {
    const tx = work.tx;
    const agent = await lockAgent(tx, agentId);
    if (!agent) throw notFound('agent');
    const terms = termsOf(agent);
    const monthly = isMonthlyAgent(agent);
    const previous = await lastSettlement(tx, agent.id);
    const to = latestBillingDay(runDate, terms);
    const unbilled = monthly ? await unbilledMonthlyPayments(tx, agent.id, to) : [];
    const period = billingPeriod({ runDate, terms, previousTo: previous?.periodTo ?? null, earliestActivity: unbilled[0]?.serviceDate ?? null });
    const nothing = { bookings: 0, branches: 0, amount: 0, next_billing_date: nextBillingDay(runDate, terms) };
    if (!period) return { agent_settlement_id: previous?.id ?? null, period: null, billed: false, ...nothing };

    // Booking then payment, bookings in id order (the payments module's lock order); read again once
    // locked, so a payment step that committed meanwhile is billed as it now stands.
    const lockBookings = (list: readonly BillablePayment[]) => lockBookingsForBilling(work, list.map((p) => p.bookingDbId));
    if (monthly) await lockBookings(unbilled);
    const payments = monthly ? await unbilledMonthlyPayments(tx, agent.id, period.to) : await periodPayments(tx, agent.id, period.from, period.to);
    if (monthly) await lockBookings(payments.filter((p) => !unbilled.some((u) => u.bookingDbId === p.bookingDbId)));
    const sums = sumsOf(payments, monthly);
    const method = paymentMethodOf(agent.agentType as AgentType);
    const settlement = await insertAgentSettlement(tx, {
      agentId: agent.id,
      periodFrom: period.from,
      periodTo: period.to,
      contractType: agent.agentType,
      paymentMethod: method,
      ...sums,
      paymentStatus: statusWhenBilled(monthly, payments),
      billedAt: clock.now(),
    });
    if (!settlement) return { agent_settlement_id: null, period, billed: false, ...nothing };

    const dueDate = settlementDueDate(period.to, terms);
    const actor = operatorLabel(principal, SYSTEM_ACTOR);
    const groups = await groupsOf(tx, agent.id);

    for (const group of groups) {
      const own = payments.filter((p) => p.agentSubGroupId === group.id);
      if (own.length === 0) continue;
      const groupSums = sumsOf(own, monthly);
      const gs = await insertGroupSettlement(tx, {
        agentSettlementId: settlement.id,
        agentGroupId: group.id,
        periodFrom: period.from,
        periodTo: period.to,
        ...groupSums,
        paymentStatus: statusWhenBilled(monthly, own),
        paymentDeadline: monthly ? dueDate : null,
      });
      if (!monthly) continue;

      await billOnMonthlyInvoices(work, own.map((p) => p.payment.id), { groupSettlementId: gs.id, dueDate });

      const document = await issueMonthlyInvoice(tx, {
        groupSettlementId: gs.id,
        agentName: agent.nameJa,
        branchName: group.isRoot ? null : group.nameJa,
        periodFrom: period.from,
        periodTo: period.to,
        issueDate: clock.today(),
        issuedAt: clock.now(),
        dueDate,
        lines: own.map((p) => ({
          bookingDbId: p.bookingDbId,
          bookingNumber: p.bookingNumber,
          groupName: p.groupName,
          serviceDate: p.serviceDate,
          kind: p.payment.kind as 'FARE' | 'CANCELLATION' | 'DISCREPANCY',
          refund: p.payment.direction === 'REFUND',
          amountE6: p.payment.direction === 'REFUND' ? -p.payment.totalAmountE6 : p.payment.totalAmountE6,
          paymentId: p.payment.id,
        })),
        receivedE6: groupSums.receivedE6,
      });
      await updateGroupSettlement(tx, gs.id, { invoiceDocumentId: document.id });
      const pdf = await renderMonthlyInvoice(tx, fileStorage, document);
      for (const admin of await branchAdminMails(tx, agent.id, group.id)) {
        const mail = monthlyInvoiceMail(admin.languageCode, {
          agentName: agent.nameJa,
          branchName: group.isRoot ? null : group.nameJa,
          periodFrom: period.from,
          periodTo: period.to,
          invoiceNumber: document.documentNumber,
          amountE6: groupSums.amountE6,
          dueDate,
          link: `${deps.publicUrl}/monthly-report/payment/${gs.id}`,
        });
        await enqueueMail(work, { kind: 'MONTHLY_INVOICE', toAddress: admin.email, ...mail, attachments: [{ filename: `invoice-${document.documentNumber}.pdf`, contentType: 'application/pdf', content: pdf }] });
      }
    }
    if (monthly) await recordRevisions(tx, [...new Set(payments.map((p) => p.bookingDbId))], 'UPDATE', actor);

    if (!principal) {
      await insertOperationLog(tx, {
        category: 'payments',
        operator: SYSTEM_ACTOR,
        operatorAccountId: null,
        operation: 'settlements.bill',
        bookingId: null,
        isError: false,
        statusCode: 200,
        requestJson: { agent_id: agent.id, run_date: runDate },
        responseJson: { agent_settlement_id: settlement.id, period, amount: sums.amountE6 },
      });
    }
    await settlementChanged(tx, settlement.id, agent.id, payments.map((p) => p.agentSubGroupId));
    // One group settlement per branch with billed payments (the loop above).
    const counts = { bookings: new Set(payments.map((p) => p.bookingDbId)).size, branches: new Set(payments.map((p) => p.agentSubGroupId)).size, amount: sums.amountE6 };
    return { agent_settlement_id: settlement.id, period, billed: true, ...nothing, ...counts };
  }

  function presentAgent(row: AgentSettlementRow & { agentName: string; agentNameEn: string; agentType: string }, principal: Principal): AgentSettlement {
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
      payment_status: row.paymentStatus as SettlementPaymentStatus,
      is_paid: row.paymentStatus === 'PAID',
      billed_at: row.billedAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      can_confirm_payment: callerOf(principal) === 'OPERATOR' && row.paymentMethod === 'MONTHLY' && row.paymentStatus !== 'PAID',
    };
  }

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
        payment_status: g.paymentStatus as SettlementPaymentStatus,
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
      kind: p.payment.kind as SettlementPayment['kind'],
      status: p.payment.status,
      total_amount: p.payment.totalAmountE6,
      paid_amount: p.payment.paidAmountE6,
      payment_deadline: p.payment.dueDate,
      invoice_url: invoiceUrl(group),
    }));
  }

  return {
    billAgent,

    /** POST /v1/settlements/run: bills one agent now, as the job would on its billing day. */
    async runBilling(work: Work, principal: Principal, agentId: number): Promise<BillingResult> {
      return billAgent(work, agentId, clock.today(), principal);
    },

    /**
     * The daily job: bills every agent whose billing day is today, each in its own transaction. One
     * agent's failure does not stop the others; the job then fails and its retry bills only what is
     * still unbilled.
     */
    async billDueAgents(): Promise<BillingResult[]> {
      const today = clock.today();
      const results: BillingResult[] = [];
      const failures: unknown[] = [];
      for (const agent of await agentIds(db)) {
        if (!isBillingDay(today, agent)) continue;
        await giveWay(); // ADR 017
        try {
          results.push(await inTransaction(db, (work) => billAgent(work, agent.id, today, null), { jobs: deps.jobs }));
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0) throw new AggregateError(failures, `monthly billing failed for ${failures.length} agent(s)`);
      return results;
    },

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

    async invoicePdf(principal: Principal, groupSettlementId: number): Promise<{ documentNumber: string; pdf: Buffer }> {
      const { group } = await visibleGroupSettlement(principal, groupSettlementId);
      const document = await monthlyInvoiceOf(db, group.id);
      if (!document) throw notFound('invoice');
      return { documentNumber: document.documentNumber, pdf: await renderMonthlyInvoice(db, fileStorage, document) };
    },

    /**
     * PUT /v1/settlements/payment/{agent_settlement_id}: the monthly payment came in (irreversible).
     * Each covered payment still owed takes the domain's record_bank_transfer for its remainder
     * (ledger row, PAYMENT_CONFIRMED), then the group and agent settlements are PAID.
     */
    async confirmPayment(work: Work, principal: Principal, agentSettlementId: number, body: ConfirmSettlementPaymentBody): Promise<AgentSettlement> {
      const tx = work.tx;
      if (callerOf(principal) !== 'OPERATOR') throw forbidden();
      const settlement = await findAgentSettlement(tx, agentSettlementId, { lock: true });
      if (!settlement) throw notFound('settlement');
      if (settlement.paymentMethod !== 'MONTHLY') throw new AppError('STEP_NOT_ALLOWED', 'only a monthly settlement is paid by confirming it');
      // A second confirmation (another window, a double click) says when and by whom the first was made.
      if (settlement.paymentStatus === 'PAID' && settlement.paidAt !== null) throw alreadyConfirmed('this settlement', settlement.paidAt, settlement.paidBy);
      if (settlement.paymentStatus === 'PAID') throw new AppError('STEP_NOT_ALLOWED', 'this settlement billed nothing to confirm');
      const actor = operatorLabel(principal);
      const now = clock.now();
      const groups = await groupSettlementsOf(tx, settlement.id);
      const numbers = await documentNumbers(tx, groups.flatMap((g) => (g.invoiceDocumentId === null ? [] : [g.invoiceDocumentId])));
      for (const group of groups) {
        const covered = await paymentsOfGroupSettlement(tx, group.id);
        const bookingIds = [...new Set(covered.map((p) => p.bookingDbId))].sort((a, b) => a - b);
        await lockBookingsForBilling(work, bookingIds);
        const invoiceNumber = group.invoiceDocumentId === null ? '' : (numbers.get(group.invoiceDocumentId) ?? '');
        for (const p of covered) await settleByMonthlyTransfer(work, p.payment.id, { paidOn: body.paid_on, invoiceNumber, note: body.note, actor, publicUrl: deps.publicUrl });
        for (const id of bookingIds) await recordRevision(tx, id, 'UPDATE', {}, actor);
        await updateGroupSettlement(tx, group.id, { paymentStatus: 'PAID', paidAt: now });
      }
      await updateAgentSettlement(tx, settlement.id, { paymentStatus: 'PAID', paidAt: now, paidBy: actor });
      await settlementChanged(tx, settlement.id, settlement.agentId, groups.map((g) => g.agentGroupId));
      const agent = (await agentOf(tx, settlement.agentId))!;
      return presentAgent({ ...settlement, paymentStatus: 'PAID', paidAt: now, paidBy: actor, agentName: agent.nameJa, agentNameEn: agent.nameEn, agentType: agent.agentType }, principal);
    },
  };
}

export type SettlementsService = ReturnType<typeof createSettlementsService>;
