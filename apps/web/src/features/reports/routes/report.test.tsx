import { describe, expect, it, vi } from 'vitest';
import { lastDayOfMonth, monthOf, tokyoToday } from '@sagano/domain/common/business-date';
import { changeLanguage } from '../../../lib/i18n.ts';
import { fieldLabelled as field, renderScreen, typeInto, useScreenTests } from '../../../test/render-screen.tsx';
import { json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import { Component as Report } from './report.tsx';

let calls: ApiCall[] = [];

function fakeApi(tooBig = false) {
  calls = stubApi(async (call) => {
    if (tooBig && call.url.startsWith('/v1/csv/'))
      return json(400, { common: { error_code: 'VALIDATION_FAILED', error_description: 'to_date: the file is over 64 MB', field: 'to_date' } });
    if (call.method === 'GET' && call.url.startsWith('/v1/csv/')) return json(200, { csv_base64: '77u/YSxiDQo=', filename: 'bookings_20261101-20261130.csv' });
    return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'not found' } });
  });
}

function stubDownloads() {
  const createObjectURL = vi.fn(() => 'blob:report');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
  const hrefs: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    hrefs.push(this.getAttribute('href') ?? '');
  });
  return { createObjectURL, hrefs };
}

/** Types a date the way a user does: the text, then leaving the field. */
function typeDate(label: string, value: string) {
  const input = field(label) as HTMLInputElement;
  input.focus();
  typeInto(input, value);
  input.blur();
}

/** The enabled button named `label` (the download buttons are named by their report). */
const labelledButton = (label: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]:not(:disabled)`);

const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('report screen', () => {
  useScreenTests();

  it('lists every export and downloads this month’s bookings as UTF-8, then sales as Shift_JIS', async () => {
    fakeApi();
    const { createObjectURL, hrefs } = stubDownloads();
    renderScreen(<Report />);
    await waitFor(() => pageText().includes('帳票出力'));
    for (const name of ['予約データ', '売上データ', '列車データ', 'カード決済データ', '予約集計']) expect(pageText()).toContain(name);

    labelledButton('予約データをダウンロード')!.click();
    await waitFor(() => hrefs.length > 0);
    const month = monthOf(tokyoToday());
    const call = calls.find((c) => c.url.startsWith('/v1/csv/bookings?'))!;
    expect(params(call.url)).toEqual({ from_date: `${month}-01`, to_date: lastDayOfMonth(month), encoding: 'utf-8', lang: 'ja' });
    expect(hrefs[0]).toBe('blob:report');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(blob.size).toBe(8);
    await waitFor(() => pageText().includes('予約データのCSVをダウンロードしました'));

    (document.querySelector('input[type="radio"][value="shift_jis"]') as HTMLInputElement).click();
    await waitFor(() => (document.querySelector('input[type="radio"][value="shift_jis"]') as HTMLInputElement).checked);
    labelledButton('売上データをダウンロード')!.click();
    await waitFor(() => calls.some((c) => c.url.startsWith('/v1/csv/sales?')));
    expect(params(calls.find((c) => c.url.startsWith('/v1/csv/sales?'))!.url).encoding).toBe('shift_jis');
  });

  it('refuses an end date before the start date, and streams a period longer than a year from the server', async () => {
    fakeApi();
    const { hrefs } = stubDownloads();
    renderScreen(<Report />);
    await waitFor(() => pageText().includes('帳票出力'));
    typeDate('開始日', '2026-05-01');
    typeDate('終了日', '2026-04-01');
    labelledButton('列車データをダウンロード')!.click();
    await waitFor(() => pageText().includes('終了日は開始日以降の日付を入力してください'));
    expect(calls.filter((c) => c.url.startsWith('/v1/csv/'))).toHaveLength(0);

    typeDate('開始日', '2024-01-01');
    typeDate('終了日', '2026-03-31');
    await waitFor(() => document.querySelector('[data-testid="long-period"]'));
    labelledButton('予約集計をダウンロード')!.click();
    await waitFor(() => hrefs.length > 0);
    expect(hrefs[0]).toBe('/v1/csv/booking-summary/download?from_date=2024-01-01&to_date=2026-03-31&encoding=utf-8&lang=ja');
    expect(calls.filter((c) => c.url.startsWith('/v1/csv/'))).toHaveLength(0);
  });

  it('sends a file too big for the base64 answer to the streamed download', async () => {
    fakeApi(true);
    const { hrefs } = stubDownloads();
    renderScreen(<Report />);
    await waitFor(() => pageText().includes('帳票出力'));
    labelledButton('売上データをダウンロード')!.click();
    await waitFor(() => hrefs.length > 0);
    expect(hrefs[0]).toMatch(/^\/v1\/csv\/sales\/download\?from_date=\d{4}-\d{2}-01&to_date=\d{4}-\d{2}-\d{2}&encoding=utf-8&lang=ja$/);
    await waitFor(() => pageText().includes('売上データのダウンロードを開始しました'));
  });

  it('reads in English and asks for English headers', async () => {
    fakeApi();
    const { hrefs } = stubDownloads();
    await changeLanguage('en');
    renderScreen(<Report />);
    await waitFor(() => pageText().includes('Reports'));
    expect(pageText()).toContain('Card settlement');
    labelledButton('Download Card settlement')!.click();
    await waitFor(() => hrefs.length > 0);
    expect(params(calls.find((c) => c.url.startsWith('/v1/csv/prepaid-agent-payment?'))!.url).lang).toBe('en');
    expect(pageText()).toContain('Exports without a period');
    expect(labelledButton('Download Agents')).toBeTruthy();
  });

  it('offers the agents CSV too: every agent, whatever the period, saved as UTF-8', async () => {
    fakeApi();
    const { createObjectURL, hrefs } = stubDownloads();
    renderScreen(<Report />);
    await waitFor(() => pageText().includes('代理店データ'));
    expect(pageText()).toContain('期間によらない帳票');
    // The period's fields do not hold it back: an empty end date changes nothing for it.
    typeDate('終了日', '');
    labelledButton('代理店データをダウンロード')!.click();
    await waitFor(() => hrefs.length > 0);
    expect(calls.filter((c) => c.url.startsWith('/v1/csv/')).map((c) => `${c.method} ${c.url}`)).toEqual(['GET /v1/csv/agents']);
    expect((createObjectURL.mock.calls[0] as unknown as [Blob])[0].type).toBe('text/csv;charset=utf-8');
    await waitFor(() => pageText().includes('代理店データのCSVをダウンロードしました'));
  });
});
