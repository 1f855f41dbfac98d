/**
 * Accessibility checks with axe-core in the page under test.
 *
 * Two ways in: `seriousAxeViolations` checks the page (or a part of it) now, for a journey that
 * wants a given state checked (a dialog open); `watchScreens` (every page opened through
 * `freshPage`) checks each screen a journey visits by itself: before the journey's next action on a
 * page whose screen (heading or route, language, width band, the dialog open on it) is new to the
 * run, and when its context closes. A screen with a serious or critical violation, or a control whose
 * words are cut (cut-words.ts), fails the journey that first visited it.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { DEFAULT_THEME } from '@mantine/core';
import type { BrowserContext, Page } from 'playwright-core';
import { test } from '@playwright/test';
import { theme } from '../../apps/web/src/app/theme.ts';
import { cutWordsIn } from './cut-words.ts';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Besides the rules of those tags: the visible label is part of the accessible name (WCAG 2.5.3,
 * axe ships it as experimental, so the tags alone leave it out).
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}

async function settle(page: Page): Promise<void> {
  // A popover or dialog still fading in is read at its passing opacity (low contrast): wait for
  // finite transitions and animations to end first (spinners run forever and are left alone).
  // A route change is not over while the header's loader turns: the old screen is still drawn.
  // Results marked busy are the search before, dimmed while the next loads (PendingFrame).
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity) &&
        !document.querySelector('header [role="status"].mantine-Loader-root') &&
        !document.querySelector('[aria-busy="true"]'),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * The serious and critical violations axe finds in `selector` (the whole document by default),
 * one per element, as "rule: help — target html…", for an expect(…).toEqual([]) that names them when it fails.
 */
export async function seriousAxeViolations(page: Page, selector?: string): Promise<string[]> {
  const first = await analyzeSerious(page, selector);
  if (first.length === 0) return [];
  // A toast that starts to fade out just after the page settled is read at its passing opacity
  // (1.4:1), and is gone a moment later. What fails twice, a settle apart, is the screen's own:
  // report a violation only where both readings find it.
  const second = await analyzeSerious(page, selector);
  const seenTwice = new Set(second.map((v) => v.key));
  return first.filter((v) => seenTwice.has(v.key)).map((v) => v.text);
}

/**
 * axe run in the page. Its source is evaluated once per document (the app's Content-Security-Policy
 * refuses a script tag; the app has no frames), where @axe-core/playwright evaluated it twice per
 * run: half of the journeys' axe time went to reading its 500 KB again.
 */
async function runAxe(page: Page, selector?: string): Promise<axe.Result[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!loaded) await page.evaluate(axe.source);
  const options: axe.RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS }, rules: EXTRA_RULES, resultTypes: ['violations'] };
  return page.evaluate(
    async ({ selector, options }) => {
      const engine = (window as unknown as { axe: typeof axe }).axe;
      const { violations } = await engine.run(selector ? { include: [[selector]] } : document, options);
      // Only what the report needs crosses back (the whole result holds every node's DOM details).
      return violations.map((v) => ({ ...v, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })) })) as unknown as axe.Result[];
    },
    { selector, options },
  );
}

async function analyzeSerious(page: Page, selector?: string): Promise<{ key: string; text: string }[]> {
  await settle(page);
  const violations = await runAxe(page, selector);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // An open select's list scrolls inside its listbox while the focus stays on the select, which
  // moves through the options with the arrow keys (aria-activedescendant: the WAI-ARIA combobox
  // pattern). The scroll box takes no focus of its own, and may not (a focusable element inside a
  // listbox breaks aria-required-children): it is not a scrollable region cut off from the keyboard.
  for (const v of serious.filter((v) => v.id === 'scrollable-region-focusable')) {
    const kept: typeof v.nodes = [];
    for (const node of v.nodes) {
      const inListbox = await page.evaluate((selector) => !!document.querySelector(selector)?.closest('[role="listbox"]'), String(node.target[0])).catch(() => false);
      if (!inListbox) kept.push(node);
    }
    v.nodes = kept;
  }
  return serious.flatMap((v) =>
    (v.nodes as AxeNode[]).map((n) => ({
      key: `${v.id} ${n.target.join(' ')}`,
      text: `${v.id}: ${v.help} — ${n.target.join(' ')} ${n.html.slice(0, 160)}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)})` : ''}`,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Automatic checks, once per screen.

interface Watch {
  /** Every violation found on this page, with its screen and the journey that visited it. */
  found: string[];
  /** One check at a time per page (two actions may run side by side). */
  queue: Promise<unknown>;
}

const watches = new WeakMap<Page, Watch>();

/**
 * Screens this worker has checked, across its pages, journeys and files: a screen (language,
 * band of widths between two breakpoints, heading or route) is checked the first time any journey
 * of the worker meets it, not again by every later journey passing it. An axe run costs 1.5–7 s of
 * a loaded 2-core machine; checked on every page, the journeys spent about as long in axe as in
 * their own steps (ADR 040).
 */
const checkedInWorker = new Set<string>();

/**
 * Screens any worker of the run has taken to check (global-setup.ts gives the folder): a file per
 * screen, created by the first worker to meet it (an exclusive create), so the other worker does
 * not check the same screen again. A check that finds a violation, or that its page cut short,
 * gives the screen back: a retry, or the next journey to meet it, checks it anew.
 */
const takenInRun = process.env.E2E_AXE_SCREENS;

function takenFile(key: string): string {
  return join(takenInRun!, createHash('sha1').update(key).digest('hex'));
}

/** True when this worker is the first of the run to meet the screen (and so checks it). */
function take(key: string): boolean {
  if (checkedInWorker.has(key)) return false;
  checkedInWorker.add(key);
  if (!takenInRun) return true;
  try {
    closeSync(openSync(takenFile(key), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Gives the screen back to the run; `forWorker` to this worker as well (its check did not finish). */
function giveBack(key: string, forWorker: boolean): void {
  if (forWorker) checkedInWorker.delete(key);
  if (takenInRun) rmSync(takenFile(key), { force: true });
}

/** With E2E_AXE_TIMES=1 each screen's check says what it cost (worker, screen, milliseconds). */
async function timed<T>(key: string, check: () => Promise<T>): Promise<T> {
  if (!process.env.E2E_AXE_TIMES) return check();
  const started = Date.now();
  try {
    return await check();
  } finally {
    console.log(`axe-time\t${process.env.TEST_WORKER_INDEX}\t${key}\t${Date.now() - started}`);
  }
}

/**
 * A route without its ids and dates: each path segment with a digit in it reads ":id", so the
 * booking screen is checked once however many bookings the journeys open.
 */
export function routeOf(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) ? ':id' : segment))
    .join('/');
}

/**
 * The widths where the app's layout changes, in pixels, widest first: the app theme's breakpoints
 * (Mantine's where the theme keeps them) and the seat-inquiry calendar's own 40em. Between two of
 * them only widths flow, so a screen at 1,366 and at 1,400 px wide is one screen to check. A media
 * query at another width (src: `@media`, `useMediaQuery`) belongs in this list.
 */
const BREAKPOINTS: [name: string, px: number][] = Object.entries({ ...DEFAULT_THEME.breakpoints, ...theme.breakpoints, '40em': '40em' })
  .map(([name, em]): [string, number] => [name, parseFloat(em) * 16])
  .sort((a, b) => b[1] - a[1]);

/** The band of breakpoints a window width falls in: "≥lg" from 1,200 up to 1,407 px, "<xs" below 576. */
export function widthBand(width: number): string {
  const reached = BREAKPOINTS.find(([, px]) => width >= px);
  return reached ? `≥${reached[0]}` : `<${BREAKPOINTS.at(-1)![0]}`;
}

async function screenKey(page: Page): Promise<string | null> {
  if (page.isClosed()) return null;
  const url = page.url();
  if (!/^https?:/.test(url)) return null;
  try {
    const { pathname, lang, width, ready, heading, dialog } = await page.evaluate(() => {
      // The dialog open on top (a modal, a drawer, a popover that is one), by its name: each is a
      // state of the screen to read on its own.
      const open = Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')).filter(
        (d) => d.getClientRects().length > 0 && !d.closest('[aria-hidden="true"]'),
      );
      const top = open.at(-1);
      const named = (d: HTMLElement) =>
        d.getAttribute('aria-label') ??
        (d.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => (id ? document.getElementById(id)?.textContent?.trim() : ''))
          .filter(Boolean)
          .join(' ');
      return {
        pathname: location.pathname,
        lang: document.documentElement.lang,
        width: window.innerWidth,
        ready: document.readyState === 'complete',
        heading: document.querySelector('h1')?.textContent?.trim() ?? '',
        dialog: top ? named(top) || top.getAttribute('role')! : '',
      };
    });
    // The API's own pages (the reference at /v1/docs) are not the app's screens.
    if (!ready || pathname.startsWith('/v1/')) return null;
    // A screen is known by its heading (numbers aside) where it has one: the no-permission screen
    // a journey meets at ten addresses is one screen; else by its route.
    const screen = heading ? `“${heading.replace(/\d+/g, '#')}”` : routeOf(pathname);
    const over = dialog ? ` ▸ “${dialog.replace(/\d+/g, '#').slice(0, 60)}”` : '';
    return `${lang || '?'} ${widthBand(width)} ${screen}${over}`;
  } catch {
    // Between two documents: the next action asks again.
    return null;
  }
}

/** The running test as "describe > test" (its file left out), for a report that names the journey. */
function currentTestName(): string {
  try {
    return test.info().titlePath.slice(1).join(' > ');
  } catch {
    // test.info() throws outside a test (a context closed by a hook after the last test).
    return '(outside a test)';
  }
}

async function checkOnce(page: Page, watch: Watch): Promise<string[]> {
  const key = await screenKey(page);
  if (key === null || !take(key)) return [];
  let violations: string[];
  try {
    violations = await timed(key, () => seriousAxeViolations(page));
    // And what a person could not read whole at this width (the walks check their screens so too).
    violations.push(...(await cutWordsIn(page)).map((cut) => `cut words: ${cut}`));
  } catch (error) {
    // The page went away under the check (a navigation or the journey closing it): the screen is
    // asked for again on its next visit.
    if (page.isClosed() || /context was destroyed|Target .*closed|navigat/i.test(String(error))) {
      giveBack(key, true);
      return [];
    }
    throw error;
  }
  if (violations.length === 0) return [];
  giveBack(key, false);
  const report = `axe: ${violations.length} serious violation(s) or cut words on ${key} (${page.url()}), visited by “${currentTestName()}”:\n  ${violations.join('\n  ')}`;
  watch.found.push(report);
  return [report];
}

/**
 * Checks the page's screen if no worker of the run has checked it yet (no-op for pages not
 * watched). Throws the violations it finds.
 */
export async function checkScreen(page: Page): Promise<void> {
  const watch = watches.get(page);
  if (!watch) return;
  const run = watch.queue.then(() => checkOnce(page, watch));
  watch.queue = run.catch(() => undefined);
  const reports = await run;
  if (reports.length > 0) throw new Error(reports.join('\n'));
}

/**
 * The serious violations of the page's current screen, for a sweep that reports every screen at
 * once (not added to what the context's close throws). A screen the run has checked already, in
 * a journey or an earlier sweep of either worker, is not read again: a violation there failed that
 * journey.
 */
export async function auditScreen(page: Page): Promise<{ screen: string; violations: string[] }> {
  const screen = (await screenKey(page)) ?? page.url();
  if (!take(screen)) return { screen, violations: [] };
  const violations = await timed(screen, () => seriousAxeViolations(page));
  if (violations.length > 0) giveBack(screen, false);
  return { screen, violations };
}

const LOCATOR_ACTIONS = ['click', 'dblclick', 'fill', 'clear', 'check', 'uncheck', 'setChecked', 'selectOption', 'press', 'pressSequentially', 'type', 'tap', 'setInputFiles', 'dragTo', 'hover'] as const;
const PAGE_ACTIONS = ['goto', 'reload', 'goBack', 'goForward', 'click', 'dblclick', 'fill', 'check', 'uncheck', 'selectOption', 'press', 'type', 'tap', 'hover', 'setInputFiles', 'close'] as const;
const KEYBOARD_ACTIONS = ['press', 'type', 'insertText'] as const;
const MOUSE_ACTIONS = ['click', 'dblclick'] as const;
const PATCHED = Symbol.for('sagano.axe.patched');

type AnyFn = (...args: unknown[]) => Promise<unknown>;

/** Replaces `names` on `target` by versions that first check the screen of the page `pageOf` gives. */
function checkFirst(target: object, names: readonly string[], pageOf: (self: unknown) => Page | null) {
  const record = target as Record<string | symbol, unknown>;
  if (record[PATCHED]) return;
  record[PATCHED] = true;
  for (const name of names) {
    const original = record[name] as AnyFn | undefined;
    if (typeof original !== 'function') continue;
    record[name] = async function (this: unknown, ...args: unknown[]) {
      const page = pageOf(this);
      if (page) await checkScreen(page);
      return original.apply(this, args);
    };
  }
}

/**
 * Checks every screen this page shows, once per screen: before the next action (click, fill,
 * press, goto…) on the page or its elements after it arrived on a screen not checked yet, and at
 * `finish`. A violation fails that action, so the journey that visited the screen.
 */
export function watchScreens(page: Page): void {
  if (watches.has(page)) return;
  watches.set(page, { found: [], queue: Promise.resolve() });
  // Locators and pages share their classes: their prototypes are wrapped once for all pages
  // (a page that is not watched goes straight through).
  checkFirst(Object.getPrototypeOf(page.locator('html')) as object, LOCATOR_ACTIONS, (self) => (self as ReturnType<Page['locator']>).page());
  checkFirst(Object.getPrototypeOf(page) as object, PAGE_ACTIONS, (self) => self as Page);
  // The keyboard and mouse do not say whose they are: this page's own are wrapped.
  checkFirst(page.keyboard, KEYBOARD_ACTIONS, () => page);
  checkFirst(page.mouse, MOUSE_ACTIONS, () => page);
}

const closedPages = new WeakMap<BrowserContext, Set<Page>>();

/**
 * What the context's pages found, their current screens checked first (those not checked yet), and
 * forgotten after: a context kept for the next journey (support/browser.ts) starts with none.
 */
async function contextFindings(context: BrowserContext): Promise<string[]> {
  const closed = closedPages.get(context) ?? new Set<Page>();
  const reports: string[] = [];
  for (const page of context.pages()) await checkScreen(page).catch(() => undefined);
  // Pages closed before the context keep what they found on their watch.
  for (const page of [...context.pages(), ...closed]) {
    const watch = watches.get(page);
    if (watch) reports.push(...watch.found.splice(0));
  }
  closed.clear();
  return [...new Set(reports)];
}

/**
 * Watches every page of the context (those opened later too), checks the screens its pages show
 * when the context closes, and fails the close with every violation found in it. `keep`, asked
 * after the checks, may keep the context open for another journey instead (it answers true).
 */
export function watchContext(context: BrowserContext, keep: () => Promise<boolean> = async () => false): void {
  const closed = new Set<Page>();
  closedPages.set(context, closed);
  const watch = (page: Page) => {
    watchScreens(page);
    page.once('close', () => closed.add(page));
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
  const close = context.close.bind(context);
  context.close = async (options?: Parameters<BrowserContext['close']>[0]) => {
    const reports = await contextFindings(context);
    if (!(await keep())) await close(options);
    if (reports.length > 0) throw new Error(reports.join('\n'));
  };
}
