/**
 * The web bench's INP (bench/web-bench.ts): the interactions it times on the heaviest screens, and
 * the worst interaction delay of one run of them with the CPU slowed 4× (Event Timing API).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { OPERATOR_TIME_ZONE } from '@sagano/domain/common/business-date';
import { BOOKINGS } from './web-bench-app.ts';
import { signIn } from './web-bench-browser.ts';

/** Kept in the page from its start: the worst interaction's duration, and the events over 100 ms named. */
const INP_OBSERVER = `
  window.__worst = 0;
  window.__slow = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) {
      window.__worst = Math.max(window.__worst, e.duration);
      if (e.duration > 100) window.__slow.push(e.name + ' ' + Math.round(e.duration) + ' ms on ' + (e.target?.getAttribute?.('aria-label') || e.target?.id || e.target?.tagName));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/** Worst interaction of `interact` on `path` with the CPU slowed 4×. */
export async function inpOf(browser: Browser, url: string, path: string, ready: (page: Page) => Promise<void>, interact: (page: Page) => Promise<void>): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'ja-JP', timezoneId: OPERATOR_TIME_ZONE });
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  await signIn(page, url);
  await page.addInitScript(INP_OBSERVER);
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  await ready(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.waitForTimeout(500);
  // WEB_BENCH_TRACE_DIR=dir keeps a Chromium trace of the interactions there (open it in DevTools' Performance panel).
  const traceDir = process.env.WEB_BENCH_TRACE_DIR;
  if (traceDir) await browser.startTracing(page, { path: join(traceDir, `${path.split('/').filter(Boolean).at(-1)}-${Date.now()}.json`), screenshots: false });
  await interact(page);
  await page.waitForTimeout(1000);
  if (traceDir) await browser.stopTracing();
  const { worst, slow } = await page.evaluate(() => {
    const g = globalThis as unknown as { __worst: number; __slow: string[] };
    return { worst: g.__worst, slow: g.__slow };
  });
  // WEB_BENCH_INP_DETAIL=1 names the events over 100 ms: which interaction a figure comes from.
  if (process.env.WEB_BENCH_INP_DETAIL) for (const line of slow) console.log(`  ${path}: ${line}`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
  return worst;
}

/** An interaction the bench times: the screen, what shows it has loaded, and what a person does there. */
export interface InpCase {
  name: string;
  path: string;
  ready: (p: Page) => Promise<void>;
  interact: (p: Page) => Promise<void>;
}

/** The interactions on the heaviest screens: seat assignment of `roundTrip`, the booking list, the booking form. */
export function inpCases(roundTrip: string): InpCase[] {
  return [
    {
      name: 'assign seats (~300-seat train): switch direction, click seats',
      path: `/bookings/${roundTrip}/assign-seats`,
      ready: (p) => p.locator('[role="tabpanel"]:visible button[data-seat-id]').first().waitFor(),
      interact: async (p) => {
        await p.getByRole('tab').nth(1).click();
        await p.locator('[role="tabpanel"]:visible button[data-seat-id]').first().waitFor();
        const seats = p.locator('[role="tabpanel"]:visible button[data-seat-id]:not([disabled])');
        // As a person does: scroll the seat into view, then press it. The seat map's boxes are
        // content-visibility: auto, so a seat far below the screen has no box to click until then.
        const press = async (n: number) => {
          await seats.nth(n).evaluate((el) => el.scrollIntoView({ block: 'center' }));
          await seats.nth(n).click();
        };
        for (let i = 0; i < 4; i++) await press(40 + i * 7);
        await p.getByRole('tab').nth(0).click();
        await p.locator('[role="tabpanel"]:visible button[data-seat-id]').first().waitFor();
        await press(60);
      },
    },
    {
      name: `booking list (${BOOKINGS} bookings): open the detailed filters, type a filter`,
      path: '/bookings',
      ready: (p) => p.locator('table tbody tr').first().waitFor(),
      interact: async (p) => {
        await p.locator('form[role="search"] button[aria-expanded]').click();
        await p.waitForTimeout(400);
        await p.getByLabel('通知メッセージ').pressSequentially('ベンチ', { delay: 60 });
        await p.getByLabel('団体名').pressSequentially('団体', { delay: 60 });
      },
    },
    {
      // Every booking (the service dates cleared): 50 pages of 20.
      name: `booking list (${BOOKINGS} bookings, all dates): turn pages, sort by a header`,
      path: '/bookings?service_from=&service_to=',
      ready: (p) => p.locator('table tbody tr').first().waitFor(),
      interact: async (p) => {
        const paging = p.getByRole('navigation', { name: 'ページ送り' });
        const firstRow = () => p.locator('table tbody tr').first().textContent();
        for (const control of ['次のページ', '次のページ', '最後のページ']) {
          const before = await firstRow();
          await paging.getByRole('button', { name: control }).click();
          await p.waitForFunction(
            (text) => {
              const doc = (globalThis as unknown as { document: { querySelector: (s: string) => { textContent: string | null } | null } }).document;
              return !doc.querySelector('[data-pending]') && doc.querySelector('table tbody tr')?.textContent !== text;
            },
            before,
            { timeout: 60_000 },
          );
        }
        await p.locator('table thead button').nth(1).click();
        await p.waitForTimeout(1500);
      },
    },
    {
      name: 'booking create form: type in fields, pick trip, stations, wheelchairs, country',
      path: '/bookings/create',
      ready: (p) => p.getByLabel('申込者名').waitFor(),
      interact: async (p) => {
        await p.getByLabel('申込者名').pressSequentially('嵯峨野 太郎', { delay: 60 });
        await p.getByLabel('団体名', { exact: true }).pressSequentially('京都観光の会', { delay: 60 });
        await p.getByText('往復', { exact: true }).first().click();
        await p.waitForTimeout(300);
        await p.getByLabel('乗車駅').selectOption({ index: 1 });
        await p.waitForTimeout(300);
        await p.getByLabel('降車駅').selectOption({ index: 4 });
        await p.waitForTimeout(300);
        await p.getByLabel('車いすの台数').fill('2');
        await p.waitForTimeout(300);
        await p.getByRole('combobox', { name: /国・地域/ }).click();
        await p.waitForTimeout(300);
        await p.keyboard.press('ArrowDown');
        await p.keyboard.press('ArrowDown');
        await p.keyboard.press('Enter');
        await p.waitForTimeout(300);
      },
    },
  ];
}
