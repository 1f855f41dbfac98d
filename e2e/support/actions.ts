import type { Locator, Page } from 'playwright-core';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { DEMO_PASSWORD } from './browser.ts';

const labels = {
  ja: { email: 'メールアドレス', password: 'パスワード', submit: 'ログイン', nav: 'メインメニュー', account: 'アカウントメニュー', logout: 'ログアウト' },
  en: { email: 'E-mail address', password: 'Password', submit: 'Sign in', nav: 'Main menu', account: 'Account menu', logout: 'Sign out' },
} as const;
export type Lang = keyof typeof labels;

/** Waits until the locator is visible (the journeys wait on locators, not on Playwright's web-first assertions, so a wait reads the same everywhere). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function fillLogin(page: Page, email: string, password = DEMO_PASSWORD, lang: Lang = 'ja') {
  const l = labels[lang];
  await visible(page.getByLabel(l.email));
  await page.getByLabel(l.email).fill(email);
  await page.getByLabel(l.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: l.submit, exact: true }).click();
}

/**
 * Signs in as `email` and opens the dashboard in `lang`. The sign-in goes through the API from the
 * page's own context (it keeps the session and CSRF cookies the server sets, as the login screen's
 * call does), not through the login screen: a journey starts where it means to, and the login
 * screen itself is met by the shell journeys and the every-screen walks.
 */
export async function logIn(page: Page, email: string, lang: Lang = 'ja') {
  const answer = await page.context().request.post('/v1/auth/login', { data: { email, password: DEMO_PASSWORD } });
  if (!answer.ok()) throw new Error(`sign-in of ${email}: ${answer.status()} ${await answer.text()}`);
  await page.goto(lang === 'en' ? '/dashboard?lang=en' : '/dashboard');
  await page.waitForURL('**/dashboard');
  await visible(page.locator('h1'));
}

export function sidebar(page: Page, lang: Lang = 'ja'): Locator {
  return page.getByRole('navigation', { name: labels[lang].nav });
}

export async function sidebarLinks(page: Page, lang: Lang = 'ja'): Promise<string[]> {
  const nav = sidebar(page, lang);
  await visible(nav.getByRole('link'));
  // An entry's name is its first line (the notifications entry carries its unread count after it).
  return (await nav.getByRole('link').allInnerTexts()).map((s) => s.trim().split('\n')[0]!.trim());
}

export async function logOut(page: Page, lang: Lang = 'ja') {
  await page.getByRole('button', { name: labels[lang].account }).click();
  await page.getByRole('menuitem', { name: labels[lang].logout }).click();
  await page.waitForURL('**/login**');
}

/**
 * Types a date (yyyy-MM-dd) into the app's date field (it reads 2026-12-01 and 2026/12/01 alike)
 * and leaves it, so its calendar closes and it shows the date in the page's format.
 */
export async function fillDate(input: Locator, date: string) {
  await input.fill(date);
  await input.blur();
}

/** The date as the date field shows it: yyyy/MM/dd in Japanese, yyyy-MM-dd in English. */
export const shownDate = (date: string, lang: Lang = 'ja') => (lang === 'ja' ? date.replaceAll('-', '/') : date);

/** A day as the booking list shows it: 06/03 in this year in Tokyo (read now: a run may cross New Year), 2027/06/03 in another. */
export const listDay = (date: string) => (date.slice(0, 4) === tokyoToday().slice(0, 4) ? date.slice(5) : date).replaceAll('-', '/');
