import { describe, expect, it } from 'vitest';
import type { BookingResponse, CancellationQuoteResponse } from '@sagano/domain/bookings/booking-schemas';
import type { CancellationSettlementPreview } from '@sagano/domain/payments/payment-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { BACK_OFFICE_STAFF, renderRoutes, unmountScreens, useScreenTests } from '../../../test/render-screen.tsx';
import { json, pageText, stubApi, waitFor } from '../../../test/screen.ts';
import { Component as BookingCancel } from './booking-cancel.tsx';

const E6 = 1_000_000;

/** What the cancel page reads of the booking. */
const booking = {
  booking_id: '27061001',
  group: { name: '青葉会' },
  flags: { can_cancel: true },
  main_params: { revision: 3 },
} as unknown as BookingResponse;

function quote(settlement: CancellationSettlementPreview | null, fee = 9_600 * E6): CancellationQuoteResponse {
  return {
    days_left: 10,
    days_before: 14,
    rate_e6: 200_000,
    total_amount: 48_000 * E6,
    cancellation_fee: fee,
    policy: [{ days_before: 14, rate_e6: 200_000 }],
    ignore_cancellation_policy: false,
    settlement,
  };
}

/** A 9,600 円 fee on a 48,000 円 fare, settled by `method`'s rule (payment-ledger.ts settleCancellation). */
const card: CancellationSettlementPreview = { fee_amount: 9_600 * E6, paid_amount: 48_000 * E6, applied_to_fee_amount: 9_600 * E6, refund_amount: 38_400 * E6, refund_route: 'GATEWAY', still_owed_amount: 0, on_monthly_invoice: false };
const coupon: CancellationSettlementPreview = { ...card, refund_route: 'RECORDED' };
const monthly: CancellationSettlementPreview = { fee_amount: 9_600 * E6, paid_amount: 48_000 * E6, applied_to_fee_amount: 0, refund_amount: 48_000 * E6, refund_route: 'MONTHLY_INVOICE', still_owed_amount: 9_600 * E6, on_monthly_invoice: true };
const cardUnpaid: CancellationSettlementPreview = { fee_amount: 9_600 * E6, paid_amount: 0, applied_to_fee_amount: 0, refund_amount: 0, refund_route: 'GATEWAY', still_owed_amount: 9_600 * E6, on_monthly_invoice: false };

function open(answer: CancellationQuoteResponse) {
  stubApi((call) => {
    if (call.url.endsWith('/cancellation_fee')) return json(200, answer);
    if (call.url === '/v1/bookings/27061001') return json(200, booking);
    return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
  });
  renderRoutes([{ path: '/bookings/:bookingId/cancel', element: <BookingCancel /> }], '/bookings/27061001/cancel', { user: BACK_OFFICE_STAFF });
}

const block = () => document.querySelector('[data-testid="cancellation-settlement"]');
/** The breakdown as "term: amount (how)" lines, in order. */
function lines(): string[] {
  return [...block()!.querySelectorAll('dt')].map((dt) => {
    const dd = dt.nextElementSibling!;
    const [amount, how] = [...dd.children].map((c) => c.textContent);
    return how ? `${dt.textContent}: ${amount} (${how})` : `${dt.textContent}: ${amount}`;
  });
}

describe('the cancel page: how the money is settled', { timeout: 20_000 }, () => {
  useScreenTests();

  it('card with a refund: the fee is taken from what was paid, the rest goes back to the card', async () => {
    open(quote(card));
    await waitFor(() => block());
    expect(lines()).toEqual(['お支払い済みの金額: 48,000 円', 'うち取消料に充当: 9,600 円', 'ご返金額: 38,400 円 (ご利用のカードへ返金します)', '残りのお支払い: 0 円']);
    // Headings in order: the page, the fee, the breakdown under it; the list named by its heading.
    const headings = [...document.querySelectorAll('h1, h2, h3')].map((h) => `${h.tagName}:${h.textContent}`);
    expect(headings.slice(0, 3)).toEqual(['H1:予約 27061001 の取消', 'H2:取消料', 'H3:精算の内訳']);
    const labelledBy = block()!.getAttribute('aria-labelledby')!;
    expect(document.getElementById(labelledBy)?.textContent).toBe('精算の内訳');
  });

  it('coupon with a refund owed: the operator pays it back and says so once recorded', async () => {
    open(quote(coupon));
    await waitFor(() => block());
    expect(lines()).toEqual(['お支払い済みの金額: 48,000 円', 'うち取消料に充当: 9,600 円', 'ご返金額: 38,400 円 (運行会社から返金します（返金の記録後にお知らせします）)', '残りのお支払い: 0 円']);
  });

  it('monthly: the fare already invoiced comes back as a credit and the fee is billed on the next monthly invoice', async () => {
    open(quote(monthly));
    await waitFor(() => block());
    expect(lines()).toEqual([
      '月次請求書でご請求済みの金額: 48,000 円',
      'ご返金額: 48,000 円 (次回の月次請求書で相殺します)',
      '残りのお支払い: 9,600 円 (次回の月次請求書でご請求します)',
    ]);
  });

  it('nothing paid yet by card: the whole fee is left to pay by card', async () => {
    open(quote(cardUnpaid));
    await waitFor(() => block());
    expect(lines()).toEqual(['お支払い済みの金額: 0 円', '残りのお支払い: 9,600 円 (取消の確定後、カードでお支払いください)']);
  });

  it('no fee and nothing paid (or never confirmed): one sentence', async () => {
    open(quote({ ...cardUnpaid, fee_amount: 0, still_owed_amount: 0 }, 0));
    await waitFor(() => block());
    expect(block()!.querySelector('dl')).toBeNull();
    expect(block()!.textContent).toContain('お支払い済みの金額はなく、取消料もかからないため、精算はありません。');
    unmountScreens();
    open(quote(null, 0));
    await waitFor(() => block());
    expect(block()!.textContent).toContain('精算はありません');
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    open(quote(card));
    await waitFor(() => block());
    expect(pageText()).toContain('How the money is settled');
    expect(lines()).toEqual(['Already paid: ¥48,000', 'Of it, used for the cancellation fee: ¥9,600', 'Refund: ¥38,400 (Refunded to the card used)', 'Still to pay: ¥0']);
  });
});
