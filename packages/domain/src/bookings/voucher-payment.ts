/**
 * A prepaid booking's voucher waits for its fare (DESIGN §5, stale documents): an agent that pays
 * beforehand (card or coupon) gets the voucher once the booking owes nothing, unless the operator
 * sends it anyway with a reason. A monthly-invoice agent pays after travel: never waits.
 */
import type { PaymentMethod } from '../payments/payment-state.ts';

/** The fare methods paid before the voucher is issued. */
export const PREPAID_METHODS: readonly PaymentMethod[] = ['ONLINE_CREDIT_CARD', 'OFFLINE_CREDIT_CARD', 'COUPON'];

export function voucherAwaitsPayment(input: { paymentMethod: string | null; balanceE6: number }): boolean {
  return input.paymentMethod !== null && (PREPAID_METHODS as readonly string[]).includes(input.paymentMethod) && input.balanceE6 > 0;
}
