/**
 * Input and tenant edges in the browser: the password form names the e-mail rule before the
 * server is asked, and the headers added to every answer (Permissions-Policy, no-store on the
 * API) leave the app working without console complaints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, freshPage, launch, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

describe('password rules and response headers', () => {
  it('a staff member choosing a password with their e-mail in it is told so, in ja and en', async () => {
    const { context, page } = await freshPage(browser);
    const complaints: string[] = [];
    page.on('console', (message) => {
      // The session check before signing in answers 401 by design; anything else is a complaint.
      if ((message.type() === 'error' && !message.text().includes('status of 401')) || /permissions.policy|feature policy/i.test(message.text())) complaints.push(message.text());
    });
    const answer = page.waitForResponse((r) => r.url().includes('/v1/auth/me'));
    await logIn(page, 'staff@example.com');
    const me = await answer;
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
    await visible(page.getByText('パスワードの条件を満たしていません'));
    await screenshot(page, 'change-password-email-rule-ja');

    await page.goto('/change-password?lang=en');
    await page.getByLabel('New password', { exact: true }).fill('Staff#Kyoto2026');
    await visible(page.getByText('Does not contain your e-mail address (or the part before the @)'));
    await screenshot(page, 'change-password-email-rule-en');
    expect(complaints).toEqual([]);
    await context.close();
  });
});
