/**
 * What the web bench's measurements share (bench/web-bench.ts): the Chromium they run and its
 * flags, the pages they load, and signing in through the login page.
 */
import type { Page } from 'playwright-core';
import { PASSWORD, STAFF } from './web-bench-app.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The bench's server has a certificate of its own (web-bench-app.ts), which the browser takes.
export const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--ignore-certificate-errors'];

/** A page the bench loads: its name in the tables, its path, and whether it is loaded signed in. */
export interface Target {
  name: string;
  path: string;
  signedIn: boolean;
}

export async function signIn(page: Page, url: string, email = STAFF): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.waitForURL('**/dashboard');
}
