import { expect, test } from '@playwright/test';
import type { Browser, Locator, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { fillDate, logIn, sidebar, visible } from './support/actions.ts';
import { demo } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

const seat = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function centre(locator: Locator) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test.describe('arrangement patterns on the seat map', () => {
  test('an admin changes seats of a pattern by automatic fill, click and drag, saves, and finds them kept after a reload', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com');
    await sidebar(page).getByRole('link', { name: '枠パターン' }).click();
    await page.waitForURL('**/arrangement-pattern');
    await visible(page.getByRole('cell', { name: '標準' }));
    await screenshot(page, 'arrangement-patterns-ja');

    await page.getByRole('link', { name: '編集 団体多め' }).click();
    await page.waitForURL(/\/arrangement-pattern\/\d+$/);
    const url = page.url();
    await visible(seat(page, '4号車 1A 団体'));
    await visible(page.getByText('すべての席に枠が設定されています'));
    // The wheelchair box of car 3 and the standing places of The Rich car are drawn.
    await visible(seat(page, '3号車 1A 車いす 車いすスペース'));
    await visible(page.getByRole('note', { name: '5号車 立席 20名 立席' }));
    await screenshot(page, 'arrangement-pattern-seat-map-ja');

    // Automatic fill: car 4, rows 1-8 become Individual.
    const fill = page.getByRole('form', { name: '自動設定' });
    await fill.getByLabel('号車').selectOption({ label: '4号車' });
    await fill.getByLabel('開始席').fill('1A');
    await fill.getByLabel('終了席').fill('8D');
    await fill.getByLabel('枠').selectOption({ label: '個人' });
    await fill.getByRole('button', { name: '自動設定する' }).click();
    await visible(page.getByText('32席を「個人」に設定しました'));
    await visible(seat(page, '4号車 8D 個人'));
    await visible(seat(page, '4号車 9A 団体'));

    // Pick Agent contract in the key, click one seat and drag across a row of car 2.
    await page.getByRole('toolbar', { name: '枠の凡例' }).getByRole('button', { name: /代理店契約/ }).click();
    await seat(page, '1号車 1A 団体').click();
    await visible(seat(page, '1号車 1A 代理店契約'));
    const from = await centre(seat(page, '2号車 3A 団体'));
    const to = await centre(seat(page, '2号車 3D 団体'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2 - 20, from.y, { steps: 5 });
    await page.mouse.move((from.x + to.x) / 2 + 20, from.y, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    for (const s of ['3A', '3B', '3C', '3D']) await visible(seat(page, `2号車 ${s} 代理店契約`));

    await page.getByRole('button', { name: '保存', exact: true }).click();
    await visible(page.getByText('枠パターンを保存しました'));

    await page.goto(url);
    await visible(seat(page, '4号車 5C 個人'));
    await visible(seat(page, '1号車 1A 代理店契約'));
    await visible(seat(page, '2号車 3C 代理店契約'));
    expect(await seat(page, '4号車 9A 団体').count()).toBe(1);
    expect(await seat(page, '1号車 1B 団体').count()).toBe(1);
    await context.close();
  });

  test('refuses to save a pattern with seats left without a type', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com');
    await page.goto('/arrangement-pattern/add');
    await visible(seat(page, '1号車 1A 枠未設定'));
    await visible(page.getByText('枠未設定の席：296席'));
    await page.getByLabel('名称').fill('途中のパターン');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'すべての席に枠パターンを選択してください。' }));
    await screenshot(page, 'arrangement-pattern-add-ja');
    await context.close();
  });

  test('shows the seat map in English', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com', 'en');
    await sidebar(page, 'en').getByRole('link', { name: 'Arrangement patterns' }).click();
    await page.getByRole('link', { name: 'Edit 標準' }).click();
    await visible(seat(page, 'Car 3 1A Wheelchair wheelchair space'));
    await visible(seat(page, 'Car 4 9A Agent contract'));
    await visible(page.getByText('An application term uses this pattern'));
    await screenshot(page, 'arrangement-pattern-seat-map-en');
    await context.close();
  });

  test('an admin asks for a new application term, which waits for approval', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com');
    await sidebar(page).getByRole('link', { name: '枠適用設定' }).click();
    await page.waitForURL('**/arrangement-application');
    await visible(page.getByRole('cell', { name: `${demo.application.fromDate} 〜 ${demo.application.toDate}` }));
    await page.getByRole('link', { name: '適用期間を追加' }).click();
    await page.waitForURL(/\/arrangement-application\/\d+\/add$/);
    await fillDate(page.getByLabel('開始日'), `${demo.firstYear}-01-10`);
    await fillDate(page.getByLabel('終了日'), `${demo.firstYear}-01-20`);
    await page.keyboard.press('Escape');
    await page.getByLabel('すべての列車に適用').selectOption({ label: '団体多め' });
    await screenshot(page, 'arrangement-application-add-ja');
    await page.getByRole('button', { name: '承認申請する' }).click();
    await visible(page.getByText('承認申請を送信しました。承認されると適用されます。'));
    await page.waitForURL(/\/arrangement-application\?term=\d+$/);
    await visible(page.getByText('承認待ちの申請'));
    await visible(page.getByRole('cell', { name: `${demo.firstYear}-01-10 〜 ${demo.firstYear}-01-20` }));
    await screenshot(page, 'arrangement-applications-ja');
    await context.close();
  });
});
