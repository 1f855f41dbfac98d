/**
 * The confirmation of a monthly payment (DESIGN §6 "Settlements", spec 001 §7.6): the operator
 * records that the agent's transfer came in; every payment the settlement billed is settled and
 * the settlement is PAID. Irreversible, once only.
 */
import type { AgentSettlement, ConfirmSettlementPaymentBody } from '@sagano/domain/settlements/settlement-schemas';
import { alreadyConfirmed, AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { operatorLabel, type Principal } from '../auth/index.ts';
import { callerOf, recordRevision } from '../booking-core/index.ts';
import { lockBookingsForBilling, settleByMonthlyTransfer } from '../payments/index.ts';
import { settlementChanged } from './settlement-changed.ts';
import { presentAgent } from './settlement-views.ts';
import { agentOf, documentNumbers, findAgentSettlement, groupSettlementsOf, paymentsOfGroupSettlement, updateAgentSettlement, updateGroupSettlement } from './settlements.repository.ts';

export function createSettlementPayments(deps: { clock: Clock; publicUrl: string }) {
  const { clock } = deps;
  return {
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
