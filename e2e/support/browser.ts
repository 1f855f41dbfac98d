import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
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
 *
 * The profile may be one an earlier journey of this worker closed, emptied (see `handOn`): a new
 * page costs Chromium a renderer process and the app's code compiled afresh, about 3.4–4 s of
 * processor time on a slow host against about 1 s for the same first screen in a page kept (ADR 040).
 */
export async function freshPage(browser: Browser, width = 1366, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const kept = keptPages.findIndex((k) => k.browser === browser && k.width === width && k.height === height);
  if (kept >= 0 && !retrying()) {
    const { context, page } = keptPages.splice(kept, 1)[0]!;
    watchHazards(context, page);
    return { context, page };
  }
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  // Closing checks the screens as the journey left them, then keeps the profile when it may.
  watchContext(context, () => handOn(browser, context, page, width, height));
  watchHazards(context, page);
  return { context, page };
}

/** Profiles closed by a journey and emptied, for the next journey of this worker at the same size. */
const keptPages: { browser: Browser; context: BrowserContext; page: Page; width: number; height: number }[] = [];

/** A retry runs as the first run did not: in profiles of its own (and its trace records only them). */
function retrying(): boolean {
  try {
    return test.info().retry > 0;
  } catch {
    return true;
  }
}

/**
 * What a journey did to its profile that emptying it would not undo: such a profile is closed, not
 * handed on. Listeners that only record (console, requests, page errors) are left; one that acts
 * (a dialog accepted, a popup or a download handled) is not.
 */
const CONTEXT_HAZARDS = ['route', 'routeFromHAR', 'routeWebSocket', 'unrouteAll', 'addInitScript', 'exposeFunction', 'exposeBinding', 'grantPermissions', 'setExtraHTTPHeaders', 'setOffline', 'setGeolocation', 'setHTTPCredentials', 'setDefaultNavigationTimeout', 'newPage', 'newCDPSession'] as const;
const PAGE_HAZARDS = ['route', 'routeFromHAR', 'routeWebSocket', 'unrouteAll', 'addInitScript', 'exposeFunction', 'exposeBinding', 'emulateMedia', 'setExtraHTTPHeaders', 'setDefaultNavigationTimeout', 'setDefaultTimeout', 'addLocatorHandler', 'requestGC'] as const;
const CLOCK_HAZARDS = ['install', 'fastForward', 'runFor', 'pauseAt', 'resume', 'setFixedTime', 'setSystemTime'] as const;
const RECORDING_EVENTS = new Set(['console', 'request', 'requestfinished', 'requestfailed', 'response', 'pageerror', 'close']);

/** Per profile handed out: whether its journey did any of the above, and the acting listeners it had then. */
const hazards = new WeakMap<BrowserContext, { touched: boolean; listeners: Map<string, number> }>();

function listenerCounts(page: Page, context: BrowserContext): Map<string, number> {
  const counts = new Map<string, number>();
  // Both are event emitters (Node's interface), which their published types do not say.
  type Emitter = { eventNames(): (string | symbol)[]; listenerCount(name: string | symbol): number };
  for (const [owner, emitter] of [['page', page as unknown as Emitter], ['context', context as unknown as Emitter]] as const) {
    for (const name of emitter.eventNames()) if (!RECORDING_EVENTS.has(String(name))) counts.set(`${owner} ${String(name)}`, emitter.listenerCount(name));
  }
  return counts;
}

function watchHazards(context: BrowserContext, page: Page): void {
  const state = { touched: false, listeners: listenerCounts(page, context) };
  hazards.set(context, state);
  const mark = (target: object, names: readonly string[]) => {
    const record = target as Record<string, unknown>;
    for (const name of names) {
      const original = (Object.getPrototypeOf(target) as Record<string, unknown>)[name];
      if (typeof original !== 'function') continue;
      record[name] = function (this: unknown, ...args: unknown[]) {
        state.touched = true;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  };
  mark(context, CONTEXT_HAZARDS);
  mark(page, PAGE_HAZARDS);
  mark(context.clock, CLOCK_HAZARDS);
}

/**
 * Empties the journey's profile and keeps it for the next journey, when nothing in it outlives the
 * emptying: cookies, local and session storage, the document (about:blank) go; the renderer
 * process and the app's compiled code stay. False when the profile must be closed instead.
 */
async function handOn(browser: Browser, context: BrowserContext, page: Page, width: number, height: number): Promise<boolean> {
  if (keptPages.some((k) => k.page === page)) return true;
  const state = hazards.get(context);
  if (!state || state.touched || retrying() || page.isClosed() || context.pages().length !== 1) return false;
  const now = listenerCounts(page, context);
  for (const [event, count] of now) if (count > (state.listeners.get(event) ?? 0)) return false;
  try {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    }).catch(() => undefined);
    // The pointer where a new page has it (a screen opened under it would show its hover).
    await page.mouse.move(0, 0);
    await page.goto('about:blank');
    await context.clearCookies();
    if (page.viewportSize()?.width !== width || page.viewportSize()?.height !== height) await page.setViewportSize({ width, height });
  } catch {
    return false;
  }
  keptPages.push({ browser, context, page, width, height });
  return true;
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
