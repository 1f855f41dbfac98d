/**
 * Monthly billing (DESIGN §6 "Settlements"): the decision, in ONE transaction per agent. The
 * agent row locked (two servers: one bills, the other waits and then finds the period billed; the
 * unique index on (agent, period_from) stands behind it), the period computed by the domain
 * (billing-period.ts), the agent settlement and one group settlement per branch with activity
 * written, and for a monthly agent its payments moved INVOICE_PENDING → PAYMENT_PENDING by the
 * domain's `issue_monthly_invoice` (booking locked, then payment: the payments module's lock
 * order), one qualified invoice per branch issued through the invoices module (its number and
 * frozen content), a history revision on each booking and the operation log. Laying out the
 * invoices' PDFs and mailing them is the delivery's, after the commit
 * (settlement-invoice-delivery.ts, ADR 025).
 */
import { paymentMethodOf } from '@sagano/domain/payments/payment-state';
import { isSettledStatus } from '@sagano/domain/payments/money-terms';
import { billingPeriod, isBillingDay, latestBillingDay, nextBillingDay, settlementDueDate, settlementSums, type BillingTerms } from '@sagano/domain/settlements/billing-period';
import type { RunBillingResponse, SettlementPaymentStatus } from '@sagano/domain/settlements/settlement-schemas';
import type { Db } from '../../db/client.ts';
import { giveWay } from '../../lib/give-way.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { inTransaction, type Work } from '../../lib/unit-of-work.ts';
import { insertOperationLog } from '../audit/index.ts';
import { operatorLabel, type Principal } from '../auth/index.ts';
import { recordRevisions } from '../booking-core/index.ts';
import { issueMonthlyInvoice } from '../invoices/index.ts';
import { billOnMonthlyInvoices, lockBookingsForBilling } from '../payments/index.ts';
import { settlementChanged } from './settlement-changed.ts';
import { DELIVER_MONTHLY_INVOICE } from './settlement-invoice-delivery.ts';
import {
  agentIds,
  groupsOf,
  insertAgentSettlement,
  insertGroupSettlement,
  lastSettlement,
  lockAgent,
  periodPayments,
  unbilledMonthlyPayments,
  updateGroupSettlement,
  type AgentRow,
  type BillablePayment,
} from './settlements.repository.ts';

/** What a billing run did (RunBillingResponse): the period it billed, with how many bookings and branches and the amount, or nothing, and the next billing day. */
export type BillingResult = RunBillingResponse;

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
      kind: p.payment.kind,
      direction: p.payment.direction,
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
  return payments.every((p) => isSettledStatus(p.payment.status)) ? 'PAID' : 'UNKNOWN';
}

const isMonthlyAgent = (agent: Pick<AgentRow, 'agentType'>) => paymentMethodOf(agent.agentType) === 'MONTHLY';

export function createSettlementBilling(deps: { db: Db; clock: Clock; jobs?: JobSender | undefined }) {
  const { db, clock } = deps;

  /**
   * Bills one agent for the period a run on `runDate` closes, in the caller's transaction. A
   * period already billed changes nothing. Each issued invoice's delivery is sent once the
   * transaction has committed.
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
    const method = paymentMethodOf(agent.agentType);
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
          kind: p.payment.kind,
          refund: p.payment.direction === 'REFUND',
          amountE6: p.payment.direction === 'REFUND' ? -p.payment.totalAmountE6 : p.payment.totalAmountE6,
          paymentId: p.payment.id,
        })),
        receivedE6: groupSums.receivedE6,
      });
      await updateGroupSettlement(tx, gs.id, { invoiceDocumentId: document.id });
      // The PDF and its mail to the branch's admins: after the commit, retried by the queue.
      work.enqueue(DELIVER_MONTHLY_INVOICE, { group_settlement_id: gs.id });
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
  };
}
