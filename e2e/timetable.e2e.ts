import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { fillDate, logIn, logOut, visible } from './support/actions.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Wednesday of May in the demo's first year (2026-05-13 in the demo of 2026–2027), outside the
// blossom and autumn weeks: no service in the demo calendar.
const DAY = demoDate('2026-05-13');
// A day's button on the pattern calendar is named by its date and what it shows: "2026-05-13 13 運行なし".
const BUTTON = `${DAY} ${Number(DAY.slice(8))}`;

test.describe('timetable and approvals', () => {
  test('staff asks to run a closed Wednesday, an admin approves, the calendar shows it', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: 'パターンカレンダー' }).click();
    await page.waitForURL('**/pattern-calendar');
    await page.getByLabel('表示月').selectOption(DAY.slice(0, 7));
    await visible(page.getByRole('button', { name: `${BUTTON} 運行なし` }));
    await page.getByText('通常運行', { exact: true }).first().click();
    await page.getByRole('button', { name: `${BUTTON} 運行なし` }).click();
    await visible(page.getByRole('button', { name: `${BUTTON} 通常運行` }));
    await page.getByRole('button', { name: '承認を申請' }).click();
    await visible(page.getByText('パターンカレンダーの変更を承認申請しました'));
    await visible(page.getByText('承認待ち').nth(1));
    await screenshot(page, 'pattern-calendar-ja');

    await page.getByRole('link', { name: '承認', exact: true }).click();
    await page.waitForURL('**/approvals');
    await visible(page.getByText(`${DAY} を「通常運行」に変更`));
    await screenshot(page, 'approvals-own-ja');
    await page.getByRole('link', { name: '列車・時刻' }).click();
    await visible(page.getByRole('cell', { name: 'トロッコ1号' }));
    await screenshot(page, 'services-ja');
    await page.getByRole('link', { name: '特別運行日' }).click();
    await visible(page.getByText('運行する臨時列車'));
    await screenshot(page, 'special-days-ja');
    // A special day's trains changed: the request names the trains as the screen does, not by id.
    const specialDay = await page.getByLabel('特別運行日', { exact: true }).inputValue();
    const trains = page.getByRole('group', { name: '運行する臨時列車' }).getByRole('checkbox');
    const nameOf = async (i: number) => (await page.locator(`label[for="${await trains.nth(i).getAttribute('id')}"]`).innerText()).trim();
    // The first train stops running that day; the second still runs and is what the request lists.
    const [stopped, kept] = [await nameOf(0), await nameOf(1)];
    expect(kept).toMatch(/^臨時トロッコ\d+号（[上下]り）$/);
    expect(await trains.nth(1).isChecked()).toBe(true);
    await trains.first().click();
    await page.getByRole('button', { name: '承認を申請' }).click();
    await visible(page.getByText('特別運行日の列車を承認申請しました'));
    const affected = page.getByRole('dialog', { name: '申請しました' });
    if (await affected.isVisible()) await affected.getByRole('button', { name: '閉じる' }).last().click();
    await logOut(page);

    await logIn(page, 'admin@example.com');
    await page.goto('/approvals');
    const row = page.getByRole('row').filter({ hasText: `${DAY} を「通常運行」に変更` });
    await row.getByRole('button', { name: '承認' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('理由（任意）').fill('紅葉シーズンの臨時運行');
    await dialog.getByRole('button', { name: '承認' }).click();
    await visible(page.getByText('承認しました。変更はまもなく反映されます。'));
    // The job applies it in the background: reload until it shows as done.
    for (let i = 0; i < 20; i++) {
      await page.reload();
      if (await page.getByRole('row').filter({ hasText: `${DAY} を「通常運行」に変更` }).getByText('反映済み').count()) break;
      await page.waitForTimeout(500);
    }
    await visible(page.getByRole('row').filter({ hasText: `${DAY} を「通常運行」に変更` }).getByText('反映済み'));
    await screenshot(page, 'approvals-ja');

    // The special-days request names its trains; the admin turns it down, leaving the day as it was.
    const special = page.getByRole('row').filter({ hasText: `${specialDay} の臨時列車：` }).filter({ hasText: '申請中' });
    await visible(special.getByText(kept, { exact: false }));
    expect(await special.innerText()).not.toContain(stopped);
    expect(await special.innerText()).not.toMatch(/#\d/);
    await special.getByRole('button', { name: '却下' }).click();
    const reject = page.getByRole('dialog', { name: '申請の却下' });
    await reject.getByLabel('理由').fill('この日は臨時列車を減らさない');
    await reject.getByRole('button', { name: '却下' }).click();
    await visible(page.getByText('却下しました'));

    await page.goto('/pattern-calendar');
    await page.getByLabel('表示月').selectOption(DAY.slice(0, 7));
    await visible(page.getByRole('button', { name: `${BUTTON} 通常運行` }));
    await context.close();
  });

  test('a term whose end is before its start is marked on the end date, in words, and nothing is sent', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.goto('/services');
    const form = page.getByRole('form', { name: '運行期間の追加' });
    await fillDate(form.getByLabel('開始日'), '2028-05-10');
    await fillDate(form.getByLabel('終了日'), '2028-05-01');
    let sent = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/v1/service-terms')) sent = true;
    });
    await form.getByRole('button', { name: '運行期間を追加' }).click();
    const end = form.getByLabel('終了日');
    await visible(form.getByText('終了日は開始日以降の日付を入力してください'));
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('開始日').getAttribute('aria-invalid')).not.toBe('true');
    expect(sent).toBe(false);
    await screenshot(page, 'service-term-error-ja');
    await context.close();
  });

  test('shows the screens in English', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com', 'en');
    for (const [link, name] of [['Trains and times', 'services-en'], ['Pattern calendar', 'pattern-calendar-en'], ['Special days', 'special-days-en'], ['Approvals', 'approvals-en']] as const) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await visible(page.getByRole('heading', { name: link }));
      await page.waitForTimeout(300);
      await screenshot(page, name);
    }
    await page.getByRole('link', { name: 'Trains and times', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Torokko 1', exact: true }).click();
    await visible(page.getByRole('dialog'));
    await screenshot(page, 'service-edit-en');
    await context.close();
  });
});
