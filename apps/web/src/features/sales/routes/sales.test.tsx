import { describe, expect, it } from 'vitest';
import { E6 } from '@sagano/domain/money/yen-e6';
import type { SalesFigures, SalesSummaryResponse } from '@sagano/domain/sales/sales-schemas';
import { lastDayOfMonth, monthOf, tokyoToday } from '@sagano/domain/common/business-date';
import { changeLanguage } from '../../../lib/i18n.ts';
import { currentLocation as where, fieldLabelled as field, LocationProbe, renderRoutes, typeInto as fill, useScreenTests } from '../../../test/render-screen.tsx';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import { Component as Sales } from './sales.tsx';

const fig = (fareYen: number, discrepancyYen: number, feeYen: number, bookings: number, people: number, receivedYen = 0, refundedYen = 0): SalesFigures => ({
  fare: fareYen * E6,
  discrepancy: discrepancyYen * E6,
  cancellation_fee: feeYen * E6,
  amount: (fareYen + discrepancyYen + feeYen) * E6,
  received: receivedYen * E6,
  refunded: refundedYen * E6,
  bookings,
  people,
});
const label = (ja: string, en: string) => [{ language_id: 'ja', text: ja }, { language_id: 'en', text: en }];

const SUMMARY: SalesSummaryResponse = {
  from_date: '2030-05-01',
  to_date: '2030-05-31',
  totals: fig(1_234_000, -1_000, 11_200, 4, 42, 656_000, 19_560),
  by_day: [
    { service_date: '2030-05-09', ...fig(600_000, 0, 0, 2, 22) },
    { service_date: '2030-05-10', ...fig(634_000, -1_000, 11_200, 2, 20) },
  ],
  by_train: [{ service_id: 3, names: label('トロッコ1号', 'Torokko 1'), ...fig(1_234_000, -1_000, 11_200, 4, 42) }],
  by_segment: [{ from_station: { station_id: 1, labels: label('トロッコ嵯峨', 'Torokko Saga') }, to_station: { station_id: 4, labels: label('トロッコ亀岡', 'Torokko Kameoka') }, ...fig(1_234_000, -1_000, 11_200, 4, 42) }],
  by_agent: [{ agent_id: 7, name: '京都さくら旅行', name_en: '', agent_type: 'FREE', ...fig(1_234_000, -1_000, 11_200, 4, 42) }],
  by_payment_method: [{ payment_method: 'MONTHLY', ...fig(1_234_000, -1_000, 11_200, 4, 42) }],
};

let calls: ApiCall[] = [];
const summaries = () => calls.filter((c) => c.url.startsWith('/v1/sales/summary'));
const lastQuery = () => Object.fromEntries(new URL(summaries().at(-1)!.url, 'http://x').searchParams);
const rows = (id: string) => [...document.querySelectorAll(`[data-testid="sales-${id}-row"]`)].map((r) => [...r.children].map((c) => c.textContent));

function open(path: string) {
  calls = stubApi((call) => (call.url.startsWith('/v1/sales/summary') ? json(200, SUMMARY) : json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } })));
  renderRoutes([{ path: '/sales', element: (<><Sales /><LocationProbe /></>) }], path);
}

describe('the sales screen', { timeout: 20_000 }, () => {
  useScreenTests();

  it('opens on this month and shows the totals and each breakdown as a table', async () => {
    open('/sales');
    await waitFor(() => summaries().length > 0);
    const month = monthOf(tokyoToday());
    expect(lastQuery()).toEqual({ from_date: `${month}-01`, to_date: lastDayOfMonth(month) });
    await waitFor(() => rows('day').length === 2);
    expect(document.querySelector('[data-testid="sales-total-amount"]')!.textContent).toContain('1,244,200円');
    expect(document.querySelector('[data-testid="sales-total-people"]')!.textContent).toContain('42名');
    // What came in and what went back beside what was billed, as the booking's account shows them.
    expect(document.querySelector('[data-testid="sales-total-received"]')!.textContent).toBe('入金額656,000円');
    expect(document.querySelector('[data-testid="sales-total-refunded"]')!.textContent).toBe('返金額19,560円');
    expect(rows('day')[1]).toEqual(['2030-05-10', '634,000', '-1,000', '11,200', '644,200', '2', '20']);
    expect(rows('train')[0]![0]).toBe('トロッコ1号');
    expect(rows('segment')[0]![0]).toBe('トロッコ嵯峨 → トロッコ亀岡');
    expect(rows('agent')[0]![0]).toBe('京都さくら旅行');
    expect(rows('method')[0]![0]).toBe('月締め銀行振込');
    for (const id of ['day', 'train', 'segment', 'agent', 'method']) expect(document.querySelector(`[data-testid="sales-${id}-chart"]`)).not.toBeNull();
    expect(pageText()).toContain('日別売上');
  });

  it('asks for the period typed, through the address', async () => {
    open('/sales?from=2030-05-01&to=2030-05-31');
    await waitFor(() => summaries().length > 0);
    expect(lastQuery()).toEqual({ from_date: '2030-05-01', to_date: '2030-05-31' });
    fill(field('乗車日（から）'), '2030-05-09');
    fill(field('乗車日（まで）'), '2030-05-10');
    enabledButton('表示')!.click();
    await waitFor(() => where()?.includes('from=2030-05-09'));
    await waitFor(() => lastQuery().from_date === '2030-05-09');
    expect(lastQuery()).toEqual({ from_date: '2030-05-09', to_date: '2030-05-10' });
  });

  it('marks the figures busy while another period loads, the period before dimmed under a running bar', async () => {
    let answerMay: () => void = () => undefined;
    calls = stubApi(async (call) => {
      if (!call.url.startsWith('/v1/sales/summary')) return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
      if (call.url.includes('from_date=2030-05-09')) await new Promise<void>((resolve) => (answerMay = resolve));
      return json(200, call.url.includes('from_date=2030-05-09') ? { ...SUMMARY, by_train: [{ ...SUMMARY.by_train[0]!, ...fig(600_000, 0, 0, 2, 22) }] } : SUMMARY);
    });
    renderRoutes([{ path: '/sales', element: (<><Sales /><LocationProbe /></>) }], '/sales?from=2030-05-01&to=2030-05-31');
    const figures = () => document.querySelector('[data-testid="list-frame"]')!;
    await waitFor(() => rows('train').length === 1 && figures().getAttribute('aria-busy') === 'false');
    expect(rows('train')[0]![1]).toBe('1,234,000');
    fill(field('乗車日（から）'), '2030-05-09');
    fill(field('乗車日（まで）'), '2030-05-10');
    enabledButton('表示')!.click();
    await waitFor(() => lastQuery().from_date === '2030-05-09');
    // The period before still shows, marked as not yet the new one's.
    await waitFor(() => figures().getAttribute('aria-busy') === 'true');
    expect(rows('train')[0]![1]).toBe('1,234,000');
    answerMay();
    await waitFor(() => figures().getAttribute('aria-busy') === 'false');
    expect(rows('train')[0]![1]).toBe('600,000');
  });

  it('does not ask for a period the server would refuse, and says so', async () => {
    open('/sales?from=2030-05-31&to=2030-05-01');
    await waitFor(() => pageText().includes('乗車日（まで）は乗車日（から）以降の日付を入力してください。'));
    expect(summaries()).toHaveLength(0);
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    open('/sales?from=2030-05-01&to=2030-05-31');
    await waitFor(() => rows('train').length === 1);
    expect(rows('train')[0]![0]).toBe('Torokko 1');
    expect(rows('method')[0]![0]).toBe('Monthly bank transfer');
    expect(pageText()).toContain('Sales per day');
    expect(document.querySelector('[data-testid="sales-total-amount"]')!.textContent).toContain('¥1,244,200');
    expect(document.querySelector('[data-testid="sales-total-received"]')!.textContent).toBe('Received¥656,000');
    expect(document.querySelector('[data-testid="sales-total-refunded"]')!.textContent).toBe('Refunded¥19,560');
  });
});
