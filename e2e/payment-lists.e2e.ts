import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, sidebar, visible } from './support/actions.ts';
import { confirmedFreeAgentBooking } from './support/invoicing.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-09-09');

/** Ticks "overdue only" and searches; resolves once the list has the answer. */
async function overdueOnly(page: Page) {
  const answered = page.waitForResponse((r) => r.url().includes('/v1/bookings/payments/search') && r.url().includes('overdue=true'));
  await page.getByLabel('期限超過のみ表示').check();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await page.waitForURL('**/payments?overdue=true');
  await answered;
}

/** Every row on the page shows the red overdue badge (an overdue-only page may also be empty). */
async function everyRowOverdue(page: Page) {
  const rows = page.locator('[data-testid^="payment-row-"]');
  for (let i = 0; i < (await rows.count()); i++) expect(await rows.nth(i).getByTestId('overdue-badge').count()).toBeGreaterThan(0);
}

test.describe('payments lists', () => {
  test('the back office finds a booking’s fare with every filter and narrows to what is overdue, in Japanese and English', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const bookingId = await confirmedFreeAgentBooking(page, DAY, '入金一覧 E2E');

    await sidebar(page).getByRole('link', { name: '入金管理' }).click();
    await page.waitForURL('**/payments');
    await visible(page.getByRole('heading', { name: '入金管理', level: 1 }));
    for (const label of ['代理店', '支店', '支払区分', '支払状況', '期限超過のみ表示']) await visible(page.getByLabel(label, { exact: true }));
    await visible(page.locator('[data-testid^="payment-row-"]'));
    await screenshot(page, 'payments-operator-ja');

    await page.getByLabel('予約番号').fill(bookingId);
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.waitForURL(`**/payments?booking_id=${bookingId}`);
    const row = page.getByTestId(`payment-row-${bookingId}`);
    await visible(row);
    const text = await row.innerText();
    expect(text).toContain('入金一覧 E2E');
    expect(text).toContain('京都さくら旅行');
    expect(text).toContain('カード（オンライン）');
    expect(text).toContain('入金待ち');
    expect(text).toMatch(/[\d,]+ 円/);
    // Due ten days before a train in 2027: not overdue.
    expect(await row.getByTestId('overdue-badge').count()).toBe(0);
    await row.getByRole('link', { name: `予約 ${bookingId} を開く` }).click();
    await page.waitForURL(`**/bookings/${bookingId}`);

    // Overdue only: the booking due next year drops out; whatever remains is late.
    await page.goto('/payments');
    await visible(page.getByTestId(`payment-row-${bookingId}`)); // the newest booking comes first
    await overdueOnly(page);
    await page.getByTestId(`payment-row-${bookingId}`).waitFor({ state: 'detached' });
    await everyRowOverdue(page);
    await screenshot(page, 'payments-operator-overdue-ja');

    await page.goto('/payments?lang=en');
    await visible(page.getByRole('heading', { name: 'Payments', level: 1 }));
    await visible(page.getByLabel('Overdue only'));
    await visible(page.locator('[data-testid^="payment-row-"]'));
    await screenshot(page, 'payments-operator-en');
    await context.close();
  });

  test('an agent sees お支払い for its own bookings only, without the agent filters, in Japanese and English', async () => {
    const staff = await freshPage(browser);
    await logIn(staff.page, 'staff@example.com');
    const bookingId = await confirmedFreeAgentBooking(staff.page, DAY, 'お支払い E2E');
    await staff.context.close();

    const { context, page } = await freshPage(browser);
    await logIn(page, 'agent-free@example.com');
    await sidebar(page).getByRole('link', { name: 'お支払い' }).click();
    await page.waitForURL('**/payments');
    await visible(page.getByRole('heading', { name: 'お支払い', level: 1 }));
    await visible(page.getByLabel('期限超過のみ表示'));
    expect(await page.getByLabel('代理店', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('支払区分', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: '代理店 / 支店' }).count()).toBe(0);
    await visible(page.getByRole('columnheader', { name: 'ご請求額' }));
    await visible(page.getByTestId(`payment-row-${bookingId}`));
    await screenshot(page, 'payments-agent-ja');

    await overdueOnly(page);
    await page.getByTestId(`payment-row-${bookingId}`).waitFor({ state: 'detached' });
    await everyRowOverdue(page);

    await page.goto('/payments?lang=en');
    await visible(page.getByRole('heading', { name: 'Payments', level: 1 }));
    await visible(page.getByTestId(`payment-row-${bookingId}`));
    await screenshot(page, 'payments-agent-en');
    await context.close();

    // Another agent does not see it.
    const other = await freshPage(browser);
    await logIn(other.page, 'agent-contracted@example.com');
    await other.page.goto(`/payments?booking_id=${bookingId}`);
    await visible(other.page.getByRole('heading', { name: 'お支払い', level: 1 }));
    await visible(other.page.getByText('該当するデータはありません'));
    await other.context.close();
  });
});
