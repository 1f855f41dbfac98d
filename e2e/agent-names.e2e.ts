/**
 * Agents' and branches' English names: in English the back office reads the agent's registered
 * English name on the booking list, the booking page, the agent list and the booking form's
 * agent and branch pickers; in Japanese the
 * Japanese name. The booking is made here by a branch's staff on the first day with room, and the
 * list is opened on its booking number and that day.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { agentRequest, dayWithRoom } from './support/agent-request.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

const STAFF = 'staff@example.com';
// The demo FREE agent's Osaka branch: 京都さくら旅行 (Kyoto Sakura Travel) / 大阪支店 (Osaka branch).
const BRANCH = 'branch-free@example.com';

/** A request of 14 adults by the branch's staff for `day`; its booking number. */
const branchRequest = (day: string) =>
  agentRequest({
    agent: BRANCH,
    day,
    adults: 14,
    groupName: '英語名確認の会',
    applicant: { name: '小林 大輔', email: 'osaka-desk@sakura-travel.example.com', phone_number: '06-6000-1234' },
    prefecture: 27,
  });

test.describe("agents' names in the page's language", () => {
  test('shows the English agent and branch names in English and the Japanese ones in Japanese (list, booking page, agent list, booking form)', async () => {
    const day = await dayWithRoom();
    const bookingId = await branchRequest(day);

    const { page, context } = await freshPage(browser, 1400, 1000);
    await logIn(page, STAFF, 'en');

    // The booking list narrowed to the booking and its day.
    await page.goto(`/bookings?booking_id=${bookingId}&service_from=${day}&service_to=${day}`);
    const row = page.getByTestId(`booking-row-${bookingId}`);
    await visible(row);
    const rowText = await row.innerText();
    expect(rowText).toContain('Kyoto Sakura Travel');
    expect(rowText).toContain('Osaka branch');
    expect(rowText).not.toContain('京都さくら旅行');
    expect(rowText).not.toContain('大阪支店');
    await screenshot(page, 'agent-names-list-en');

    await row.getByRole('link', { name: new RegExp(bookingId) }).click();
    await page.waitForURL(`**/bookings/${bookingId}`);
    await visible(page.getByText('Kyoto Sakura Travel / Osaka branch', { exact: true }));
    expect(await page.getByText('京都さくら旅行').count()).toBe(0);
    await screenshot(page, 'agent-names-detail-en');

    await page.goto('/agents');
    await visible(page.getByText('Kyoto Sakura Travel'));

    // The booking form's agent and branch pickers, and the list's agent filter.
    await page.goto('/bookings/create');
    await page.getByLabel('Agent', { exact: true }).and(page.locator('input')).click();
    await visible(page.getByRole('option', { name: 'Kyoto Sakura Travel', exact: true }));
    expect(await page.getByRole('option', { name: '京都さくら旅行', exact: true }).count()).toBe(0);
    await page.getByRole('option', { name: 'Kyoto Sakura Travel', exact: true }).click();
    await page.getByLabel('Branch', { exact: true }).and(page.locator('input')).click();
    await visible(page.getByRole('option', { name: 'Osaka branch', exact: true }));
    await visible(page.getByRole('option', { name: 'Kyoto Sakura Travel head office', exact: true }));
    await page.keyboard.press('Escape');
    await screenshot(page, 'agent-names-form-en');

    // The same screens in Japanese.
    await page.goto(`/bookings?booking_id=${bookingId}&service_from=${day}&service_to=${day}&lang=ja`);
    await visible(row);
    await visible(row.getByText('京都さくら旅行', { exact: true }));
    const jaRowText = await row.innerText();
    expect(jaRowText).toContain('大阪支店');
    expect(jaRowText).not.toContain('Kyoto Sakura Travel');
    expect(jaRowText).not.toContain('Osaka branch');
    await screenshot(page, 'agent-names-list-ja');

    await page.goto(`/bookings/${bookingId}`);
    await visible(page.getByText('京都さくら旅行 / 大阪支店', { exact: true }));
    expect(await page.getByText('Kyoto Sakura Travel').count()).toBe(0);
    await screenshot(page, 'agent-names-detail-ja');
    await context.close();
  });
});
