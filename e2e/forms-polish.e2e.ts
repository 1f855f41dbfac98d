import { expect, test } from '@playwright/test';
import type { Browser, Locator } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { agentRequest, dayWithRoom } from './support/agent-request.ts';

let browser: Browser;

/** The length counter under a field (the field's description names it). */
async function counterOf(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const page = field.page();
  for (const id of ids) {
    const counter = page.locator(`[id="${id}"] [data-testid="length-counter"]`);
    if ((await counter.count()) > 0) return (await counter.innerText()).trim();
  }
  throw new Error('the field has no length counter');
}

/** A request of 12 adults by the FREE demo agent on the first day with room; its booking number. */
async function request(): Promise<string> {
  return agentRequest({
    agent: 'agent-free@example.com',
    day: await dayWithRoom(),
    adults: 12,
    groupName: '文字数確認の会',
    applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
    prefecture: 26,
  });
}
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

test.describe('forms: one date field and length counters', () => {
  test('picks dates on the calendar on two screens and counts the characters of a name as it is typed', async () => {
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
    const from = dialog.getByLabel('適用開始日（乗車日）');
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

  test("counts the characters of an agent's names, the operator's address and a booking's special notes, and stops at the limit (ja and en)", async () => {
    const bookingId = await request();
    const { context, page } = await freshPage(browser, 1400, 1000);
    await logIn(page, 'staff@example.com');

    // The agent form: each name counts against its own limit; typing stops at the limit, shown in red.
    await page.goto('/agents/create');
    const nameJa = page.getByLabel('代理店名', { exact: true });
    await visible(nameJa);
    expect(await counterOf(nameJa)).toBe('0 / 100');
    await nameJa.fill('嵯峨野テスト旅行');
    expect(await counterOf(nameJa)).toBe('8 / 100');
    const nameEn = page.getByLabel('代理店名（英語）', { exact: true });
    expect(await counterOf(nameEn)).toBe('0 / 200');
    await nameEn.fill('S'.repeat(199));
    await nameEn.pressSequentially('ag');
    expect((await nameEn.inputValue()).length).toBe(200);
    expect(await counterOf(nameEn)).toBe('200 / 200');
    expect(await counterOf(page.getByLabel('主管理者 氏名', { exact: true }))).toBe('0 / 100');
    await screenshot(page, 'forms-polish-counters-agent-ja');

    // The operator's basic information: the address as stored, counted.
    await page.goto('/basic-info');
    const address = page.getByLabel('住所', { exact: true });
    await visible(address);
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('input[autocomplete="street-address"]')?.value ?? '') !== '');
    expect(await counterOf(address)).toBe(`${(await address.inputValue()).length} / 200`);

    // A booking's special notes.
    await page.goto(`/bookings/${bookingId}`);
    await page.getByRole('button', { name: '特記事項', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const confirmNote = dialog.getByLabel('確定時特記事項');
    await visible(confirmNote);
    expect(await counterOf(confirmNote)).toBe('0 / 2000');
    await confirmNote.fill('車いすの方は先頭車両');
    expect(await counterOf(confirmNote)).toBe('10 / 2000');
    await screenshot(page, 'forms-polish-counters-notes-ja');

    // The request form: the applicant's and tour conductor's names and the note count too (the conductor's hint kept).
    await page.goto('/bookings/create');
    const applicant = page.getByLabel('申込者名', { exact: true });
    await visible(applicant);
    expect(await counterOf(applicant)).toBe('0 / 100');
    expect(await counterOf(page.getByLabel('添乗員名', { exact: true }))).toBe('0 / 100');
    await visible(page.getByText('未定の場合は空欄のままにしてください'));
    expect(await counterOf(page.getByLabel('備考', { exact: true }))).toBe('0 / 2000');
    await applicant.scrollIntoViewIfNeeded();
    await screenshot(page, 'forms-polish-counters-request-ja');
    // The country list, open: it grows to its 60 options, which scroll in the listbox the field
    // controls, and axe finds nothing serious with it open (a scrolling dropdown around it failed
    // scrollable-region-focusable).
    await page.getByRole('combobox', { name: /国・地域/ }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(60);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);

    await page.goto('/agents/create?lang=en');
    const nameEnEnglish = page.getByLabel('Agent name (English)', { exact: true });
    await visible(nameEnEnglish);
    await nameEnEnglish.fill('Sagano Test Travel');
    expect(await counterOf(nameEnEnglish)).toBe('18 / 200');
    await screenshot(page, 'forms-polish-counters-agent-en');
    await context.close();
  });
});
