import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, sidebar, visible, type Lang } from './support/actions.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday in the demo season (service days run March to late December).
const DAY = demoDate('2027-05-06');
const MONTH = DAY.slice(0, 7);
const DAY_OF_MONTH = Number(DAY.slice(8));

const words = {
  ja: { menu: '空席照会', title: '空席照会', day: `${DAY} の列車を表示`, round: '往復', from: '乗車駅', to: '降車駅', saga: 'トロッコ嵯峨', kameoka: 'トロッコ亀岡', outbound: '往路', ret: '復路', seatMap: '座席表', counters: '枠別在庫（区間ごと）' },
  en: { menu: 'Seat inquiry', title: 'Seat inquiry', day: `Show the trains of ${DAY}`, round: 'Round trip', from: 'From', to: 'To', saga: 'Torokko Saga', kameoka: 'Torokko Kameoka', outbound: 'Outbound', ret: 'Return', seatMap: 'Seat map', counters: 'Inventory by arrangement type and leg' },
} as const;

async function journey(page: Page, lang: Lang) {
  const w = words[lang];
  await sidebar(page, lang).getByRole('link', { name: w.menu }).click();
  await page.waitForURL('**/search-allotments');
  await visible(page.getByRole('heading', { name: w.title, level: 1 }));

  // A month of levels: every service day carries a level badge per direction.
  await page.goto(`/search-allotments?month=${MONTH}`);
  await visible(page.locator('[data-date] [data-level]'));
  const badges = await page.locator('[data-date] [data-level]').count();
  expect(badges).toBeGreaterThan(10);
  await screenshot(page, `seat-inquiry-calendar-${lang}`);

  // One day: the trains per direction with their levels.
  await page.getByRole('link', { name: new RegExp(`^${w.day}`) }).click();
  await page.waitForURL(`**/search-allotments/${DAY}`);
  await visible(page.locator('[data-testid^="train-row-"]'));
  expect(await page.getByRole('table').count()).toBe(2);
  const rows = page.locator('[data-testid^="train-row-"]');
  expect(await rows.count()).toBeGreaterThanOrEqual(8);
  await screenshot(page, `seat-inquiry-day-${lang}`);

  // A round trip Saga → Kameoka: outbound on the down trains, return on the up trains; kept in the address.
  await page.getByText(w.round, { exact: true }).click();
  await page.getByLabel(w.from, { exact: true }).selectOption({ label: w.saga });
  await page.getByLabel(w.to, { exact: true }).selectOption({ label: w.kameoka });
  await page.waitForURL(/trip=round/);
  await visible(page.getByRole('heading', { name: new RegExp(`^${w.outbound}`) }));
  await visible(page.getByRole('heading', { name: new RegExp(`^${w.ret}`) }));
  expect(page.url()).toContain('from=1');
  expect(page.url()).toContain('to=4');
  await visible(rows);
  await screenshot(page, `seat-inquiry-day-round-${lang}`);

  // One train: the cars drawn seat by seat.
  await rows.first().getByRole('link').first().click();
  await page.waitForURL(`**/search-allotments/${DAY}/*`);
  await visible(page.getByRole('group', { name: w.seatMap }));
  expect(await page.locator('[data-seat-id]').count()).toBeGreaterThan(200);
  await visible(page.getByRole('table', { name: w.counters }));
  await screenshot(page, `seat-inquiry-train-${lang}`);
}

test.describe('seat inquiry', () => {
  test('a back-office user reads a month of levels, opens a day and a train (ja)', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await journey(page, 'ja');
    await context.close();
  });

  test('the same in English', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com', 'en');
    await journey(page, 'en');
    await context.close();
  });

  test('on a phone (390 px) the month is a list of days, each opening its trains (ja and en)', async () => {
    for (const lang of ['ja', 'en'] as const) {
      const { context, page } = await freshPage(browser, 390, 844);
      await logIn(page, 'agent-free@example.com', lang);
      await page.goto(`/search-allotments?month=${MONTH}${lang === 'en' ? '&lang=en' : ''}`);
      const list = page.getByTestId('allotment-day-list');
      await visible(list.locator('[data-date] [data-level]'));
      // No seven-column grid: every day of May is one row of the list, DAY a Thursday.
      expect(await page.locator('table [data-date]').count()).toBe(0);
      expect(await list.locator('li[data-date]').count()).toBe(31);
      await visible(list.locator(`li[data-date="${DAY}"]`).getByText(lang === 'ja' ? `${DAY_OF_MONTH}日（木）` : `Thu ${DAY_OF_MONTH}`));
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `seat-inquiry-calendar-phone-${lang}`);
      await list.getByRole('link', { name: new RegExp(`^${words[lang].day}`) }).click();
      await page.waitForURL(`**/search-allotments/${DAY}*`);
      await visible(page.locator('[data-testid^="train-row-"]'));
      await context.close();
    }
  });

  test('a back-office user holds sales of the down trains and is warned before suspending', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await sidebar(page).getByRole('link', { name: '運休・販売停止' }).click();
    await page.waitForURL('**/suspended');
    await page.goto(`/suspended?date=${demoDate('2027-05-20')}`);
    await visible(page.locator('[data-testid^="suspend-row-"]'));
    await page.getByRole('checkbox', { name: '下りをすべて選択' }).check();
    await visible(page.getByText('8本を選択中'));
    await page.getByRole('button', { name: '販売停止', exact: true }).click();
    await visible(page.getByText('8本の販売を停止しました'));
    await visible(page.getByRole('table', { name: '下り' }).getByText('販売停止中'));
    await page.getByRole('checkbox', { name: /トロッコ2号 を選択/ }).check();
    await page.getByRole('button', { name: '運休', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(/この操作は取り消せません/));
    await screenshot(page, 'suspended-confirm-ja');
    await dialog.getByRole('button', { name: '閉じる', exact: true }).last().click();
    await screenshot(page, 'suspended-ja');

    await sidebar(page).getByRole('link', { name: '枠調整' }).click();
    await page.waitForURL('**/inventory-arrangements');
    await page.goto(`/inventory-arrangements?date=${DAY}&service=1`);
    await visible(page.getByLabel('列車'));
    await screenshot(page, 'inventory-arrangements-ja');
    await context.close();
  });

  test('station users cannot open the seat inquiry', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'station@example.com');
    expect(await sidebar(page).getByRole('link', { name: '空席照会' }).count()).toBe(0);
    await page.goto(`/search-allotments/${DAY}`);
    await visible(page.getByText('このページを表示する権限がありません'));
    await context.close();
  });
});
