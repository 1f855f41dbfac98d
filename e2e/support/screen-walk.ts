/**
 * The walk of every screen (every-screen-*.e2e.ts): from a list of addresses, open each screen and
 * every screen it links to (once per route: one booking stands for all), and check each as a
 * person meets it: no code, enum or developer text in what it shows (document.body.innerText), no
 * message asked for before its namespace was fetched, no control whose words are cut or page wider
 * than the window, and no serious or critical axe violation (WCAG 2.1 A/AA and label-in-name).
 * Everything found is gathered and named at once, so one run lists every screen to fix.
 */
import type { Page, Request } from 'playwright-core';
import type { Lang } from './actions.ts';
import { auditScreen, routeOf } from './axe.ts';
import { cutWordsIn } from './cut-words.ts';
import { screenshot } from './browser.ts';

/** UPPER_SNAKE of two parts or more (ONLINE_CREDIT_CARD), snake_case words (seat_table), a mail kind (booking.ok), a missing translation key (form.title). */
const CODE = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|\b[a-z]+(?:_[a-z0-9]+)+\b|\b(?:booking|account)\.[a-z_]+\b|\b[a-z]+[A-Z][a-zA-Z]*\.[a-z][a-zA-Z.]*\b/g;
/**
 * What may look like a code and is not: e-mail addresses, web addresses, the bulk file's column
 * names (the file format a person writes), and a card payment's reference at the payment provider
 * (ch_…, cs_…, re_…: what the provider's own dashboard and statements show, kept for reconciling),
 * and an API key's prefix (sgk_ and random base64url: the agent tells its keys apart by it).
 */
const ALLOWED = [/[\w.+-]+@[\w.-]+\.\w+/g, /https?:\/\/\S+/g, /\b(?:booking_id|confirm_note)\b/g, /\b(?:ch|cs|re|pi)_[A-Za-z0-9_]+\b/g, /\bsgk_[A-Za-z0-9_-]+/g];

export function codesIn(text: string): string[] {
  let rest = text;
  for (const allowed of ALLOWED) rest = rest.replace(allowed, ' ');
  return [...new Set(rest.match(CODE) ?? [])];
}

/** A booking's own screens, reached from its page by buttons. */
const BOOKING_SCREENS = ['', '/histories', '/update', '/copy', '/cancel', '/assign-seats', '/ensure-seats'];

/** The requests each page has in flight (its live-update stream aside), and when that last changed. */
const traffic = new WeakMap<Page, { inFlight: Set<Request>; changed: number }>();

/**
 * What the app said in the console of a message asked for before its namespace was fetched
 * (lib/i18n.ts): a screen whose code does not name a namespace it shows, which the build then
 * does not fetch with it (message-namespaces.ts). The key shows until the next render.
 */
const lateMessages = new WeakMap<Page, string[]>();

/** Starts counting the page's requests (before its first navigation, so none is missed), and listening for late messages. */
export function trackRequests(page: Page): void {
  if (traffic.has(page)) return;
  const state = { inFlight: new Set<Request>(), changed: Date.now() };
  traffic.set(page, state);
  const late: string[] = [];
  lateMessages.set(page, late);
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('was asked for before the namespace')) late.push(message.text());
  });
  page.on('request', (request) => {
    // The live-update stream stays open as long as the screen does.
    if (request.resourceType() === 'eventsource') return;
    state.inFlight.add(request);
    state.changed = Date.now();
  });
  const done = (request: Request) => {
    if (state.inFlight.delete(request)) state.changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** With E2E_WALK_TIMES=1 the walks say where each screen's time went (opening, settling, axe). */
const sayTime = process.env.E2E_WALK_TIMES ? (line: string) => console.log(line) : () => undefined;

/** No request in flight for this long: the screen has what it asked for (and what that led to). */
const QUIET_MS = 150;

/**
 * Waits for the screen to settle: its heading, no request in flight for a moment, no loader or
 * skeleton showing (a screen without them is read as it is after the wait). The page's requests are
 * counted here rather than waiting for Playwright's "networkidle", which always waits 500 ms more.
 */
export async function settle(page: Page): Promise<void> {
  trackRequests(page);
  const started = Date.now();
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
  const headed = Date.now();
  const state = traffic.get(page)!;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && (state.inFlight.size > 0 || Date.now() - state.changed < QUIET_MS)) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const quiet = Date.now();
  await page
    .waitForFunction(() => !Array.from(document.querySelectorAll('.mantine-LoadingOverlay-root, .mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]')).some((e) => (e as HTMLElement).offsetParent !== null), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  sayTime(`  settle: heading ${headed - started} ms, quiet ${quiet - headed} ms, loaders ${Date.now() - quiet} ms`);
}

/** What the walk found, screen by screen ("lang width path: …"). */
export class Findings {
  readonly problems: string[] = [];
  /**
   * Screens opened in the app, and those whose heading stayed as it was: a screen may share the
   * one before's heading (the no-permission screen at two addresses in a row), but when most stay,
   * the app is no longer following the walk and it would read one screen again and again.
   */
  readonly inApp = { opened: 0, unchanged: [] as string[] };

  /** What was found, with the walk's own failure to move the app. */
  all(): string[] {
    const { opened, unchanged } = this.inApp;
    if (unchanged.length <= opened / 4) return this.problems;
    return [...this.problems, `opened in the app, ${unchanged.length} of ${opened} screens kept the heading before them: ${unchanged.join(', ')}`];
  }

  /** Checks the page as it is now: raw codes in its text, axe; `name` says which screen it is in the report. */
  async check(page: Page, lang: Lang, name: string, options: { shot?: string } = {}): Promise<void> {
    const started = Date.now();
    await settle(page);
    const settled = Date.now();
    const width = page.viewportSize()?.width ?? 0;
    const where = `${lang} ${width}px ${name} (${page.url()})`;
    const codes = codesIn(await page.evaluate(() => document.body.innerText));
    if (codes.length > 0) this.problems.push(`${where} raw codes: ${codes.join(', ')}`);
    const cut = await cutWordsIn(page);
    if (cut.length > 0) this.problems.push(`${where} cut words:\n  ${cut.join('\n  ')}`);
    const late = lateMessages.get(page)?.splice(0) ?? [];
    if (late.length > 0) this.problems.push(`${where} messages before their namespace:\n  ${late.join('\n  ')}`);
    const read = Date.now();
    const { violations } = await auditScreen(page);
    sayTime(`walk ${lang} ${name}: settle ${settled - started} ms, text ${read - settled} ms, axe ${Date.now() - read} ms`);
    if (violations.length > 0) {
      this.problems.push(`${where} axe:\n  ${violations.join('\n  ')}`);
      // Said as soon as found: a walk that runs out of time still names what it saw.
      console.log(`axe on ${where}:\n  ${violations.join('\n  ')}`);
    }
    if (options.shot) await screenshot(page, `every-screen-${options.shot}-${lang}-${width}`);
  }

  /** Opens `path` (a new page load, or `inApp` as a link in the app would) and checks it. */
  async visit(page: Page, lang: Lang, path: string, options: { shot?: string; inApp?: boolean } = {}): Promise<void> {
    trackRequests(page);
    const started = Date.now();
    if (!options.inApp) await page.goto(path);
    else {
      this.inApp.opened++;
      if (!(await navigateInApp(page, path))) this.inApp.unchanged.push(path);
    }
    sayTime(`walk ${lang} ${path}: ${options.inApp ? 'opened in the app' : 'page load'} ${Date.now() - started} ms`);
    await this.check(page, lang, path, options);
  }

  /**
   * Opens the given screens and every screen they link to (once per route), checking each; a
   * booking's page adds its own screens (opened by buttons) and its policy document.
   */
  async walk(page: Page, lang: Lang, start: readonly string[], options: { shots?: readonly string[]; navigation?: Navigation } = {}): Promise<number> {
    const queue = [...start];
    const seen = new Set(queue.map(routeOf));
    const add = (path: string) => {
      if (seen.has(routeOf(path))) return;
      seen.add(routeOf(path));
      queue.push(path);
    };
    let screens = 0;
    while (queue.length > 0) {
      const path = queue.shift()!;
      const shot = options.shots?.includes(path) ? path.replace(/^\//, '').replaceAll('/', '_') : undefined;
      // The walk's first screen is always a page load (the page may still be on the login screen).
      await this.visit(page, lang, path, { shot, inApp: options.navigation === 'in-app' && screens > 0 });
      screens++;
      const here = new URL(page.url()).pathname;
      for (const link of await linksOn(page)) add(link);
      const booking = /^\/bookings\/([^/]+)$/.exec(here)?.[1];
      if (booking && !['create', 'confirm'].includes(booking)) {
        for (const suffix of BOOKING_SCREENS) add(`/bookings/${booking}${suffix}`);
        add(`/cancellation-policy/document/${booking}`);
      }
    }
    return screens;
  }
}

/**
 * How a walk opens each screen. `load`: a new page load per screen, as a person opening an address
 * meets it; each screen's first download then holds only what its own code names, which is what
 * catches a message asked for before its namespace (the screens of a walk loaded by one page would
 * lend each other their namespaces). `in-app`: as a link in the app opens it, the app staying
 * loaded; a screen costs its own code and data, not the whole app's start (ADR 040). The English
 * walks go in app: the Japanese walk of the same screens has loaded each one on its own, and the
 * namespaces a screen downloads are the same in both languages.
 */
export type Navigation = 'load' | 'in-app';

/**
 * Moves the app to `path` the way its links do (history.pushState, then the router told through a
 * popstate event) and waits for the new screen: a heading drawn anew or reading otherwise (the old
 * one is marked first) and the header's route loader gone. Says whether the screen changed within
 * 3 s.
 */
async function navigateInApp(page: Page, path: string): Promise<boolean> {
  await page.evaluate((path) => {
    for (const h1 of Array.from(document.querySelectorAll('h1'))) h1.setAttribute('data-walk-before', h1.textContent ?? '');
    history.pushState({ usr: null, key: `walk${Date.now()}`, idx: (history.state?.idx ?? 0) + 1 }, '', path);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  return page
    .waitForFunction(() => {
      const h1 = document.querySelector('h1');
      const before = h1?.getAttribute('data-walk-before');
      return !!h1 && (before === null || before !== h1.textContent) && !document.querySelector('header [role="status"].mantine-Loader-root');
    }, undefined, { timeout: 3_000 })
    .then(() => true, () => false);
}

/** The app's addresses the page links to (signed-in screens: not the API, not the login). */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.evaluate(() => Array.from(document.querySelectorAll('a[href]')).map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === new URL(page.url()).origin && !/^\/(v1|login|reset-password|customer|sandbox-checkout)(\/|$)/.test(url.pathname))
    .map((url) => url.pathname);
}

/** The screens before signing in (journeys sign in through the API, support/actions.ts logIn). */
export const SIGNED_OUT_SCREENS = ['/login', '/reset-password'];

/** Checks the signed-out screens in `lang` (the first visit's ?lang= is remembered, as a person's choice is). */
export async function walkSignedOut(findings: Findings, page: Page, lang: Lang): Promise<void> {
  for (const path of SIGNED_OUT_SCREENS) await findings.visit(page, lang, lang === 'en' ? `${path}?lang=en` : path);
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/** Screens reached by address (the menu's, and those a menu screen opens by a button rather than a link). */
export const ADMIN_SCREENS = [
  '/dashboard', '/notifications', '/bookings', '/bookings/create', '/bookings/confirm', '/search-allotments', '/bulk-operation',
  '/payments', '/sales', '/monthly-report',
  '/inventory-arrangements', '/report', '/suspended', '/operation-logs', '/mails', '/mails/templates', '/jobs',
  '/users', '/agents', '/agents/create', '/change-password',
  '/basic-info', '/bank-accounts', '/services', '/pattern-calendar', '/special-days', '/arrangement-application', '/arrangement-pattern', '/arrangement-pattern/add',
  '/units', '/free-count-plans', '/group-pricing-plans', '/cancellation-policy', '/group-schedules', '/special-contract-terms', '/approvals',
  '/cancellation-policy/document', '/no-such-screen',
];
export const AGENT_SCREENS = ['/dashboard', '/notifications', '/bookings', '/bookings/create', '/search-allotments', '/payments', '/monthly-report', '/staff', '/api-keys', '/webhooks', '/two-factor', '/change-password'];
