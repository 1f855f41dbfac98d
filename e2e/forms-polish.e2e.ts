import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { freshPage, launch, screenshot } from './support/browser.ts';
import { logIn } from './support/actions.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('forms: one date field and length counters', () => {
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
    const day15 = page.locator('[data-dates-dropdown] button:not([data-outside])', { hasText: /^15$/ }).first();
    await day15.waitFor();
    await screenshot(page, 'forms-polish-calendar-ja');
    await day15.click();
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
});
