import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { renderRoutes, typeInto, unmountScreens, useScreenTests } from '../../../test/render-screen.tsx';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import type { SandboxCheckout, SandboxPayResult } from '../api/sandbox-checkout.ts';
import { leavePage } from '../components/leave-page.ts';
import { Component } from './sandbox-checkout.tsx';

vi.mock('../components/leave-page.ts', () => ({ leavePage: vi.fn() }));

const RETURN_URL = 'http://localhost/bookings/27061001?payment=returned';

function checkout(over: Partial<SandboxCheckout> = {}): SandboxCheckout {
  return {
    ref: 'cs_1',
    amount: 48_000,
    currency: 'JPY',
    description: '27061001 桜ヶ丘町内会',
    status: 'OPEN',
    return_url: RETURN_URL,
    test_cards: [
      { number: '4242424242424242', behaviour: 'SUCCEEDS' },
      { number: '4000000000000002', behaviour: 'DECLINED' },
      { number: '4000000000009995', behaviour: 'INSUFFICIENT_FUNDS' },
      { number: '4000000000003220', behaviour: 'REQUIRES_CONFIRMATION' },
    ],
    ...over,
  };
}

const result = (outcome: SandboxPayResult['outcome'], reason: string | null = null): SandboxPayResult => ({ outcome, reason, return_url: RETURN_URL });

let calls: ApiCall[] = [];

/** The sandbox provider: the checkout, then the answers to pay and confirm by card number / approval. */
function fakeProvider(view: SandboxCheckout) {
  calls = stubApi((call, init) => {
    // The provider's page never sends our session.
    expect(init?.credentials).toBe('omit');
    if (call.method === 'GET' && call.url === '/v1/sandbox-gateway/checkouts/cs_1') return json(200, view);
    if (call.url.endsWith('/pay')) {
      const number = (call.body as { card_number: string }).card_number;
      if (number === '4242424242424242') return json(200, result('PAID'));
      if (number === '4000000000003220') return json(200, result('REQUIRES_ACTION'));
      if (number === '4000000000000002') return json(200, result('DECLINED', 'card_declined'));
      return json(400, { common: { error_code: 'VALIDATION_FAILED', error_description: 'use a test card', field: 'card_number' } });
    }
    if (call.url.endsWith('/confirm')) return json(200, (call.body as { approve: boolean }).approve ? result('PAID') : result('DECLINED', 'authentication_failed'));
    return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'checkout not found' } });
  });
}

function open(ref = 'cs_1') {
  renderRoutes([{ path: '/sandbox-checkout/:ref', Component }], `/sandbox-checkout/${ref}`);
}

const cardInput = () => [...document.querySelectorAll('input')].find((i) => i.placeholder === '4242 4242 4242 4242')!;
const typeCard = (value: string) => typeInto(cardInput(), value);
const payButton = () => enabledButton('48,000 円を支払う');
const posts = () => calls.filter((c) => c.method === 'POST');
const testId = (id: string) => document.querySelector(`[data-testid="${id}"]`);

describe('sandbox checkout page', () => {
  useScreenTests();
  beforeEach(() => {
    vi.mocked(leavePage).mockClear();
  });

  it('says it is a sandbox and shows the amount, the booking and the test cards', async () => {
    fakeProvider(checkout());
    open();
    await waitFor(() => payButton());
    const text = pageText();
    expect(text).toContain('テスト環境');
    expect(text).toContain('実際の請求や入金は一切発生しません');
    expect(text).toContain('48,000 円');
    expect(text).toContain('27061001 桜ヶ丘町内会');
    expect(text).toContain('4242 4242 4242 4242');
    expect(text).toContain('カードが拒否されます');
    expect(text).toContain('有効期限とセキュリティコードは不要です');
  });

  it('success: paid, then back to the booking', async () => {
    fakeProvider(checkout());
    open();
    await waitFor(() => payButton());
    typeCard('4242 4242 4242 4242');
    payButton()!.click();
    await waitFor(() => testId('sandbox-paid'));
    expect(posts()).toEqual([{ url: '/v1/sandbox-gateway/checkouts/cs_1/pay', method: 'POST', body: { card_number: '4242424242424242' } }]);
    expect(pageText()).toContain('お支払いが完了しました');
    await waitFor(() => vi.mocked(leavePage).mock.calls.length > 0, 4000);
    expect(leavePage).toHaveBeenCalledWith(RETURN_URL);
  });

  it('declined: a clear message, and the form stays for another try', async () => {
    fakeProvider(checkout());
    open();
    await waitFor(() => payButton());
    typeCard('4000 0000 0000 0002');
    payButton()!.click();
    await waitFor(() => testId('sandbox-declined'));
    expect(pageText()).toContain('カードが承認されませんでした');
    expect(pageText()).toContain('カード会社により支払いが拒否されました');
    expect(payButton()).toBeTruthy();
    expect(leavePage).not.toHaveBeenCalled();
    // A number that is no test card is refused on the page, without a call.
    typeCard('1234 5678 9012 3456');
    payButton()!.click();
    await waitFor(() => pageText().includes('上記のテスト用カード番号を入力してください'));
    expect(posts()).toHaveLength(1);
  });

  it('confirmation: the card holder approves (paid) or rejects (declined)', async () => {
    fakeProvider(checkout());
    open();
    await waitFor(() => payButton());
    typeCard('4000000000003220');
    payButton()!.click();
    await waitFor(() => testId('sandbox-confirm'));
    expect(pageText()).toContain('カード会員の本人確認');
    enabledButton('拒否する')!.click();
    await waitFor(() => testId('sandbox-declined'));
    expect(pageText()).toContain('本人確認が完了しなかったため');

    typeCard('4000000000003220');
    payButton()!.click();
    await waitFor(() => testId('sandbox-confirm'));
    enabledButton('承認する')!.click();
    await waitFor(() => testId('sandbox-paid'));
    expect(posts().map((c) => [c.url.split('/').pop(), c.body])).toEqual([
      ['pay', { card_number: '4000000000003220' }],
      ['confirm', { approve: false }],
      ['pay', { card_number: '4000000000003220' }],
      ['confirm', { approve: true }],
    ]);
  });

  it('already paid or expired on load: says so with a link back to the booking', async () => {
    fakeProvider(checkout({ status: 'PAID' }));
    open();
    await waitFor(() => testId('sandbox-already-paid'));
    expect(pageText()).toContain('このお支払いはすでに完了しています');
    expect(document.querySelector('a')!.getAttribute('href')).toBe('http://localhost/bookings/27061001');
    expect(cardInput()).toBeUndefined();
    unmountScreens();

    fakeProvider(checkout({ status: 'EXPIRED' }));
    open();
    await waitFor(() => testId('sandbox-expired'));
    expect(pageText()).toContain('有効期限が切れています');
  });

  it('an unknown checkout says so', async () => {
    fakeProvider(checkout());
    open('nope');
    await waitFor(() => testId('sandbox-unavailable'));
    expect(pageText()).toContain('このお支払いページは見つかりません');
  });

  it('speaks English', async () => {
    await changeLanguage('en');
    fakeProvider(checkout());
    open();
    await waitFor(() => enabledButton('Pay ¥48,000'));
    expect(pageText()).toContain('No real charge is made');
  });
});
