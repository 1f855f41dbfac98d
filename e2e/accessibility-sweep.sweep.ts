/**
 * `npm run test:a11y`. Every signed-in screen of the router, checked with axe (WCAG 2.1 A and AA, serious and critical)
 * in Japanese and English, at desktop and phone width: the administrator opens each screen of
 * the menu and what their pages link to (one booking, one agent, one day of the seat inquiry…),
 * an agent administrator the portal's own screens. Journeys check the screens they visit
 * themselves (freshPage); this sweep also reaches screens no journey visits, in both languages,
 * and names every violation of every screen at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freshPage, launch, screenshot } from './support/browser.ts';
import { logIn, visible, type Lang } from './support/actions.ts';
import { auditScreen, routeOf } from './support/axe.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

/** Screens reached by address (the menu's, and those a menu screen opens by a button rather than a link). */
const ADMIN_SCREENS = [
  '/dashboard', '/notifications', '/bookings', '/bookings/create', '/bookings/confirm', '/search-allotments', '/bulk-operation',
  '/payments', '/sales', '/monthly-report',
  '/inventory-arrangements', '/report', '/suspended', '/operation-logs', '/mails', '/mails/templates', '/jobs',
  '/users', '/agents', '/agents/create', '/change-password',
  '/basic-info', '/bank-accounts', '/services', '/pattern-calendar', '/special-days', '/arrangement-application', '/arrangement-pattern', '/arrangement-pattern/add',
  '/units', '/free-count-plans', '/group-pricing-plans', '/cancellation-policy', '/group-schedules', '/special-contract-terms', '/approvals',
  '/cancellation-policy/document', '/no-such-screen',
];
const AGENT_SCREENS = ['/dashboard', '/notifications', '/bookings', '/bookings/create', '/search-allotments', '/payments', '/monthly-report', '/staff', '/api-keys', '/two-factor', '/change-password'];
/** A booking's own screens, reached from its page by buttons. */
const BOOKING_SCREENS = ['', '/histories', '/update', '/copy', '/cancel', '/assign-seats', '/ensure-seats'];

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Waits for the screen's heading and for its loaders to go (a screen without them is read as it is after the wait). */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !Array.from(document.querySelectorAll('.mantine-Loader-root, .mantine-Skeleton-root, [aria-busy="true"]')).some((e) => (e as HTMLElement).offsetParent !== null), undefined, { timeout: 10_000 })
    .catch(() => undefined);
}

/** The app's addresses the page links to (signed-in screens: not the API, not the login). */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.evaluate(() => Array.from(document.querySelectorAll('a[href]')).map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === new URL(page.url()).origin && !/^\/(v1|login|reset-password|customer|sandbox-checkout)(\/|$)/.test(url.pathname))
    .map((url) => url.pathname);
}

/**
 * Opens the given screens and every screen they link to (once per route: one booking stands for
 * all), runs axe on each, and returns the violations by screen.
 */
async function sweep(page: Page, start: string[]): Promise<Record<string, string[]>> {
  const queue = [...start];
  const seen = new Set(queue.map(routeOf));
  const found: Record<string, string[]> = {};
  const add = (path: string) => {
    if (seen.has(routeOf(path))) return;
    seen.add(routeOf(path));
    queue.push(path);
  };
  while (queue.length > 0) {
    const path = queue.shift()!;
    await page.goto(path);
    await settled(page);
    const { screen, violations } = await auditScreen(page);
    if (violations.length > 0) {
      found[`${path} (${screen})`] = violations;
      // Said as soon as found: a sweep that runs out of time still names what it saw.
      console.log(`axe on ${path} (${screen}):\n  ${violations.join('\n  ')}`);
    }
    const here = new URL(page.url()).pathname;
    for (const link of await linksOn(page)) add(link);
    // A booking's own screens open by buttons: their addresses are added with the booking's.
    const booking = /^\/bookings\/([^/]+)$/.exec(here)?.[1];
    if (booking && !['create', 'confirm'].includes(booking)) {
      for (const suffix of BOOKING_SCREENS) add(`/bookings/${booking}${suffix}`);
      add(`/cancellation-policy/document/${booking}`);
    }
  }
  return found;
}

const cases: { lang: Lang; size: { width: number; height: number }; name: string }[] = [
  { lang: 'ja', size: DESKTOP, name: 'Japanese at desktop width' },
  { lang: 'en', size: DESKTOP, name: 'English at desktop width' },
  { lang: 'ja', size: PHONE, name: 'Japanese at phone width' },
  { lang: 'en', size: PHONE, name: 'English at phone width' },
];

describe('no serious accessibility violation on any screen', () => {
  for (const { lang, size, name } of cases) {
    it(`every screen of the administrator, ${name}`, async () => {
      const { context, page } = await freshPage(browser, size.width, size.height);
      await logIn(page, 'admin@example.com', lang);
      const found = await sweep(page, ADMIN_SCREENS);

      if (size === DESKTOP) {
        // The seat-inquiry calendar (past days greyed) and the open account menu, looked at too.
        await page.goto('/search-allotments');
        await visible(page.locator('[data-past]'));
        await settled(page);
        await screenshot(page, `a11y-calendar-${lang}`);
        await page.getByRole('button', { name: lang === 'ja' ? 'アカウントメニュー' : 'account menu' }).click();
        await visible(page.getByRole('menu'));
        const menu = await auditScreen(page);
        if (menu.violations.length > 0) found['account menu'] = menu.violations;
        await screenshot(page, `a11y-account-menu-${lang}`);
        await page.keyboard.press('Escape');
      }
      expect(found).toEqual({});
      await context.close();
    }, 1_200_000);
  }

  for (const { lang, size, name } of [cases[0]!, cases[3]!]) {
    it(`every screen of an agent administrator, ${name}`, async () => {
      const { context, page } = await freshPage(browser, size.width, size.height);
      await logIn(page, 'agent-free@example.com', lang);
      expect(await sweep(page, AGENT_SCREENS)).toEqual({});
      await context.close();
    }, 1_200_000);
  }
});
