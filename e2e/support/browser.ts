import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { watchContext } from './axe.ts';

const SHOTS = new URL('../screenshots/', import.meta.url).pathname;

/**
 * This worker's server: global-setup.ts starts one per worker and lists their addresses in
 * E2E_BASE_URLS; worker n (TEST_PARALLEL_INDEX n - 1, kept by a worker started again after a
 * failure) uses the n-th.
 */
export function baseUrl(): string {
  const urls = (process.env.E2E_BASE_URLS ?? '').split(' ').filter(Boolean);
  if (urls.length === 0) throw new Error('no journey server: run the browser tests through scripts/e2e.mjs or playwright test -c e2e');
  return urls[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % urls.length]!;
}

/**
 * A fresh browser profile (no cookies, no stored language) at the given window size. Every screen
 * its pages show is checked with axe once (support/axe.ts watchContext): a serious violation fails
 * the journey's next action there, or the context's close.
 */
export async function freshPage(browser: Browser, width = 1366, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  context.setDefaultTimeout(10_000);
  watchContext(context);
  const page = await context.newPage();
  return { context, page };
}

/**
 * Screenshots are for a person to look at (e2e/screenshots/, not committed): under CI nobody does,
 * and 287 full-page captures cost minutes of a 2-core run, so CI takes none unless
 * E2E_SCREENSHOTS=1 asks (E2E_SCREENSHOTS=0 skips them anywhere).
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== undefined ? process.env.E2E_SCREENSHOTS === '1' : !process.env.CI;

export async function screenshot(page: Page, name: string): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // A full-page capture of a scrolled page draws the fixed header where the view was, mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

export const DEMO_PASSWORD = 'Sagano#2026';
