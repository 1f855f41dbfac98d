/**
 * Every screen of the back office and of the agent portal at phone width (390 × 844), in Japanese
 * and English: the administrator's and an agent administrator's screens and every screen they link
 * to, and the screens before signing in, each checked for raw codes and with axe (support/screen-walk.ts).
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage } from './support/browser.ts';
import { logIn } from './support/actions.ts';
import { ADMIN_SCREENS, AGENT_SCREENS, Findings, walkSignedOut, PHONE } from './support/screen-walk.ts';

// The walks gather what they find for the last test: they run in one worker, one after another.
test.describe.configure({ mode: 'serial' });
// Screens are opened in the app, as its links open them (support/screen-walk.ts Navigation): the
// desktop walks load each screen on its own in Japanese, for the messages that come with each
// screen's code, and a screen downloads the same files at any width.

let browser: Browser;
const findings = new Findings();
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

test.describe('every screen at phone width', () => {
  for (const lang of ['ja', 'en'] as const) {
    test(`the back office in ${lang}`, async () => {
      test.setTimeout(900_000);
      const { context, page } = await freshPage(browser, PHONE.width, PHONE.height);
      await walkSignedOut(findings, page, lang);
      await logIn(page, 'admin@example.com', lang);
      expect(await findings.walk(page, lang, ADMIN_SCREENS, { shots: ['/bookings', '/dashboard'], navigation: 'in-app' })).toBeGreaterThan(ADMIN_SCREENS.length);
      await context.close();
    });

    test(`the agent portal in ${lang}`, async () => {
      test.setTimeout(900_000);
      const { context, page } = await freshPage(browser, PHONE.width, PHONE.height);
      await logIn(page, 'agent-free@example.com', lang);
      expect(await findings.walk(page, lang, AGENT_SCREENS, { shots: ['/bookings'], navigation: 'in-app' })).toBeGreaterThan(AGENT_SCREENS.length - 1);
      await context.close();
    });
  }

  test('found nothing', () => {
    expect(findings.all()).toEqual([]);
  });
});
