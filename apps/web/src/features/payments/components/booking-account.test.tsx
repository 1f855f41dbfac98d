import { describe, expect, it } from 'vitest';
import type { PaymentDetail, PaymentRefund } from '@sagano/domain/payments/payment-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { paymentDetail, paymentDiscrepancy } from '../../../test/payment-details.ts';
import { fieldLabelled, renderScreen, typeInto as type, useScreenTests } from '../../../test/render-screen.tsx';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import { PaymentPanel } from './payment-panel.tsx';

const E6 = 1_000_000;

/** A card refund of 38,400 円 made after the cancellation, with its return invoice. */
function refund(over: Partial<PaymentRefund> = {}): PaymentRefund {
  return {
    payment_id: 90,
    parent_payment_id: 71,
    reason: 'CANCELLATION',
    route: 'GATEWAY',
    status: 'PAYMENT_CONFIRMED',
    total_amount: 38_400 * E6,
    refunded_amount: 38_400 * E6,
    note: null,
    requested_by: '事務 太郎',
    created_at: '2027-05-20T01:30:00.000Z',
    return_invoice_url: '/v1/bookings/27061001/payments/90/return-invoice.pdf',
    can_record_refund: false,
    ...over,
  };
}

/** A paid card fare of 48,000 円. */
const paidFare = (over: Partial<PaymentDetail> = {}, flags: Partial<PaymentDetail['flags']> = {}) =>
  paymentDetail({ status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6, ...over }, flags);

let calls: ApiCall[] = [];
let answer: (call: ApiCall) => Response = () => json(200, { ok: true });

function render(p: PaymentDetail, related: PaymentDetail[] = []) {
  calls = stubApi((call) => answer(call));
  renderScreen(<PaymentPanel bookingId="27061001" payment={p} related={related} />);
}

const writes = () => calls.filter((c) => c.method !== 'GET');
const dialog = () => document.querySelector('[role="dialog"]');
const byTestId = (id: string, within: ParentNode = document) => within.querySelector(`[data-testid="${id}"]`);
/** The account's figures as label → value, in order. */
const figures = () => {
  const dl = byTestId('booking-money')!;
  return [...dl.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
};
/** The error shown under a field, read through its aria-describedby. */
const fieldError = (label: string) => {
  const control = fieldLabelled(label);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

describe("the booking's account on a payment", () => {
  useScreenTests();

  it('shows billed, received, refunded and the balance in words by its sign', async () => {
    render(paymentDetail());
    await waitFor(() => byTestId('booking-money'));
    expect(figures()).toEqual(['請求額: 48,000 円', '入金額: 0 円', '返金額: 0 円', 'お支払い残: 48,000 円']);
    expect(byTestId('booking-account')!.querySelector('h3')?.textContent).toBe('ご予約の精算状況');
    // The fare's own amount is labelled as the fare, not as a second 請求額.
    expect(pageText()).toContain('運賃');

    render(
      paidFare({
        booking_money: { billed_amount: 45_000 * E6, received_amount: 48_000 * E6, refunded_amount: 1_200 * E6, owed_back_amount: 1_800 * E6, balance_amount: -1_800 * E6 },
      }),
    );
    await waitFor(() => document.querySelectorAll('[data-testid="booking-money"]').length === 2);
    const second = [...document.querySelectorAll('[data-testid="booking-money"] dt')].slice(4).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(second).toEqual(['請求額: 45,000 円', '入金額: 48,000 円', '返金額: 1,200 円', 'ご返金予定: 1,800 円うち返金手続き中 1,800 円']);
  });

  it('lists the refunds in words: amount, reason, route, status, when, who and the return invoice; no duplicate difference block', async () => {
    const cancellationFee = paymentDetail({
      payment_id: 75,
      kind: 'CANCELLATION',
      status: 'PAYMENT_CONFIRMED',
      total_amount: 9_600 * E6,
      paid_amount: 9_600 * E6,
      booking_money: { billed_amount: 9_600 * E6, received_amount: 48_000 * E6, refunded_amount: 38_400 * E6, owed_back_amount: 0, balance_amount: 0 },
    });
    // The refund belongs to the fare, which is not drawn: listed with the fee.
    const fare = paidFare({ refunds: [refund()], discrepancy: paymentDiscrepancy({ payment_id: 90, direction: 'REFUND', status: 'PAYMENT_CONFIRMED' }) });
    render(cancellationFee, [fare]);
    await waitFor(() => byTestId('refund-90'));
    const item = byTestId('refund-90')!;
    expect(byTestId('refund-amount', item)!.textContent).toBe('38,400 円');
    expect(byTestId('refund-status', item)!.textContent).toBe('返金済み');
    expect(byTestId('refund-reason', item)!.textContent).toBe('取消による返金（取消料を超えるお支払い分）');
    expect(byTestId('refund-route', item)!.textContent).toBe('カードへ返金（決済サービス経由）');
    expect(byTestId('refund-when', item)!.textContent).toBe('登録日時: 2027-05-20 10:30:00 / 登録者: 事務 太郎');
    expect(byTestId('refund-return-invoice', item)!.getAttribute('href')).toBe('/v1/bookings/27061001/payments/90/return-invoice.pdf');
    expect(byTestId('refund-return-invoice', item)!.textContent).toBe('返還請求書（PDF）');
    expect(item.tagName).toBe('LI');
    expect(figures()).toEqual(['請求額: 9,600 円', '入金額: 48,000 円', '返金額: 38,400 円', '残高: 0 円']);
    expect(item.querySelector('button')).toBeNull();
  });

  it('the operator records a refund paid back: the day and a note, posted to refund_paid', async () => {
    answer = () => new Response(null, { status: 204 });
    render(
      paidFare({
        payment_method: 'COUPON',
        refunds: [refund({ route: 'RECORDED', status: 'PAYMENT_PENDING', refunded_amount: 0, return_invoice_url: null, can_record_refund: true, note: '団体の人数減', reason: 'OPERATOR' })],
      }),
    );
    await waitFor(() => enabledButton('返金を記録'));
    const item = byTestId('refund-90')!;
    expect(byTestId('refund-status', item)!.textContent).toBe('返金待ち');
    expect(byTestId('refund-route', item)!.textContent).toBe('運行会社から返金（記録）');
    expect(item.textContent).toContain('運行会社による返金（団体の人数減）');
    expect(byTestId('refund-return-invoice', item)).toBeNull();
    enabledButton('返金を記録')!.click();
    await waitFor(() => dialog());
    expect(dialog()!.textContent).toContain('返金額: 38,400 円');
    // Today by default.
    expect((fieldLabelled('返金日') as HTMLInputElement).value).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    type(fieldLabelled('返金日'), '2027-06-10');
    type(fieldLabelled('メモ'), ' 三井住友 京都支店へ振込 ');
    enabledButton('保存')!.click();
    await waitFor(() => writes().length > 0);
    expect(writes()).toEqual([{ url: '/v1/bookings/27061001/payments/90/refund_paid', method: 'POST', body: { paid_on: '2027-06-10', note: '三井住友 京都支店へ振込' } }]);
    await waitFor(() => !dialog());
    await waitFor(() => pageText().includes('返金を記録しました'));
  });

  it('no record button where the refund may not be recorded, no refund button without the flag', async () => {
    render(paidFare({ refunds: [refund({ status: 'PAYMENT_PENDING', refunded_amount: 0 })] }));
    await waitFor(() => byTestId('refund-90'));
    expect(enabledButton('返金を記録')).toBeUndefined();
    expect(enabledButton('返金する')).toBeUndefined();
  });
});

describe("the operator's refund", () => {
  useScreenTests();

  it('defaults to everything refundable, says it goes back to the card, and a double click sends one request with an idempotency key', async () => {
    answer = (call) => (call.url.endsWith('/refund') ? json(200, { refund: refund({ payment_id: 91, status: 'PAYMENT_PENDING' }), booking_money: paidFare().booking_money }) : json(200, {}));
    render(
      paidFare(
        { booking_money: { billed_amount: 48_000 * E6, received_amount: 48_000 * E6, refunded_amount: 0, owed_back_amount: 2_000 * E6, balance_amount: 0 } },
        { can_refund: true },
      ),
    );
    await waitFor(() => enabledButton('返金する'));
    enabledButton('返金する')!.click();
    await waitFor(() => dialog());
    // What the booking holds, less what is already promised back.
    expect(byTestId('refund-available')!.textContent).toBe('返金できる上限: 46,000 円');
    expect((fieldLabelled('全額（46,000 円）') as HTMLInputElement).checked).toBe(true);
    expect(byTestId('refund-how')!.textContent).toBe('46,000 円 を、決済サービスを通じてご利用のカードへ返金します。');
    // The reason is required, with a counter to 500.
    const submit = () => [...dialog()!.querySelectorAll('button[type="submit"]')][0] as HTMLButtonElement;
    submit().click();
    await waitFor(() => fieldError('返金理由').includes('入力してください'));
    expect(writes()).toEqual([]);
    expect(dialog()!.textContent).toContain('0 / 500');
    type(fieldLabelled('返金理由'), '運行会社都合による返金');
    submit().click();
    submit().click();
    await waitFor(() => writes().length > 0);
    await waitFor(() => !dialog());
    expect(writes()).toHaveLength(1);
    const body = writes()[0]!.body as { amount: number; reason: string; idempotency_key: string };
    expect(writes()[0]!.url).toBe('/v1/bookings/27061001/payments/71/refund');
    expect(body.amount).toBe(46_000 * E6);
    expect(body.reason).toBe('運行会社都合による返金');
    expect(body.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => pageText().includes('返金を登録しました'));
  });

  it("a part: the server's field error shows on the amount, more than held too; a refused try gets a new key", async () => {
    let refusals = 0;
    answer = (call) => {
      if (!call.url.endsWith('/refund')) return json(200, {});
      refusals += 1;
      return refusals === 1
        ? json(400, { common: { error_code: 'VALIDATION_FAILED', error_description: 'amount: enter a whole yen amount', field: 'amount' } })
        : json(409, { common: { error_code: 'REFUND_EXCEEDS_PAID', error_description: 'more than paid' } });
    };
    render(paidFare({ payment_method: 'MONTHLY' }, { can_refund: true }));
    await waitFor(() => enabledButton('返金する'));
    enabledButton('返金する')!.click();
    await waitFor(() => dialog());
    fieldLabelled('一部').click();
    await waitFor(() => [...document.querySelectorAll('label')].some((l) => l.textContent?.replace(/\s*\*$/, '').trim() === '返金額'));
    type(fieldLabelled('返金額'), '50000');
    type(fieldLabelled('返金理由'), '一部返金');
    const submit = () => [...dialog()!.querySelectorAll('button[type="submit"]')][0] as HTMLButtonElement;
    // More than the booking holds is refused before anything is sent.
    submit().click();
    await waitFor(() => fieldError('返金額').includes('返金額は48,000 円以下で入力してください。'));
    expect(writes()).toEqual([]);
    type(fieldLabelled('返金額'), '12000');
    expect(byTestId('refund-how')!.textContent).toBe('12,000 円 を次回の月次請求書で相殺します（個別の返金はしません）。');
    submit().click();
    await waitFor(() => fieldError('返金額').includes('入力内容に不備があります'));
    expect(dialog()).not.toBeNull();
    await waitFor(() => !submit().disabled && submit().getAttribute('data-loading') === null);
    submit().click();
    await waitFor(() => fieldError('返金額').includes('返金額が入金済みの金額を超えています'));
    const [first, second] = writes().map((c) => c.body as { amount: number; idempotency_key: string });
    expect(first!.amount).toBe(12_000 * E6);
    expect(second!.idempotency_key).not.toBe(first!.idempotency_key);
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    render(
      paidFare(
        { payment_method: 'COUPON', refunds: [refund({ route: 'RECORDED', status: 'PAYMENT_PENDING', refunded_amount: 0, can_record_refund: true })] },
        { can_refund: true },
      ),
    );
    await waitFor(() => enabledButton('Refund'));
    expect(figures()).toEqual(['Billed: ¥48,000', 'Received: ¥48,000', 'Refunded: ¥0', 'Balance: ¥0']);
    expect(pageText()).toContain('Awaiting refund');
    expect(pageText()).toContain('Paid back by the operator (recorded)');
    expect(enabledButton('Record refund paid')).toBeTruthy();
    enabledButton('Refund')!.click();
    await waitFor(() => dialog());
    expect(byTestId('refund-how')!.textContent).toBe('The operator pays back ¥48,000. Once paid, record it with “Record refund paid”.');
  });
});
