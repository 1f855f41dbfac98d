import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@sagano/domain/auth/auth-schemas';
import type { PaymentDetail } from '@sagano/domain/payments/payment-schemas';
import { E6 } from '@sagano/domain/money/yen-e6';
import { changeLanguage } from '../../../lib/i18n.ts';
import { BACK_OFFICE_STAFF, currentLocation as where, fieldLabelled as field, LocationProbe, renderRoutes, typeInto as fill, unmountScreens, useScreenTests } from '../../../test/render-screen.tsx';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import { NO_PAYMENT_FLAGS, paymentDetail } from '../../../test/payment-details.ts';
import type { PaymentSearchRow } from '../api/search-payments.ts';
import { Component as PaymentsList } from './payments-list.tsx';

const operator = BACK_OFFICE_STAFF;
const agentUser: SessionUser = { ...operator, uid: 'a1', email: 'agent@example.com', kind: 'AGENT', role: 'agentAdmin', user_group: null, user_type: null, agent_id: 7, staff_type: 'ADMIN' };

/** A fare of 48,000 円 due 2026-05-20. */
const payment = (over: Partial<PaymentDetail>) => paymentDetail({ payment_id: 1, issued_at: '2026-05-01T00:00:00.000Z', updated_at: '2026-05-01T00:00:00.000Z', due_date: '2026-05-20', normal_due_date: '2026-05-20', ...over });

function row(bookingId: string, groupName: string, detail: PaymentDetail | null): PaymentSearchRow {
  return {
    booking_id: bookingId,
    submitted_at: '2026-04-30T01:00:00.000Z',
    service_date: '2026-05-28',
    group_name: groupName,
    agent: { agent_id: 7, name: '京都さくら旅行', name_en: '', agent_type: 'FREE' },
    agent_sub_group_name: '本社',
    agent_sub_group_name_en: '',
    status: detail ? 'RESERVED' : 'SUBMITTED',
    payment: detail,
  };
}

const ROWS: PaymentSearchRow[] = [
  row('26050001', '青葉会', payment({ is_overdue: true, due_date: '2026-05-01' })),
  row('26050002', '桜ヶ丘高校', payment({ status: 'PAYMENT_CONFIRMED', paid_amount: 48_000 * E6, due_date: '2026-04-20' })),
  row(
    '26050003',
    '紅葉の会',
    payment({
      status: 'COUPON_CONFIRMED',
      payment_method: 'COUPON',
      due_date: null,
      discrepancy: { payment_id: 9, status: 'PAYMENT_PENDING', due_date: '2026-05-02', is_overdue: true, total_amount: 1_200 * E6, paid_amount: 0, direction: 'EXTRA', invoice_url: null, receipt_url: null, return_invoice_url: null, flags: NO_PAYMENT_FLAGS },
    }),
  ),
  row('26050004', '嵐山の集い', null),
  row(
    '26050005',
    '嵯峨野の会',
    payment({
      status: 'PAYMENT_CONFIRMED',
      paid_amount: 48_000 * E6,
      discrepancy: { payment_id: 10, status: 'PAYMENT_PENDING', due_date: null, is_overdue: false, total_amount: 1_800 * E6, paid_amount: 0, direction: 'REFUND', invoice_url: null, receipt_url: null, return_invoice_url: null, flags: NO_PAYMENT_FLAGS },
      // A fare lowered by 3,000 円 after payment: 1,200 円 went back, 1,800 円 is still to go back.
      booking_money: { billed_amount: 45_000 * E6, received_amount: 48_000 * E6, refunded_amount: 1_200 * E6, owed_back_amount: 1_800 * E6, balance_amount: -1_800 * E6 },
    }),
  ),
];

let calls: ApiCall[] = [];

function fakeApi() {
  calls = stubApi((call) => {
    if (call.url.startsWith('/v1/bookings/payments/search')) return json(200, { total: ROWS.length, total_capped: false, page: 1, per_page: 20, payments: ROWS });
    if (call.url.startsWith('/v1/agents?')) {
      const groups = [
        { id: 10, name_ja: '本社', is_root: true },
        { id: 11, name_ja: '大阪支店', is_root: false },
      ];
      return json(200, { total: 1, page: 1, per_page: 100, agents: [{ id: 7, name_ja: '京都さくら旅行', name_kana: '', name_en: '', agent_type: 'FREE', agent_payment_type: 'PREPAID', ignore_cancellation_policy: false, groups }] });
    }
    return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
  });
}

function open(path: string, user: SessionUser) {
  renderRoutes(
    [
      {
        path: '/payments',
        element: (
          <>
            <PaymentsList />
            <LocationProbe />
          </>
        ),
      },
    ],
    path,
    { user },
  );
}

const searches = () => calls.filter((c) => c.url.startsWith('/v1/bookings/payments/search'));
const lastQuery = () => Object.fromEntries(new URL(searches().at(-1)!.url, 'http://x').searchParams);
const rowOf = (id: string) => document.querySelector<HTMLElement>(`[data-testid="payment-row-${id}"]`);
const labels = () => [...document.querySelectorAll('form[role="search"] label')].map((l) => l.textContent?.replace(/\s*\*$/, '').trim());

// Screen tests render the whole list; under a loaded machine the first one takes seconds.
describe('the payments list', { timeout: 20_000 }, () => {
  useScreenTests();

  it('asks the search for every filter in the address, as the server reads them', async () => {
    fakeApi();
    open(
      '/payments?service_from=2026-05-01&service_to=2026-05-31&submitted_from=2026-04-01&submitted_to=2026-04-30&booking_id=2605&group_name=%E9%9D%92%E8%91%89' +
        '&payment_status=PAYMENT_PENDING&payment_type=PREPAID&agent_id=7&branch_id=11&overdue=true&page=2',
      operator,
    );
    await waitFor(() => searches().length > 0);
    expect(lastQuery()).toEqual({
      page: '2',
      per_page: '20',
      service_date_from: '2026-05-01',
      service_date_to: '2026-05-31',
      submitted_at_from: '2026-04-01',
      submitted_at_to: '2026-04-30',
      booking_id: '2605',
      group_name: '青葉',
      payment_status: 'PAYMENT_PENDING',
      payment_type: 'PREPAID',
      agent_id: '7',
      agent_sub_group_ids: '11',
      overdue: 'true',
    });
    // Malformed or unknown values are left out rather than sent.
    unmountScreens();
    open('/payments?service_from=2026-13-01&payment_status=PAID&payment_type=CASH&agent_id=x&overdue=yes', operator);
    await waitFor(() => searches().length > 1);
    expect(lastQuery()).toEqual({ page: '1', per_page: '20' });
  });

  it('writes the searched filters into the address and searches with them: overdue only, booking number, group', async () => {
    fakeApi();
    open('/payments', operator);
    await waitFor(() => rowOf('26050001'));
    expect(lastQuery()).toEqual({ page: '1', per_page: '20' });
    fill(field('予約番号'), '26050001');
    fill(field('団体名'), '青葉会');
    field('期限超過のみ表示').click();
    enabledButton('検索')!.click();
    await waitFor(() => where()?.includes('overdue=true'));
    expect(Object.fromEntries(new URL(where()!, 'http://x').searchParams)).toEqual({ booking_id: '26050001', group_name: '青葉会', overdue: 'true' });
    await waitFor(() => lastQuery().overdue === 'true');
    expect(lastQuery()).toEqual({ page: '1', per_page: '20', booking_id: '26050001', group_name: '青葉会', overdue: 'true' });
    // Clearing drops every filter.
    enabledButton('条件をクリア')!.click();
    await waitFor(() => where() === '/payments');
  });

  it('keeps the rows before dimmed and marked busy while a new search loads, then shows its own', async () => {
    let answer: () => void = () => undefined;
    calls = stubApi(async (call) => {
      if (!call.url.startsWith('/v1/bookings/payments/search')) return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
      const overdue = call.url.includes('overdue=true');
      if (overdue) await new Promise<void>((resolve) => (answer = resolve));
      return json(200, { total: overdue ? 1 : ROWS.length, total_capped: false, page: 1, per_page: 20, payments: overdue ? ROWS.slice(0, 1) : ROWS });
    });
    open('/payments', operator);
    const frame = () => document.querySelector('[data-testid="list-frame"]')!;
    await waitFor(() => rowOf('26050002'));
    expect(frame().getAttribute('aria-busy')).toBe('false');
    field('期限超過のみ表示').click();
    enabledButton('検索')!.click();
    await waitFor(() => lastQuery().overdue === 'true');
    await waitFor(() => frame().getAttribute('aria-busy') === 'true');
    expect(rowOf('26050002')).not.toBeNull();
    expect(frame().querySelector('[role="progressbar"]')).not.toBeNull();
    answer();
    await waitFor(() => frame().getAttribute('aria-busy') === 'false');
    expect(rowOf('26050002')).toBeNull();
    expect(rowOf('26050001')).not.toBeNull();
  });

  it('shows the back office every column: the agent, the red overdue badge only where it is late, the difference', async () => {
    fakeApi();
    open('/payments', operator);
    await waitFor(() => rowOf('26050001'));
    expect(pageText()).toContain('入金管理');
    expect(labels()).toEqual(expect.arrayContaining(['代理店', '支店', '支払区分', '支払状況', '期限超過のみ表示']));
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).toEqual(['予約番号', '団体名', '代理店 / 支店', '乗車日', '支払方法', '支払状況', '請求額', '入金額', '返金額', '支払期限', '差額']);

    const late = rowOf('26050001')!;
    expect(late.querySelector('a')?.getAttribute('href')).toBe('/bookings/26050001');
    expect(late.textContent).toContain('京都さくら旅行');
    expect(late.textContent).toContain('48,000 円');
    expect(late.querySelector('[data-testid="overdue-badge"]')?.textContent).toBe('期限超過');
    expect(late.querySelector('[data-testid="overdue-badge"]')?.getAttribute('style')).toContain('red');

    const paid = rowOf('26050002')!;
    expect(paid.textContent).toContain('入金済み');
    expect(paid.querySelector('[data-testid="overdue-badge"]')).toBeNull();

    const changed = rowOf('26050003')!;
    expect(changed.querySelector('[data-testid="discrepancy"]')?.textContent).toContain('追加請求 1,200 円');
    // The fare is covered by the coupon; the extra charge is what is late.
    expect(changed.querySelectorAll('[data-testid="overdue-badge"]')).toHaveLength(1);
    expect(changed.querySelector('[data-testid="discrepancy"] [data-testid="overdue-badge"]')).not.toBeNull();

    expect(rowOf('26050004')!.textContent).toContain('請求前');
    // Money owed back waits for the operator, not for the agent's payment.
    const refund = rowOf('26050005')!.querySelector('[data-testid="discrepancy"]')!.textContent;
    expect(refund).toContain('返金 1,800 円');
    expect(refund).toContain('返金待ち');
    expect(refund).not.toContain('入金待ち');
    // The booking's figures, as on its page: billed, received, refunded and what is still to go back.
    const money = (id: string, column: string) => rowOf(id)!.querySelector(`[data-testid="${column}"]`)?.textContent;
    expect([money('26050005', 'billed'), money('26050005', 'received'), money('26050005', 'refunded')]).toEqual(['45,000 円', '48,000 円', '1,200 円返金待ち 1,800 円']);
    expect([money('26050002', 'billed'), money('26050002', 'received'), money('26050002', 'refunded')]).toEqual(['48,000 円', '48,000 円', '0 円']);
  });

  it('gives agents no agent, branch or payment-type filter and no agent column, and never sends those filters', async () => {
    fakeApi();
    open('/payments?agent_id=3&branch_id=4&payment_type=COUPON&overdue=true', agentUser);
    await waitFor(() => rowOf('26050001'));
    expect(pageText()).toContain('お支払い');
    expect(pageText()).not.toContain('入金管理');
    expect(labels()).not.toContain('代理店');
    expect(labels()).not.toContain('支店');
    expect(labels()).not.toContain('支払区分');
    expect(labels()).toContain('期限超過のみ表示');
    expect(lastQuery()).toEqual({ page: '1', per_page: '20', overdue: 'true' });
    expect(calls.some((c) => c.url.startsWith('/v1/agents'))).toBe(false);
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headers).not.toContain('代理店 / 支店');
    expect(headers).toEqual(expect.arrayContaining(['ご請求額', 'お支払い済み', 'ご返金額', '支払期限']));
    expect(rowOf('26050001')!.querySelector('[data-testid="overdue-badge"]')?.textContent).toBe('期限超過');
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    fakeApi();
    open('/payments', operator);
    await waitFor(() => rowOf('26050001'));
    expect(pageText()).toContain('Payments');
    expect(rowOf('26050001')!.querySelector('[data-testid="overdue-badge"]')?.textContent).toBe('Overdue');
    expect(rowOf('26050001')!.textContent).toContain('¥48,000');
    expect(rowOf('26050003')!.textContent).toContain('Extra charge ¥1,200');
  });
});
