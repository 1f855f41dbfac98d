/**
 * Every screen of the back office, as the administrator meets them, in Japanese and English at
 * desktop width (DESIGN §"No raw codes", accessibility): each screen of the menu and every screen
 * they link to, a booking in each status, and the states a person opens by hand (a month's
 * settlement, a mail, a sample mail, a bulk run's result, the seat-inquiry calendar, the account
 * menu), and the screens before signing in; each checked for raw codes and with axe (support/screen-walk.ts).
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { apiSession } from './support/api.ts';
import { ADMIN_SCREENS, DESKTOP, Findings, walkSignedOut, settle } from './support/screen-walk.ts';

// The walks gather what they find for the last test: they run in one worker, one after another.
test.describe.configure({ mode: 'serial' });

let browser: Browser;
const findings = new Findings();
type Row = { booking_id: string; status: string };
let bookings: Row[] = [];
let bulkId = 0;

test.beforeAll(async ({ browser: workerBrowser }) => {
  test.setTimeout(120_000);
  browser = workerBrowser;
  const admin = await apiSession('admin@example.com');
  const answer = await admin<{ service_orders: Row[] }>('GET', '/v1/bookings/service_orders/search?per_page=100');
  const byStatus = new Map<string, Row>();
  for (const row of answer.service_orders) if (!byStatus.has(row.status)) byStatus.set(row.status, row);
  bookings = [...byStatus.values()];
  // A finished bulk run (a line refused or skipped, a line done), for its result table.
  const lines = bookings.filter((b) => ['RESERVED', 'SUBMITTED', 'CANCELLED'].includes(b.status)).map((b) => b.booking_id);
  const csv = Buffer.from(`booking_id\n${lines.join('\n')}\n`).toString('base64');
  bulkId = (await admin<{ id: number }>('POST', '/v1/bookings/bulk-reserve-allotments', { csv_base64: csv, filename: 'e2e.csv' })).id;
});

test.describe('every screen of the back office', () => {
  for (const lang of ['ja', 'en'] as const) {
    test(`in ${lang} at desktop width`, async () => {
      test.setTimeout(900_000);
      const { context, page } = await freshPage(browser, DESKTOP.width, DESKTOP.height);
      await walkSignedOut(findings, page, lang);
      await logIn(page, 'admin@example.com', lang);
      // In Japanese each screen is a page load of its own, in English the app opens it (Navigation).
      const navigation = lang === 'en' ? 'in-app' : 'load';
      const screens = await findings.walk(page, lang, ADMIN_SCREENS, { shots: ['/mails/templates', '/monthly-report'], navigation });
      expect(screens).toBeGreaterThan(ADMIN_SCREENS.length);
      // A booking in each status (the walk opened one).
      for (const b of bookings) await findings.visit(page, lang, `/bookings/${b.booking_id}`, { shot: b.status === 'RESERVED' ? 'booking-reserved' : undefined, inApp: navigation === 'in-app' });

      // The monthly settlement's detail of an agent, a mail's detail, a sample mail, the bulk result.
      await page.goto('/monthly-report');
      await settle(page);
      const settlement = page.locator('a[href^="/monthly-report/"]').first();
      if (await settlement.count()) {
        await settlement.click();
        await page.waitForURL(/\/monthly-report\/\d+/);
        await findings.check(page, lang, 'monthly-report detail', { shot: 'monthly-report-detail' });
      }
      await page.goto('/mails');
      await settle(page);
      await page.locator('tbody tr').first().click();
      await page.getByTestId('mail-body').waitFor();
      await findings.check(page, lang, 'mail detail', { shot: 'mail-detail' });
      await page.goto('/mails/templates');
      await settle(page);
      await page.getByTestId('mail-kinds').locator('button').first().click();
      await page.getByTestId('mail-preview-body').waitFor();
      await findings.check(page, lang, 'mail template preview', { shot: 'mail-template-preview' });
      await page.goto(`/bulk-operation?id=${bulkId}`);
      await page.getByTestId('bulk-result-table').waitFor({ timeout: 30_000 });
      await findings.check(page, lang, 'bulk result', { shot: 'bulk-result' });

      // The seat-inquiry calendar (past days greyed; none on the 1st of a month) and the open account menu.
      await page.goto('/search-allotments');
      await visible(page.getByTestId('calendar-today'));
      await settle(page);
      await findings.check(page, lang, 'seat-inquiry calendar', { shot: 'calendar' });
      await page.getByRole('button', { name: lang === 'ja' ? 'アカウントメニュー' : 'account menu' }).click();
      await visible(page.getByRole('menu'));
      await findings.check(page, lang, 'account menu');
      await screenshot(page, `every-screen-account-menu-${lang}`);
      await page.keyboard.press('Escape');
      await context.close();
    });
  }

  test('found nothing', () => {
    expect(findings.all()).toEqual([]);
  });
});
