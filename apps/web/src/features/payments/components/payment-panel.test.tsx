import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetail } from '@sagano/domain/payments/payment-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { paymentDetail, paymentDiscrepancy } from '../../../test/payment-details.ts';
import { fieldLabelled, renderScreen, typeInto as type, unmountScreens, useScreenTests } from '../../../test/render-screen.tsx';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import { awaitingCard } from './checkout-return-notice.tsx';
import { leavePage } from './leave-page.ts';
import { PaymentPanel } from './payment-panel.tsx';

vi.mock('./leave-page.ts', () => ({ leavePage: vi.fn() }));

const E6 = 1_000_000;
const payment = paymentDetail;
const discrepancy = paymentDiscrepancy;

let calls: ApiCall[] = [];

function render(p: PaymentDetail) {
  calls = stubApi((call) => {
    if (call.url.endsWith('/checkout')) return json(200, { checkout_url: 'http://localhost/sandbox-checkout/cs_1' });
    return json(200, { ok: true });
  });
  renderScreen(<PaymentPanel bookingId="27061001" payment={p} />);
}

/** The labels of the panel's buttons, in order. */
const buttons = () => [...document.querySelectorAll('[data-testid^="payment-panel-"] button')].map((b) => b.textContent?.trim());
const dialog = () => document.querySelector('[role="dialog"]');
const writes = () => calls.filter((c) => c.method !== 'GET');

const field = (label: string) => fieldLabelled(label) as HTMLInputElement;

describe('payment panel', () => {
  useScreenTests();
  beforeEach(() => {
    vi.mocked(leavePage).mockClear();
  });

  it('shows the amounts, the method, the status and an overdue due date; no flag, no button', async () => {
    render(payment({ is_overdue: true, paid_amount: 0 }));
    await waitFor(() => pageText().includes('入金待ち'));
    const text = pageText();
    expect(text).toContain('48,000 円');
    expect(text).toContain('クレジットカード（オンライン）');
    expect(text).toContain('2027-06-03');
    expect(document.querySelectorAll('[data-testid="payment-overdue"]')).toHaveLength(1);
    expect(text).toContain('期限超過');
    expect(buttons()).toEqual([]);
  });

  it('the agent pays by card: the checkout is started and the browser goes to the provider', async () => {
    render(payment({}, { can_pay: true }));
    await waitFor(() => enabledButton('カードで支払う'));
    expect(buttons()).toEqual(['カードで支払う']);
    enabledButton('カードで支払う')!.click();
    await waitFor(() => vi.mocked(leavePage).mock.calls.length > 0);
    expect(writes()).toEqual([{ url: '/v1/bookings/27061001/payments/71/checkout', method: 'POST', body: {} }]);
    expect(leavePage).toHaveBeenCalledWith('http://localhost/sandbox-checkout/cs_1');
  });

  it('the agent reports the coupon with its number', async () => {
    render(payment({ payment_method: 'COUPON', due_date: null, normal_due_date: null }, { can_issue_coupon: true }));
    await waitFor(() => enabledButton('クーポン発行を報告'));
    expect(buttons()).toEqual(['クーポン発行を報告']);
    enabledButton('クーポン発行を報告')!.click();
    await waitFor(() => dialog());
    enabledButton('保存')!.click();
    await waitFor(() => pageText().includes('入力してください'));
    expect(writes()).toEqual([]);
    type(field('クーポン番号'), ' CP-2027-0042 ');
    enabledButton('保存')!.click();
    await waitFor(() => writes().length > 0);
    expect(writes()[0]).toEqual({ url: '/v1/bookings/27061001/payments/71/report_coupon', method: 'POST', body: { coupon_number: 'CP-2027-0042' } });
  });

  it('the operator corrects a coupon number, records a transfer and adjusts the fare', async () => {
    render(payment({ status: 'COUPON_CONFIRMED', payment_method: 'COUPON', coupon_number: 'CP-1' }, { can_correct_coupon_number: true, can_adjust_amount: true }));
    await waitFor(() => enabledButton('クーポン番号を訂正'));
    expect(buttons()).toEqual(['クーポン番号を訂正', '請求額を調整']);
    expect(pageText()).toContain('CP-1');
    unmountScreens();

    render(payment({ payment_method: 'MONTHLY', total_amount: 30_000 * E6, paid_amount: 10_000 * E6 }, { can_record_transfer: true, can_adjust_amount: true }));
    await waitFor(() => enabledButton('入金を記録'));
    expect(buttons()).toEqual(['入金を記録', '請求額を調整']);
    enabledButton('入金を記録')!.click();
    await waitFor(() => dialog());
    expect(pageText()).toContain('未入金額: 20,000 円');
    // More than what is still owed is refused before anything is sent.
    type(field('入金額'), '25000');
    enabledButton('保存')!.click();
    await waitFor(() => pageText().includes('入金額は20,000 円以下で入力してください。'));
    type(field('入金額'), '15000');
    type(field('入金日'), '2027-05-20');
    type(field('メモ'), 'サガノリョコウ');
    enabledButton('保存')!.click();
    await waitFor(() => writes().length > 0);
    expect(writes()[0]).toEqual({
      url: '/v1/bookings/27061001/payments/71/bank_transfers',
      method: 'POST',
      body: { amount: 15_000 * E6, transferred_on: '2027-05-20', note: 'サガノリョコウ' },
    });
    await waitFor(() => !dialog());

    enabledButton('請求額を調整')!.click();
    await waitFor(() => dialog());
    type(field('調整後の請求額'), '27000');
    enabledButton('保存')!.click();
    await waitFor(() => pageText().includes('入力してください'));
    type(field('調整理由'), '人数減のため');
    enabledButton('保存')!.click();
    await waitFor(() => writes().length > 1);
    expect(writes()[1]).toEqual({ url: '/v1/bookings/27061001/adjust_amount', method: 'POST', body: { total_amount: 27_000 * E6, reason: '人数減のため' } });
  });

  it('marks an adjusted total, and shows a discrepancy with its own status, due date and actions', async () => {
    render(
      payment(
        { status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6, is_total_amount_fixed: true, discrepancy: discrepancy({ is_overdue: true }, { can_pay: true }) },
        {},
      ),
    );
    await waitFor(() => pageText().includes('追加のお支払い（差額）'));
    const block = document.querySelector('[data-testid="payment-discrepancy"]')!;
    expect(block.textContent).toContain('6,000 円');
    expect(block.textContent).toContain('入金待ち');
    expect(block.textContent).toContain('2027-06-20');
    expect(block.textContent).toContain('期限超過');
    expect(pageText()).toContain('金額調整済み');
    expect(buttons()).toEqual(['差額をカードで支払う']);
    enabledButton('差額をカードで支払う')!.click();
    await waitFor(() => writes().length > 0);
    expect(writes()[0]!.url).toBe('/v1/bookings/27061001/payments/72/checkout');
  });

  it('a refund discrepancy reads as a refund and is never offered for payment', async () => {
    render(payment({ status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6, discrepancy: discrepancy({ direction: 'REFUND', due_date: null }, { can_pay: true }) }));
    await waitFor(() => pageText().includes('返金（差額）'));
    expect(pageText()).toContain('返金待ち');
    expect(buttons()).toEqual([]);
  });

  it('links the documents the payment has: invoice and receipt, and the return invoice of a refund', async () => {
    const url = (id: number, file: string) => `/v1/bookings/27061001/payments/${id}/${file}.pdf`;
    render(
      payment({
        status: 'PAYMENT_CONFIRMED',
        paid_amount: 48_000 * E6,
        invoice_url: url(71, 'invoice'),
        receipt_url: url(71, 'receipt'),
        discrepancy: discrepancy({ direction: 'REFUND', due_date: null, return_invoice_url: url(72, 'return-invoice') }),
      }),
    );
    await waitFor(() => document.querySelector('[data-testid="payment-documents-invoice"]'));
    const href = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('href');
    expect(href('payment-documents-invoice')).toBe(url(71, 'invoice'));
    expect(href('payment-documents-receipt')).toBe(url(71, 'receipt'));
    expect(href('discrepancy-documents-returnInvoice')).toBe(url(72, 'return-invoice'));
    expect(document.querySelector('[data-testid="payment-documents"]')!.textContent).toContain('請求書（PDF）');
    expect(document.querySelector('[data-testid="discrepancy-documents"]')!.textContent).toBe('返還請求書（PDF）');
  });

  it('shows no document link when the payment has none', async () => {
    render(payment({}));
    await waitFor(() => pageText().includes('入金待ち'));
    expect(document.querySelector('[data-testid="payment-documents"]')).toBeNull();
  });

  it('finishing a cancellation payment asks first and says it cannot be undone', async () => {
    render(payment({ kind: 'CANCELLATION', payment_method: 'COUPON', total_amount: 9_600 * E6 }, { can_finish_cancel_payment: true, can_record_transfer: true, can_adjust_amount: true }));
    await waitFor(() => enabledButton('取消料の精算を完了'));
    // The adjustment is the fare's: not offered on the cancellation fee.
    expect(buttons()).toEqual(['入金を記録', '取消料の精算を完了']);
    expect(pageText()).toContain('取消料');
    enabledButton('取消料の精算を完了')!.click();
    await waitFor(() => dialog());
    expect(dialog()!.textContent).toContain('元に戻せません');
    expect(enabledButton('閉じる')).toBeTruthy();
    expect(enabledButton('キャンセル')).toBeUndefined();
    enabledButton('精算を完了する')!.click();
    await waitFor(() => writes().length > 0);
    expect(writes()[0]).toEqual({ url: '/v1/bookings/27061001/set_cancel_payment_finished', method: 'PUT', body: {} });
  });

  it('a monthly fare waiting for its invoice says which monthly invoice will bill it; once invoiced, not', async () => {
    const monthly = { payment_method: 'MONTHLY', status: 'INVOICE_PENDING', due_date: null, normal_due_date: null, expected_billing_date: '2027-06-30' } as const;
    render(payment(monthly));
    await waitFor(() => pageText().includes('請求待ち'));
    expect(document.querySelector('[data-testid="payment-expected-billing"]')!.textContent).toBe('2027-06-30 締めの月次請求書でご請求します');
    unmountScreens();
    render(payment({ ...monthly, status: 'PAYMENT_PENDING', due_date: '2027-07-31', expected_billing_date: null }));
    await waitFor(() => pageText().includes('入金待ち'));
    expect(document.querySelector('[data-testid="payment-expected-billing"]')).toBeNull();
    unmountScreens();
    await changeLanguage('en');
    render(payment(monthly));
    await waitFor(() => document.querySelector('[data-testid="payment-expected-billing"]'));
    expect(document.querySelector('[data-testid="payment-expected-billing"]')!.textContent).toBe('Will be billed on the monthly invoice of 2027-06-30');
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    render(payment({ is_overdue: true }, { can_pay: true }));
    await waitFor(() => enabledButton('Pay by card'));
    expect(pageText()).toContain('¥48,000');
    expect(pageText()).toContain('Overdue');
    expect(pageText()).toContain('Awaiting payment');
  });
});

describe('awaitingCard', () => {
  it('waits while a card fare or an extra charge is unpaid, not for a refund or another method', () => {
    expect(awaitingCard([payment()])).toBe(true);
    expect(awaitingCard([payment({ status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6 })])).toBe(false);
    expect(awaitingCard([payment({ status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6, discrepancy: discrepancy() })])).toBe(true);
    expect(awaitingCard([payment({ status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6, discrepancy: discrepancy({ direction: 'REFUND' }) })])).toBe(false);
    expect(awaitingCard([payment({ payment_method: 'COUPON' })])).toBe(false);
    expect(awaitingCard([null, undefined])).toBe(false);
  });
});
