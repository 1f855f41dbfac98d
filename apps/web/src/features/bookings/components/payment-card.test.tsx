import { describe, expect, it } from 'vitest';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { PaymentDetail } from '@sagano/domain/payments/payment-schemas';
import { paymentDetail } from '../../../test/payment-details.ts';
import { renderScreen, useScreenTests } from '../../../test/render-screen.tsx';
import { pageText, waitFor } from '../../../test/screen.ts';
import { PaymentCard } from './payment-card.tsx';

const E6 = 1_000_000;

/** What the card reads of a booking: its status, its fare and its cancellation. */
function booking(status: BookingResponse['status'], fare: PaymentDetail | null, fee?: PaymentDetail | null): BookingResponse {
  const cancellation = fee === undefined ? null : { cancellation_rate_e6: 200_000, total_cancellation_fee: fee?.total_amount ?? 0, cancelled_at: '2027-05-20T01:00:00.000Z', payment: fee };
  return { status, main_params: { payment: fare, cancellation } } as unknown as BookingResponse;
}

/** Renders the card with stand-ins for the payments feature's parts, which say what they were given. */
function render(b: BookingResponse) {
  renderScreen(
    <PaymentCard
      booking={b}
      renderPayment={(payment, related) => <p data-testid="drawn-payment">{`payment ${payment.payment_id} with ${related.map((p) => p.payment_id).join(',') || 'none'}`}</p>}
      renderAccount={(payments) => <p data-testid="drawn-account">{`account of ${payments.map((p) => p.payment_id).join(',')}`}</p>}
    />,
  );
}

const drawn = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('the payment card', () => {
  useScreenTests();

  it('a fare priced but not yet asked for: the amount, billed once the booking is confirmed, nothing to pay on', async () => {
    render(booking('SUBMITTED', paymentDetail({ status: 'INITED' })));
    await waitFor(() => document.querySelector('[data-testid="payment-not-billed"]'));
    expect(pageText()).toBe('運賃48,000 円予約確定後にご請求します');
    expect(drawn('drawn-payment')).toBeUndefined();
  });

  it('a live fare is drawn by the payments feature', async () => {
    render(booking('RESERVED', paymentDetail()));
    await waitFor(() => drawn('drawn-payment'));
    expect(drawn('drawn-payment')).toBe('payment 71 with none');
  });

  it('cancelled with a fee: the fee, with the fare whose refunds it lists; no grey "fare paid" line', async () => {
    const fee = paymentDetail({ payment_id: 75, kind: 'CANCELLATION', total_amount: 9_600 * E6 });
    render(booking('CANCELLED', paymentDetail({ status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6 }), fee));
    await waitFor(() => drawn('drawn-payment'));
    expect(drawn('drawn-payment')).toBe('payment 75 with 71');
    expect(pageText()).not.toContain('支払済みの運賃');
  });

  it('cancelled without a fee after payment: nothing owed, and the account (what came in and goes back) on its own', async () => {
    const fare = paymentDetail({ status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6 });
    render(booking('CANCELLED', fare, null));
    await waitFor(() => drawn('drawn-account'));
    expect(pageText()).toContain('お支払いはありません（取消料 0 円）');
    expect(drawn('drawn-account')).toBe('account of 71');
    expect(drawn('drawn-payment')).toBeUndefined();
  });

  it('cancelled before anything was paid: nothing owed and no account', async () => {
    render(booking('CANCELLED', paymentDetail({ status: 'INITED' }), null));
    await waitFor(() => pageText().includes('お支払いはありません'));
    expect(drawn('drawn-account')).toBeUndefined();
  });
});
