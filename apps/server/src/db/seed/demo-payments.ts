/**
 * The demo's money: confirmed bookings of the three demo agents in every payment state. FREE
 * agents' fares are paid by card (as the sandbox would have captured them), pending, overdue, or
 * paid and then raised by an adjustment (an extra charge to pay); CONTRACTED agents' coupons are
 * reported or still awaited; SPECIAL_CONTRACTED agents' monthly fares wait for the invoice, are
 * part paid, or paid by bank transfer. Made through the payment steps and the payment rules.
 */
import { addDays } from '@sagano/domain/common/business-date';
import { e6OfYen } from '@sagano/domain/money/yen-e6';
import type { Db, Tx } from '../client.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { findAccountByEmail, sessionUserOf, type Principal } from '../../modules/auth/index.ts';
import { createSandboxGateway, backdateDueDate, recordCardCapture, createPaymentsService } from '../../modules/payments/index.ts';
import { findBookingRow } from '../../modules/booking-core/index.ts';

async function principalOf(tx: Tx, email: string): Promise<Principal | undefined> {
  const account = await findAccountByEmail(tx, email);
  return account && { accountId: account.id, sessionId: 'demo-data', csrfToken: '', viaCookie: false, expiresAt: new Date(), user: sessionUserOf(account) };
}

export async function settleDemoPayments(db: Db, work: Work, operator: Principal, confirmed: readonly string[], clock: Clock, publicUrl: string): Promise<void> {
  const tx = work.tx;
  const gateway = createSandboxGateway({ db, publicUrl, secret: 'demo', now: () => clock.now(), sendWebhook: async () => undefined });
  const payments = createPaymentsService({ db, gateway, clock, publicUrl });
  const contracted = await principalOf(tx, 'agent-contracted@example.com');
  const counts: Record<string, number> = {};
  for (const bookingId of confirmed) {
    const booking = await findBookingRow(tx, bookingId);
    const fare = booking && (await payments.paymentsOf(tx, booking.id)).find((p) => p.kind === 'FARE');
    if (!booking || !fare) continue;
    const n = (counts[fare.paymentMethod] = (counts[fare.paymentMethod] ?? 0) + 1);
    if (fare.paymentMethod === 'ONLINE_CREDIT_CARD') {
      if (n % 4 === 1 || n % 4 === 2) {
        // Captured by the card gateway (as a sandbox checkout would have been).
        await recordCardCapture(work, fare, { amountE6: fare.totalAmountE6, transactionId: `ch_demo_${bookingId}`, gatewayRef: null, occurredOn: clock.today(), recordedBy: 'sandbox' });
        if (n % 4 === 2) {
          // Luggage added after payment: the difference is an extra charge to pay.
          await payments.adjustAmount(work, operator, bookingId, { total_amount: fare.totalAmountE6 + e6OfYen(1200), reason: '大型手荷物の追加（3個）' });
        }
      } else if (n % 4 === 3) {
        // Past its due date and still unpaid.
        await backdateDueDate(work, fare, addDays(clock.today(), -2));
      }
    } else if (fare.paymentMethod === 'COUPON' && contracted && n % 2 === 1 && booking.agentId === contracted.user.agent_id) {
      await payments.reportCoupon(work, contracted, bookingId, fare.id, { coupon_number: `AT-${bookingId.slice(-6)}` });
    } else if (fare.paymentMethod === 'MONTHLY') {
      if (n % 3 === 1) {
        await payments.recordBankTransfer(work, operator, bookingId, fare.id, { amount: fare.totalAmountE6, transferred_on: clock.today(), note: '月末締め分 振込入金' });
      } else if (n % 3 === 2) {
        await payments.recordBankTransfer(work, operator, bookingId, fare.id, { amount: Math.floor(fare.totalAmountE6 / 2 / e6OfYen(1)) * e6OfYen(1), transferred_on: clock.today(), note: '一部入金（残額は翌月）' });
      }
    }
  }
}
