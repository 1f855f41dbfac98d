import { describe, expect, it } from 'vitest';
import { voucherAwaitsPayment } from './voucher-payment.ts';

describe('voucherAwaitsPayment', () => {
  it('holds a prepaid voucher while the booking owes money', () => {
    expect(voucherAwaitsPayment({ paymentMethod: 'ONLINE_CREDIT_CARD', balanceE6: 1 })).toBe(true);
    expect(voucherAwaitsPayment({ paymentMethod: 'COUPON', balanceE6: 5_000_000_000 })).toBe(true);
  });
  it('lets it go once paid (or overpaid), and never holds a monthly or unknown fare', () => {
    expect(voucherAwaitsPayment({ paymentMethod: 'ONLINE_CREDIT_CARD', balanceE6: 0 })).toBe(false);
    expect(voucherAwaitsPayment({ paymentMethod: 'COUPON', balanceE6: -1 })).toBe(false);
    expect(voucherAwaitsPayment({ paymentMethod: 'MONTHLY', balanceE6: 100 })).toBe(false);
    expect(voucherAwaitsPayment({ paymentMethod: null, balanceE6: 100 })).toBe(false);
  });
});
