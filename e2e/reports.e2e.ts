import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { fillDate, logIn, visible } from './support/actions.ts';
import { demo } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

const KINDS = [
  ['予約データ', 'bookings', '予約番号'],
  ['売上データ', 'sales', '支払ID'],
  ['列車データ', 'train_data', '運行日'],
  ['カード決済データ', 'card_settlement', '取引ID'],
  ['予約集計', 'booking_summary', '運行日'],
] as const;

/** Clicks a download button and answers the saved file's name and bytes. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const event = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await event;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

async function setPeriod(page: Page, from: string, to: string) {
  for (const [label, value] of [['開始日', from], ['終了日', to]] as const) {
    const input = page.getByLabel(label);
    await fillDate(input, value);
  }
}

test.describe('帳票出力 (report screen)', () => {
  test('staff download every CSV: UTF-8 with a BOM for a month, Shift_JIS, and a two-year period streamed by the server', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '帳票出力' }).click();
    await page.waitForURL('**/report');
    await visible(page.getByRole('heading', { name: '帳票出力' }));
    await screenshot(page, 'report-ja');

    for (const [name, prefix, firstHeader] of KINDS) {
      const { name: filename, bytes } = await download(page, `${name}をダウンロード`);
      expect(filename).toMatch(new RegExp(`^${prefix}_\\d{8}-\\d{8}\\.csv$`));
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text.startsWith(`${firstHeader},`)).toBe(true);
      expect(text.endsWith('\r\n')).toBe(true);
    }

    // The agents CSV beside them (spec 000 §2 "Reports: … agent"): every agent, whatever the period, UTF-8 with a BOM.
    const agentsFile = await download(page, '代理店データをダウンロード');
    expect(agentsFile.name).toMatch(/^agents_\d{8}\.csv$/);
    expect([...agentsFile.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const agentsText = agentsFile.bytes.subarray(3).toString('utf8');
    expect(agentsText.startsWith('代理店ID,代理店名,')).toBe(true);
    expect(agentsText).toContain('京都さくら旅行');

    await page.getByLabel('Shift_JIS').check();
    const sjis = await download(page, '予約データをダウンロード');
    expect(sjis.bytes[0]).not.toBe(0xef);
    expect(new TextDecoder('shift_jis').decode(sjis.bytes).startsWith('予約番号,申込日時,乗車日')).toBe(true);

    // Two years: past the base64 answer's year, so the browser saves the server's streamed file.
    await page.getByLabel('UTF-8（BOM付き）').check();
    await setPeriod(page, demo.term.fromDate, demo.term.toDate);
    await visible(page.getByTestId('long-period'));
    const streamed = await download(page, '予約データをダウンロード');
    expect(streamed.name).toBe(`bookings_${demo.term.fromDate.replaceAll('-', '')}-${demo.term.toDate.replaceAll('-', '')}.csv`);
    const lines = streamed.bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]!.startsWith('予約番号,')).toBe(true);
    expect(lines.length).toBeGreaterThan(3);
    await context.close();
  });

  test('reads in English, with English headers', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com', 'en');
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL('**/report');
    await visible(page.getByRole('heading', { name: 'Reports' }));
    await screenshot(page, 'report-en');
    const event = page.waitForEvent('download');
    await visible(page.getByRole('heading', { name: 'Exports without a period' }));
    await page.getByRole('button', { name: 'Download Booking summary' }).click();
    const file = await event;
    const text = readFileSync((await file.path())!).subarray(3).toString('utf8');
    expect(text.startsWith('Service date,Train,Direction,Bookings,People,Amount (JPY)\r\n')).toBe(true);
    await context.close();
  });
});
