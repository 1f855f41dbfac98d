/**
 * Every screen of the agent portal for each kind of agent (contracted, special terms, free), the
 * cancellation-policy document and the group's own page, in Japanese and English at desktop width:
 * each screen of the portal's menu and every screen it links to, checked for raw codes and with
 * axe (support/screen-walk.ts).
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage } from './support/browser.ts';
import { logIn } from './support/actions.ts';
import { apiSession } from './support/api.ts';
import { AGENT_SCREENS, DESKTOP, Findings } from './support/screen-walk.ts';

// The walks gather what they find for the last test: they run in one worker, one after another.
test.describe.configure({ mode: 'serial' });

let browser: Browser;
const findings = new Findings();
let customerPath = '';

test.beforeAll(async ({ browser: workerBrowser }) => {
  test.setTimeout(120_000);
  browser = workerBrowser;
  const admin = await apiSession('admin@example.com');
  const answer = await admin<{ service_orders: { booking_id: string; status: string }[] }>('GET', '/v1/bookings/service_orders/search?per_page=100');
  const first = answer.service_orders.find((b) => b.status === 'RESERVED') ?? answer.service_orders[0]!;
  const detail = await admin<{ booking_token: string }>('GET', `/v1/bookings/${first.booking_id}`);
  customerPath = `/customer/bookings/${first.booking_id}?token=${encodeURIComponent(detail.booking_token)}`;
});

test.describe('every screen of the agent portal and the group page', () => {
  for (const lang of ['ja', 'en'] as const) {
    test(`the portal of each kind of agent, in ${lang}`, async () => {
      test.setTimeout(900_000);
      for (const email of ['agent-contracted@example.com', 'agent-special@example.com', 'agent-free@example.com']) {
        const { context, page } = await freshPage(browser, DESKTOP.width, DESKTOP.height);
        await logIn(page, email, lang);
        // The free agent pays by card: no monthly settlement screen in its menu.
        const start = email === 'agent-free@example.com' ? AGENT_SCREENS.filter((p) => p !== '/monthly-report') : AGENT_SCREENS;
        const shots = email === 'agent-special@example.com' ? ['/monthly-report'] : [];
        // In Japanese each screen is a page load of its own, in English the app opens it (Navigation).
        const screens = await findings.walk(page, lang, start, { shots, navigation: lang === 'en' ? 'in-app' : 'load' });
        expect(screens).toBeGreaterThanOrEqual(start.length);
        await context.close();
      }
    });

    test(`the policy document and the group's page, in ${lang}`, async () => {
      test.setTimeout(300_000);
      const { context, page } = await freshPage(browser, DESKTOP.width, DESKTOP.height);
      await page.goto(lang === 'en' ? '/login?lang=en' : '/login');
      await findings.visit(page, lang, '/cancellation-policy/document', { shot: 'policy-document' });
      await findings.visit(page, lang, customerPath, { shot: 'customer-page' });
      await context.close();
    });
  }

  test('found nothing', () => {
    expect(findings.all()).toEqual([]);
  });
});
