/**
 * The portal's API keys (issue 21): the agent admin creates a key, sees it once and copies it,
 * the agent's system uses it, the list shows when it was last used, and revoking it stops it.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { baseUrl, freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

/** A call as the agent's system makes it: no cookie, the key in the Authorization header. */
function asSystem(key: string, method: string, path: string, body?: unknown) {
  return fetch(`${baseUrl()}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

test.describe('API keys in the agent portal', () => {
  test('the agent admin creates a key, sees it once, the system uses it, and revoking it stops it', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'agent-free@example.com');
    await page.getByRole('link', { name: 'APIキー' }).click();
    await page.waitForURL('**/api-keys');
    await visible(page.getByRole('heading', { name: 'APIキー' }));

    await page.getByRole('button', { name: 'APIキーを発行' }).click();
    const form = page.getByRole('dialog', { name: 'APIキーの発行' });
    await form.getByRole('button', { name: '保存' }).click();
    await visible(form.getByText('名称を入力してください。'));
    await form.getByLabel('名称').fill('基幹予約システム');
    await form.getByLabel('利用する支店').selectOption({ label: '大阪支店' });
    await screenshot(page, 'api-key-create-ja');
    await form.getByRole('button', { name: '保存' }).click();

    const shown = page.getByRole('dialog', { name: 'APIキーを発行しました' });
    await visible(shown.getByText('このキーは今回しか表示されません'));
    const key = (await shown.getByTestId('api-key-value').innerText()).trim();
    expect(key).toMatch(/^sgk_[A-Za-z0-9_-]{43}$/);
    await visible(shown.getByRole('button', { name: 'キーをコピー' }));
    await screenshot(page, 'api-key-shown-ja');
    await shown.getByRole('button', { name: 'コピーしたので閉じる' }).click();

    const list = page.getByRole('table', { name: 'APIキー一覧' });
    const row = list.getByRole('row').filter({ hasText: '基幹予約システム' });
    await visible(row.getByText('大阪支店'));
    await visible(row.getByText('未使用'));
    await visible(row.getByText(`${key.slice(0, 12)}…`));
    // The key itself is nowhere on the page any more.
    expect(await page.content()).not.toContain(key);

    // The agent's system uses it (prices of a day next week).
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const units = await asSystem(key, 'GET', '/v1/units');
    expect(units.status).toBe(200);
    const calc = await asSystem(key, 'POST', '/v1/bookings/calculate_amount', { group_type: 'NORMAL', participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 15 }] }, service_days: [soon] });
    expect(calc.status, await calc.clone().text()).toBe(200);
    expect((await asSystem(key, 'GET', '/v1/bookings/service_orders/search')).status).toBe(200);
    expect((await asSystem(key, 'GET', '/v1/api-keys')).status).toBe(403);

    await page.reload();
    await visible(list.getByRole('row').filter({ hasText: '基幹予約システム' }).getByText('有効'));
    expect(await list.getByRole('row').filter({ hasText: '基幹予約システム' }).getByText('未使用').count()).toBe(0);

    await page.getByRole('button', { name: 'English' }).click();
    const en = page.getByRole('table', { name: 'API keys' });
    await visible(en.getByText('Active'));
    await screenshot(page, 'api-keys-en');
    await page.getByRole('button', { name: '日本語' }).click();

    await row.getByRole('button', { name: '失効させる' }).click();
    const confirm = page.getByRole('dialog', { name: 'APIキーの失効' });
    await visible(confirm.getByText('「基幹予約システム」を失効させます。', { exact: false }));
    await confirm.getByRole('button', { name: '失効させる' }).click();
    await visible(page.getByText('「基幹予約システム」を失効させました。'));
    await visible(row.getByText('失効済み'));
    await confirm.waitFor({ state: 'hidden' });
    await screenshot(page, 'api-keys-ja');

    expect((await asSystem(key, 'GET', '/v1/bookings/service_orders/search')).status).toBe(401);
    await context.close();
  });
});
