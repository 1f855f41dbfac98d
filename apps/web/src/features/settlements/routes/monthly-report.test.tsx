import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@sagano/domain/auth/auth-schemas';
import { E6 } from '@sagano/domain/money/yen-e6';
import type { AgentSettlement, GroupSettlement, RunBillingResponse, SettlementPayment } from '@sagano/domain/settlements/settlement-schemas';
import i18next from 'i18next';
import { changeLanguage } from '../../../lib/i18n.ts';
import { runBillingMessage } from '../components/run-billing-modal.tsx';
import { BACK_OFFICE_STAFF, currentLocation as where, fieldLabelled as field, LocationProbe, renderRoutes, typeInto as fill, unmountScreens, useScreenTests } from '../../../test/render-screen.tsx';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import { Component as MonthlyReport } from './monthly-report.tsx';
import { Component as MonthlyReportAgent } from './monthly-report-agent.tsx';
import { Component as MonthlyReportPayment } from './monthly-report-payment.tsx';

const operator = BACK_OFFICE_STAFF;
const agentUser: SessionUser = { ...operator, uid: 'a1', email: 'agent@example.com', kind: 'AGENT', role: 'agentAdmin', user_group: null, user_type: null, agent_id: 7, staff_type: 'ADMIN' };

const MAY = { from: '2026-05-01', to: '2026-05-31' };

function agentSettlement(over: Partial<AgentSettlement> = {}): AgentSettlement {
  return {
    id: 31,
    agent_settlement_id: 31,
    agent: { agent_id: 7, name: '京都さくら旅行', name_en: '', agent_type: 'SPECIAL_CONTRACTED' },
    duration: MAY,
    contract_type: 'SPECIAL_CONTRACTED',
    payment_method: 'MONTHLY',
    amount: 101_200 * E6,
    fare: 96_000 * E6,
    discrepancy: 1_200 * E6,
    fee: 4_000 * E6,
    received: 0,
    payment_status: 'UNPAID',
    is_paid: false,
    billed_at: '2026-05-31T15:00:00.000Z',
    paid_at: null,
    can_confirm_payment: true,
    ...over,
  };
}

const CARD = agentSettlement({
  id: 32,
  agent_settlement_id: 32,
  agent: { agent_id: 8, name: '嵐山ツーリスト', name_en: '', agent_type: 'FREE' },
  contract_type: 'FREE',
  payment_method: 'PREPAID',
  amount: 48_000 * E6,
  fare: 48_000 * E6,
  discrepancy: 0,
  fee: 0,
  payment_status: 'PAID',
  is_paid: true,
  paid_at: '2026-05-31T15:30:00.000Z',
  can_confirm_payment: false,
});

function groupSettlement(id: number, name: string, isRoot: boolean, over: Partial<GroupSettlement> = {}): GroupSettlement {
  return {
    group_settlement_id: id,
    agent_settlement_id: 31,
    group: { agent_group_id: id + 100, name, is_root: isRoot },
    duration: MAY,
    amount: 53_200 * E6,
    fare: 48_000 * E6,
    discrepancy: 1_200 * E6,
    fee: 4_000 * E6,
    received: 0,
    payment_status: 'UNPAID',
    is_paid: false,
    payment_deadline: '2026-06-30',
    invoice_url: `/v1/settlements/group/${id}/invoice.pdf`,
    invoice_number: `MI-202605-${id}`,
    ...over,
  };
}

function settlementPayment(id: number, bookingId: string, kind: SettlementPayment['kind'], total: number, status: string): SettlementPayment {
  return {
    payment_id: id,
    booking_id: bookingId,
    group_name: '青葉会',
    service_date: '2026-05-20',
    kind,
    status,
    total_amount: total * E6,
    paid_amount: status === 'PAYMENT_CONFIRMED' ? total * E6 : 0,
    payment_deadline: '2026-06-30',
    invoice_url: null,
  };
}

/** A run that billed May: 3 branches, 12 bookings, 123,400 円. */
const BILLED_MAY: RunBillingResponse = { agent_settlement_id: 31, period: MAY, billed: true, bookings: 12, branches: 3, amount: 123_400 * E6, next_billing_date: '2026-06-30' };

let calls: ApiCall[] = [];

/**
 * A fake settlements API that remembers a confirmed payment: afterwards the settlement and its
 * payments read as paid. `run`: the billing run's answer. `confirmedElsewhere`: another window
 * confirmed the payment first, so the confirmation answers ALREADY_CONFIRMED (and reads show it paid).
 */
function fakeApi(options: { rows?: AgentSettlement[]; run?: RunBillingResponse; confirmedElsewhere?: boolean } = {}) {
  let paid = false;
  const rows = options.rows ?? [agentSettlement(), CARD];
  const parent = () => agentSettlement(paid ? { payment_status: 'PAID', is_paid: true, paid_at: '2026-06-20T01:00:00.000Z', can_confirm_payment: false } : {});
  const groups = () => {
    const status = paid ? ({ payment_status: 'PAID', is_paid: true } as const) : {};
    return [groupSettlement(41, '本社', true, status), groupSettlement(42, '大阪支店', false, { invoice_url: null, invoice_number: null, ...status })];
  };
  calls = stubApi((call) => {
    const path = call.url.split('?')[0];
    if (path === '/v1/settlements/agent') {
      return json(200, { total: 45, page: 1, per_page: 20, agent_settlements: rows, totals: { amount: 149_200 * E6, fare: 144_000 * E6, discrepancy: 1_200 * E6, fee: 4_000 * E6, received: 0 } });
    }
    if (path === '/v1/settlements/group/31') return json(200, { agent_settlement: parent(), group_settlements: groups() });
    if (path === '/v1/settlements/payment/41' && call.method === 'GET') {
      const status = paid ? 'PAYMENT_CONFIRMED' : 'PAYMENT_PENDING';
      return json(200, {
        group_settlement: groups()[0],
        payments: [settlementPayment(71, '26050001', 'FARE', 48_000, status), settlementPayment(72, '26050001', 'DISCREPANCY', 1_200, status), settlementPayment(73, '26050009', 'CANCELLATION', 4_000, status)],
      });
    }
    if (path === '/v1/settlements/payment/31' && call.method === 'PUT') {
      paid = true;
      if (options.confirmedElsewhere) {
        return json(409, { common: { error_code: 'ALREADY_CONFIRMED', error_description: 'this settlement was already confirmed', confirmed_at: '2026-06-20T01:00:00.000Z', confirmed_by: 'keiri@example.com' } });
      }
      return json(200, { ok: true });
    }
    if (path === '/v1/settlements/run' && call.method === 'POST') return json(200, options.run ?? BILLED_MAY);
    if (path === '/v1/agents') {
      return json(200, {
        total: 2,
        page: 1,
        per_page: 100,
        agents: [
          { id: 7, name_ja: '京都さくら旅行', name_kana: '', name_en: '', agent_type: 'SPECIAL_CONTRACTED', agent_payment_type: 'MONTHLY', ignore_cancellation_policy: false, groups: [{ id: 141, name_ja: '本社', is_root: true }] },
          { id: 8, name_ja: '嵐山ツーリスト', name_kana: '', name_en: '', agent_type: 'FREE', agent_payment_type: 'PREPAID', ignore_cancellation_policy: false, groups: [{ id: 142, name_ja: '本社', is_root: true }] },
        ],
      });
    }
    return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
  });
}

const withProbe = (screen: React.ReactNode) => (
  <>
    {screen}
    <LocationProbe />
  </>
);

function open(path: string, user: SessionUser = operator) {
  return renderRoutes(
    [
      { path: '/monthly-report', element: withProbe(<MonthlyReport />) },
      { path: '/monthly-report/payment/:groupSettlementId', element: withProbe(<MonthlyReportPayment />) },
      { path: '/monthly-report/:agentSettlementId', element: withProbe(<MonthlyReportAgent />) },
      { path: '/bookings/:bookingId', element: withProbe(<p>booking</p>) },
    ],
    path,
    { user },
  );
}

const listCalls = () => calls.filter((c) => c.url.startsWith('/v1/settlements/agent'));
const lastQuery = () => Object.fromEntries(new URL(listCalls().at(-1)!.url, 'http://x').searchParams);
const writes = () => calls.filter((c) => c.method !== 'GET');
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const dialog = () => document.querySelector('[role="dialog"]');
const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
const labels = () => [...document.querySelectorAll('form[role="search"] label')].map((l) => l.textContent?.replace(/\s*\*$/, '').trim());
const click = (element: Element | null | undefined) => (element as HTMLElement).click();

// Screen tests render whole screens; under a loaded machine the first one takes seconds.
describe('the monthly report', { timeout: 20_000 }, () => {
  useScreenTests();

  it('asks for the month, agent and payment status the address holds, and shows the month in its field', async () => {
    fakeApi();
    open('/monthly-report?duration=2026-05&agent_id=7&payment_status=UNPAID&page=2');
    await waitFor(() => listCalls().length > 0);
    expect(lastQuery()).toEqual({ page: '2', per_page: '20', duration: '2026-05', agent_id: '7', payment_status: 'UNPAID' });
    await waitFor(() => byTestId('agent-settlement-31'));
    expect((field('精算月') as HTMLInputElement).value).toBe('2026-05');
  });

  it('leaves out a malformed month, agent or status', async () => {
    fakeApi();
    open('/monthly-report?duration=2026-13&agent_id=x&payment_status=LATE');
    await waitFor(() => listCalls().length > 0);
    expect(lastQuery()).toEqual({ page: '1', per_page: '20' });
  });

  it('writes the searched month into the address and searches with it; clearing drops every filter', async () => {
    fakeApi();
    open('/monthly-report');
    await waitFor(() => byTestId('agent-settlement-31'));
    fill(field('精算月'), '2026-04');
    enabledButton('検索')!.click();
    await waitFor(() => where() === '/monthly-report?duration=2026-04');
    await waitFor(() => lastQuery().duration === '2026-04');
    expect(lastQuery()).toEqual({ page: '1', per_page: '20', duration: '2026-04' });
    enabledButton('条件をクリア')!.click();
    await waitFor(() => where() === '/monthly-report');
  });

  it('shows the back office every agent with its sums, status and the totals of every match, each row opening its branches', async () => {
    fakeApi();
    open('/monthly-report');
    await waitFor(() => byTestId('agent-settlement-31'));
    expect(pageText()).toContain('月次精算');
    expect(labels()).toEqual(['精算月', '代理店', '入金状況']);
    expect(headers()).toEqual(['精算期間', '代理店', '契約区分', '支払方法', '請求額', '運賃', '差額', '取消料', '入金状況']);
    const monthly = byTestId('agent-settlement-31')!;
    expect(monthly.textContent).toContain('京都さくら旅行');
    expect(monthly.textContent).toContain('特約');
    expect(monthly.querySelectorAll('td')[3]?.textContent).toBe('月締め請求');
    expect(monthly.textContent).toContain('101,200 円');
    expect(monthly.querySelector('[data-testid="settlement-status"]')!.textContent).toBe('未入金');
    expect(monthly.querySelector('a')!.getAttribute('href')).toBe('/monthly-report/31');
    expect(monthly.querySelector('a')!.textContent).toBe('2026-05-01〜2026-05-31');
    const card = byTestId('agent-settlement-32')!;
    expect(card.querySelector('[data-testid="settlement-status"]')!.textContent).toBe('入金済み');
    // Paid at 00:30 in Tokyo on 1 June: the date is Tokyo's.
    expect(card.textContent).toContain('入金日 2026-06-01');
    const totals = byTestId('settlement-totals')!;
    expect([...totals.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['合計（検索結果すべて）', '149,200 円', '144,000 円', '1,200 円', '4,000 円', '']);
    expect(pageText()).toContain('全 45 件中 1〜20 件を表示');
    // A row opens the agent settlement's branches.
    click(monthly.querySelector('a'));
    await waitFor(() => byTestId('group-settlement-41'));
    expect(where()).toBe('/monthly-report/31');
  });

  it('drills down from the list to a branch’s payments and back to the list as it was left', async () => {
    fakeApi();
    open('/monthly-report?duration=2026-05&page=2');
    await waitFor(() => byTestId('agent-settlement-31'));
    click(byTestId('agent-settlement-31')!.querySelector('a'));
    await waitFor(() => byTestId('group-settlement-41'));
    click(byTestId('group-settlement-41')!.querySelector('a'));
    await waitFor(() => byTestId('settlement-payment-71'));
    expect(where()).toBe('/monthly-report/payment/41');
    click([...document.querySelectorAll('a')].find((a) => a.textContent === '支店別の精算へ戻る'));
    await waitFor(() => where() === '/monthly-report/31');
    await waitFor(() => byTestId('group-settlement-41'));
    click([...document.querySelectorAll('a')].find((a) => a.textContent === '月次精算の一覧へ戻る'));
    await waitFor(() => where() === '/monthly-report?duration=2026-05&page=2');
    // Opened straight from an address, the way back is the list without filters.
    unmountScreens();
    open('/monthly-report/31');
    await waitFor(() => byTestId('group-settlement-41'));
    expect([...document.querySelectorAll('a')].find((a) => a.textContent === '月次精算の一覧へ戻る')!.getAttribute('href')).toBe('/monthly-report');
  });

  it('bills one agent now after asking, with exactly that agent', async () => {
    fakeApi();
    open('/monthly-report?agent_id=7');
    await waitFor(() => byTestId('agent-settlement-31'));
    enabledButton('請求を今すぐ実行')!.click();
    await waitFor(() => dialog()?.textContent?.includes('京都さくら旅行 の請求を実行します'));
    expect(enabledButton('閉じる')).toBeTruthy();
    enabledButton('実行')!.click();
    await waitFor(() => writes().length > 0);
    expect(writes()).toEqual([{ url: '/v1/settlements/run', method: 'POST', body: { agent_id: 7 } }]);
    await waitFor(() => !dialog());
    await waitFor(() => pageText().includes('京都さくら旅行 の 2026-05-01〜2026-05-31 分を請求しました：3 支店・12 件・123,400 円'));
  });

  it('says when a run had nothing to bill, naming the agent’s next billing day', async () => {
    fakeApi({ run: { agent_settlement_id: 31, period: null, billed: false, bookings: 0, branches: 0, amount: 0, next_billing_date: '2026-06-30' } });
    open('/monthly-report?agent_id=7');
    await waitFor(() => byTestId('agent-settlement-31'));
    enabledButton('請求を今すぐ実行')!.click();
    await waitFor(() => enabledButton('実行'));
    enabledButton('実行')!.click();
    await waitFor(() => pageText().includes('京都さくら旅行 には請求する予約はありません。次回の請求日は 2026-06-30 です。'));
    expect(pageText()).not.toContain('請求しました');
  });

  it('words every kind of run answer in Japanese and English', async () => {
    const t = i18next.getFixedT(null, ['settlements', 'common']) as Parameters<typeof runBillingMessage>[0];
    const empty = { ...BILLED_MAY, bookings: 0, branches: 0, amount: 0 };
    const elsewhere = { ...BILLED_MAY, agent_settlement_id: null, billed: false, bookings: 0, branches: 0, amount: 0 };
    const nothing = { ...elsewhere, period: null };
    expect(runBillingMessage(t, 'さくら', empty)).toBe('さくら の 2026-05-01〜2026-05-31 分を締めました。請求する予約はありません。次回の請求日は 2026-06-30 です。');
    expect(runBillingMessage(t, 'さくら', elsewhere)).toBe('さくら の 2026-05-01〜2026-05-31 分は、同時に実行された別の請求処理で請求済みです。');
    await changeLanguage('en');
    expect(runBillingMessage(t, 'Sakura', BILLED_MAY)).toBe('Billed Sakura for 2026-05-01 to 2026-05-31: ¥123,400 for 12 bookings in 3 branches.');
    expect(runBillingMessage(t, 'Sakura', { ...BILLED_MAY, bookings: 1, branches: 1, amount: 4_000 * E6 })).toBe('Billed Sakura for 2026-05-01 to 2026-05-31: ¥4,000 for 1 booking in 1 branch.');
    expect(runBillingMessage(t, 'Sakura', empty)).toBe("Closed Sakura's period 2026-05-01 to 2026-05-31: there were no bookings to bill. The next billing day is 2026-06-30.");
    expect(runBillingMessage(t, 'Sakura', nothing)).toBe('There is nothing to bill for Sakura yet. The next billing day is 2026-06-30.');
  });

  it('lists the branches of an agent settlement with their deadlines and monthly invoices, each opening its payments', async () => {
    fakeApi();
    open('/monthly-report/31');
    await waitFor(() => byTestId('group-settlement-41'));
    expect(pageText()).toContain('京都さくら旅行 の月次精算');
    expect(byTestId('sum-amount')!.textContent).toContain('101,200 円');
    expect(headers()).toEqual(['支店', '精算期間', '請求額', '運賃', '差額', '取消料', '入金状況', '支払期限', '請求書']);
    const head = byTestId('group-settlement-41')!;
    expect(head.textContent).toContain('2026-06-30');
    expect(head.textContent).toContain('53,200 円');
    expect(byTestId('invoice-41')!.getAttribute('href')).toBe('/v1/settlements/group/41/invoice.pdf');
    expect(byTestId('invoice-41')!.textContent).toBe('MI-202605-41');
    expect(byTestId('group-settlement-42')!.textContent).toContain('未発行');
    expect(head.querySelector('a')!.getAttribute('href')).toBe('/monthly-report/payment/41');
    expect([...document.querySelectorAll('a')].some((a) => a.getAttribute('href') === '/monthly-report')).toBe(true);
  });

  it('confirms the month’s payment: dated, irreversible, exactly the body, and the rows read 入金済み afterwards', async () => {
    fakeApi();
    open('/monthly-report/payment/41');
    await waitFor(() => byTestId('settlement-payment-71'));
    await waitFor(() => pageText().includes('京都さくら旅行 本社 の精算明細'));
    expect(byTestId('monthly-invoice')!.getAttribute('href')).toBe('/v1/settlements/group/41/invoice.pdf');
    expect(headers()).toEqual(['予約番号', '団体名', '乗車日', '区分', '支払状況', '請求額', '入金額', '支払期限', '請求書']);
    expect(byTestId('settlement-payment-72')!.textContent).toContain('差額');
    expect(byTestId('settlement-payment-73')!.textContent).toContain('取消料');
    expect(byTestId('settlement-payment-71')!.querySelector('a')!.getAttribute('href')).toBe('/bookings/26050001');
    expect([...document.querySelectorAll('[data-testid="payment-status"]')].map((b) => b.textContent)).toEqual(['入金待ち', '入金待ち', '入金待ち']);

    await waitFor(() => enabledButton('入金確認'));
    enabledButton('入金確認')!.click();
    await waitFor(() => dialog());
    expect(dialog()!.textContent).toContain('この操作は取り消せません');
    expect(byTestId('confirm-payment-message')!.textContent).toBe('京都さくら旅行 の 2026-05-01〜2026-05-31 の精算（全支店分 101,200 円）について入金を確認し、対象のお支払いをすべて入金済みにします。');
    expect(enabledButton('閉じる')).toBeTruthy();
    expect(enabledButton('キャンセル')).toBeUndefined();
    // A missing date is refused before anything is sent.
    fill(field('入金日'), '');
    enabledButton('入金を確認する')!.click();
    await waitFor(() => pageText().includes('入力してください'));
    expect(writes()).toEqual([]);
    fill(field('入金日'), '2026-06-20');
    fill(field('備考'), '  サクラリョコウ 振込  ');
    enabledButton('入金を確認する')!.click();
    await waitFor(() => writes().length > 0);
    expect(writes()).toEqual([{ url: '/v1/settlements/payment/31', method: 'PUT', body: { paid_on: '2026-06-20', note: 'サクラリョコウ 振込' } }]);
    await waitFor(() => !dialog());
    await waitFor(() => pageText().includes('入金を確認しました'));
    await waitFor(() => [...document.querySelectorAll('[data-testid="payment-status"]')].every((b) => b.textContent === '入金済み'));
    expect(byTestId('settlement-status')!.textContent).toBe('入金済み');
    // Paid once, never again: the action is gone.
    await waitFor(() => !enabledButton('入金確認'));
  });

  it('a payment confirmed meanwhile in another window: says when and by whom, closes, and the screen shows it paid', async () => {
    fakeApi({ confirmedElsewhere: true });
    open('/monthly-report/payment/41');
    await waitFor(() => enabledButton('入金確認'));
    enabledButton('入金確認')!.click();
    await waitFor(() => dialog());
    fill(field('入金日'), '2026-06-20');
    enabledButton('入金を確認する')!.click();
    await waitFor(() => !dialog());
    await waitFor(() => pageText().includes('keiri@example.com さんにより確定済み'));
    await waitFor(() => [...document.querySelectorAll('[data-testid="payment-status"]')].every((b) => b.textContent === '入金済み'));
    expect(byTestId('settlement-status')!.textContent).toBe('入金済み');
    await waitFor(() => !enabledButton('入金確認'));
  });

  it('closing the confirmation sends nothing', async () => {
    fakeApi();
    open('/monthly-report/payment/41');
    await waitFor(() => enabledButton('入金確認'));
    enabledButton('入金確認')!.click();
    await waitFor(() => dialog());
    enabledButton('閉じる')!.click();
    await waitFor(() => !dialog());
    expect(writes()).toEqual([]);
  });

  it('gives the agent portal its own monthly invoices: no agent filter, no billing, no payment confirmation', async () => {
    fakeApi({ rows: [agentSettlement({ can_confirm_payment: false })] });
    open('/monthly-report?agent_id=8', agentUser);
    await waitFor(() => byTestId('agent-settlement-31'));
    expect(pageText()).toContain('月次請求');
    expect(pageText()).not.toContain('月次精算の一覧です');
    expect(labels()).toEqual(['精算月', '入金状況']);
    expect(lastQuery()).toEqual({ page: '1', per_page: '20' });
    expect(headers()).not.toContain('代理店');
    expect(enabledButton('請求を今すぐ実行')).toBeUndefined();
    expect(calls.some((c) => c.url.startsWith('/v1/agents'))).toBe(false);

    click(byTestId('agent-settlement-31')!.querySelector('a'));
    await waitFor(() => byTestId('invoice-41'));
    expect(byTestId('invoice-41')!.getAttribute('href')).toBe('/v1/settlements/group/41/invoice.pdf');
    click(byTestId('group-settlement-41')!.querySelector('a'));
    await waitFor(() => byTestId('settlement-payment-71'));
    expect(where()).toBe('/monthly-report/payment/41');
    expect(enabledButton('入金確認')).toBeUndefined();
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    fakeApi();
    open('/monthly-report');
    await waitFor(() => byTestId('agent-settlement-31'));
    expect(pageText()).toContain('Monthly settlements');
    expect(headers()).toEqual(['Period', 'Agent', 'Contract', 'Payment method', 'Amount', 'Fares', 'Differences', 'Cancellation fees', 'Payment status']);
    expect(byTestId('agent-settlement-31')!.textContent).toContain('¥101,200');
    expect(byTestId('agent-settlement-31')!.textContent).toContain('Unpaid');
    expect(byTestId('settlement-totals')!.textContent).toContain('Total (all results)');
    expect(enabledButton('Bill now')).toBeTruthy();
  });

  it('confirms a payment in English too', async () => {
    await changeLanguage('en');
    fakeApi();
    open('/monthly-report/payment/41');
    await waitFor(() => enabledButton('Confirm payment'));
    await waitFor(() => pageText().includes('Settlement details: 京都さくら旅行, 本社'));
    enabledButton('Confirm payment')!.click();
    await waitFor(() => dialog());
    expect(dialog()!.textContent).toContain('This cannot be undone.');
    expect(enabledButton('Close')).toBeTruthy();
  });
});
