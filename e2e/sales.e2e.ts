import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { fillDate, logIn, sidebar, visible } from './support/actions.ts';
import { api } from './support/api.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

type PaymentsAnswer = { payments: { service_date: string }[] };

const BREAKDOWNS = ['day', 'train', 'segment', 'agent', 'method'] as const;

/** Every breakdown has its chart drawn (bars in an SVG) and at least one table row. */
async function chartsAndTables(page: Page) {
  for (const id of BREAKDOWNS) {
    await visible(page.locator(`[data-testid="sales-${id}-chart"] svg rect[data-bar]`).first());
    expect(await page.getByTestId(`sales-${id}-row`).count()).toBeGreaterThan(0);
  }
}

test.describe('sales', () => {
  test('the back office sees a month of the demo sales as totals, charts and tables, in Japanese and English', async () => {
    const { context, page } = await freshPage(browser, 1366, 1000);
    await logIn(page, 'staff@example.com');
    // The month of a confirmed demo booking (the demo data has fares to sum there).
    const { payments } = await api<PaymentsAnswer>(page, 'GET', '/v1/bookings/payments/search?per_page=1&payment_status=PAYMENT_CONFIRMED');
    const month = payments[0]!.service_date.slice(0, 7);
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

    await sidebar(page).getByRole('link', { name: '売上管理' }).click();
    await page.waitForURL('**/sales');
    await visible(page.getByRole('heading', { name: '売上管理', level: 1 }));
    await fillDate(page.getByLabel('乗車日（から）'), `${month}-01`);
    await fillDate(page.getByLabel('乗車日（まで）'), last);
    await page.getByRole('button', { name: '表示' }).click();
    await page.waitForURL(`**/sales?from=${month}-01&to=${last}`);
    // The figures shown before stay, marked busy, until the month asked for has come: a day of it,
    // not busy (the fare below is read from the month's own table).
    await visible(page.locator('[data-testid="list-frame"][aria-busy="false"]').getByTestId('sales-day-row').filter({ hasText: `${month}-` }));
    await chartsAndTables(page);
    expect(await page.getByTestId('sales-total-amount').textContent()).toMatch(/[1-9][\d,]*円/);
    // A bar's column, pointed at, shows its figures (the train's fare as its table row has it).
    const fare = (await page.getByTestId('sales-train-row').first().locator('td').first().textContent())!.trim();
    // Pointed at again until its figures show: the charts can still be laid out anew under a resting
    // pointer as the last tables come (a scroll bar narrows them), which puts another column there
    // (seen under CI's load: the second train's figures showed).
    const column = page.locator('[data-testid="sales-train-chart"] svg rect[fill="transparent"]').first();
    await expect(async () => {
      await column.hover();
      await visible(page.getByText(`運賃: ${fare}円`, { exact: true }), 2_000);
    }).toPass({ timeout: 15_000 });
    await screenshot(page, 'sales-ja');

    await page.goto(`/sales?from=${month}-01&to=${last}&lang=en`);
    await visible(page.getByRole('heading', { name: 'Sales summary', level: 1 }));
    await chartsAndTables(page);
    await visible(page.getByRole('heading', { name: 'Sales per payment method' }));
    // Agents by their English names where they have one (every demo agent has).
    const agentNames = await page.getByTestId('sales-agent-row').locator('th').allTextContents();
    expect(agentNames.length).toBeGreaterThan(0);
    for (const name of agentNames) expect(name).toMatch(/^[\x20-\x7e]+$/);
    // At 1366 px the English tables fit beside their charts: the long headings wrap instead of scrolling sideways.
    const widths = await page.locator('[data-testid^="sales-"] table').evaluateAll((tables) =>
      tables.map((table) => {
        const viewport = table.closest('[class*="ScrollArea-viewport"]');
        return { table: table.scrollWidth, viewport: viewport?.clientWidth ?? 0 };
      }),
    );
    expect(widths).toHaveLength(5);
    for (const w of widths) expect(w.table).toBeLessThanOrEqual(w.viewport + 1);
    await screenshot(page, 'sales-en');
    await context.close();
  });
});
