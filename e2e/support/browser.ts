import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { watchContext } from './axe.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = new URL('../screenshots/', import.meta.url).pathname;

/** This worker's server (global-setup.ts starts one per file worker). */
export function baseUrl(): string {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // A full-page capture of a scrolled page draws the fixed header where the view was, mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

export const DEMO_PASSWORD = 'Sagano#2026';
