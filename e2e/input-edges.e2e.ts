/**
 * Input and tenant edges in the browser: the password form names the e-mail rule before the
 * server is asked, and the headers added to every answer (Permissions-Policy, no-store on the
 * API) leave the app working without console complaints.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

test.describe('password rules and response headers', () => {
  test('a staff member choosing a password with their e-mail in it is told so, in ja and en', async () => {
    const { context, page } = await freshPage(browser);
    const complaints: string[] = [];
    page.on('console', (message) => {
      // Signed out, the app asks for no session (no 401 in the console): any error is a complaint.
      if (message.type() === 'error' || /permissions.policy|feature policy/i.test(message.text())) complaints.push(message.text());
    });
    await logIn(page, 'staff@example.com');
    const me = await page.request.get('/v1/auth/me');
    expect(me.status()).toBe(200);
    expect(me.headers()['cache-control']).toBe('no-store');
    expect(me.headers()['permissions-policy']).toContain('camera=()');

    await page.goto('/change-password');
    await page.getByLabel('現在のパスワード').fill(DEMO_PASSWORD);
    await page.getByLabel('新しいパスワード', { exact: true }).fill('Staff#Kyoto2026');
    const rule = page.locator('[data-rule="contains_email"]');
    await visible(rule);
    expect(await rule.getAttribute('data-met')).toBe('false');
    expect(await rule.textContent()).toContain('メールアドレス（@より前の部分も）を含まない');
    await page.getByLabel('新しいパスワード（確認）').fill('Staff#Kyoto2026');
    await page.getByRole('button', { name: 'パスワードを変更' }).click();
    // The field names the rule it breaks (the form builders' message, as the server's 400 says it).
    await visible(page.getByText('メールアドレス（または@より前の部分）を含むパスワードは使用できません。別のパスワードを設定してください'));
    await screenshot(page, 'change-password-email-rule-ja');

    await page.goto('/change-password?lang=en');
    await page.getByLabel('New password', { exact: true }).fill('Staff#Kyoto2026');
    await visible(page.getByText('Does not contain your e-mail address (or the part before the @)'));
    await screenshot(page, 'change-password-email-rule-en');
    expect(complaints).toEqual([]);
    await context.close();
  });
});
