import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api } from './support/api.ts';
import { freshPage, launch, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

type SearchAnswer = { service_orders: { booking_id: string; agent: { name: string; name_en: string } }[] };

describe('forms: one date field, length counters, English agent names', () => {
  it('picks dates on the calendar on two screens and counts the characters of a name as it is typed', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');

    // The group schedule form: the name's counter follows the typing; the start date is picked on the calendar.
    await page.goto('/group-schedules');
    await page.getByRole('button', { name: 'スケジュールを追加' }).click();
    const dialog = page.getByRole('dialog', { name: '団体スケジュールの追加' });
    const counter = dialog.getByTestId('length-counter');
    expect(await counter.innerText()).toBe('0 / 100');
    await dialog.getByLabel('名称').fill('2029年 団体');
    expect(await counter.innerText()).toBe('8 / 100');
    const from = dialog.getByLabel('適用開始日(乗車日)');
    await from.click();
    await page.locator('[data-dates-dropdown] button:not([data-outside])', { hasText: /^15$/ }).first().click();
    expect(await from.inputValue()).toMatch(/^\d{4}\/\d{2}\/15$/);
    await screenshot(page, 'forms-polish-date-ja');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();

    // The report screen: the period's start picked the same way.
    await page.goto('/report');
    const start = page.getByLabel('開始日');
    await start.click();
    await page.locator('[data-dates-dropdown] button:not([data-outside])', { hasText: /^10$/ }).first().click();
    expect(await start.inputValue()).toMatch(/^\d{4}\/\d{2}\/10$/);
    await context.close();
  });

  it('shows the agent in English on the booking list and detail when it has an English name', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com', 'en');
    const search = await api<SearchAnswer>(page, 'GET', '/v1/bookings/service_orders/search?per_page=100');
    const row = search.service_orders.find((r) => r.agent.name_en === 'Kyoto Sakura Travel');
    expect(row, 'a demo booking of Kyoto Sakura Travel').toBeTruthy();
    await page.goto(`/bookings?booking_id=${row!.booking_id}`);
    await visible(page.getByRole('table').getByText('Kyoto Sakura Travel').first());
    await screenshot(page, 'forms-polish-bookings-en');
    await page.goto(`/bookings/${row!.booking_id}`);
    await visible(page.getByText(/Kyoto Sakura Travel \//).first());
    await screenshot(page, 'forms-polish-booking-detail-en');
    await context.close();
  });
});
