import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/axe.ts';
import { freshPage, launch, screenshot } from './support/browser.ts';
import { logIn, type Lang } from './support/actions.ts';
import { apiSession } from './support/api.ts';

/**
 * No code, enum or developer text on any screen (DESIGN §"No raw codes"): every screen of the
 * back office, the agent portal and the group's page, in ja and en, from the demo data, read as a
 * person reads it (document.body.innerText) and checked with axe (no serious or critical violation).
 */

/** UPPER_SNAKE of two parts or more (ONLINE_CREDIT_CARD), snake_case words (seat_table), a mail kind (booking.ok), a missing translation key (form.title). */
const CODE = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+\b|\b[a-z]+(?:_[a-z0-9]+)+\b|\b(?:booking|account)\.[a-z_]+\b|\b[a-z]+[A-Z][a-zA-Z]*\.[a-z][a-zA-Z.]*\b/g;
/** What may look like a code and is not: e-mail addresses, web addresses, and the bulk file's column names (the file format a person writes). */
const ALLOWED = [/[\w.+-]+@[\w.-]+\.\w+/g, /https?:\/\/\S+/g, /\b(?:booking_id|confirm_note)\b/g];

function codesIn(text: string): string[] {
  let rest = text;
  for (const allowed of ALLOWED) rest = rest.replace(allowed, ' ');
  return [...new Set(rest.match(CODE) ?? [])];
}

let browser: Browser;
const problems: string[] = [];
type Row = { booking_id: string; status: string; agent: { agent_type: string } };
let bookings: Row[] = [];
let customerPath = '';
let bulkId = 0;

beforeAll(async () => {
  browser = await launch();
  const admin = await apiSession('admin@example.com');
  const answer = await admin<{ service_orders: Row[] }>('GET', '/v1/bookings/service_orders/search?per_page=100');
  const byStatus = new Map<string, Row>();
  for (const row of answer.service_orders) if (!byStatus.has(row.status)) byStatus.set(row.status, row);
  bookings = [...byStatus.values()];
  const first = bookings.find((b) => b.status === 'RESERVED') ?? bookings[0]!;
  const detail = await admin<{ booking_token: string }>('GET', `/v1/bookings/${first.booking_id}`);
  customerPath = `/customer/bookings/${first.booking_id}?token=${encodeURIComponent(detail.booking_token)}`;
  // A finished bulk run (a line refused or skipped, a line done), for its result table.
  const lines = bookings.filter((b) => ['RESERVED', 'SUBMITTED', 'CANCELLED'].includes(b.status)).map((b) => b.booking_id);
  const csv = Buffer.from(`booking_id\n${lines.join('\n')}\n`).toString('base64');
  bulkId = (await admin<{ id: number }>('POST', '/v1/bookings/bulk-reserve-allotments', { csv_base64: csv, filename: 'e2e.csv' })).id;
}, 120_000);
afterAll(() => browser.close());

/** Waits for the screen to settle: no request in flight, no loader showing, no transition running (a dialog fading in reads as low contrast). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForFunction(() => !document.querySelector('.mantine-LoadingOverlay-root, .mantine-Loader-root'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 }).catch(() => undefined);
}

async function check(page: Page, lang: Lang, name: string, options: { shot?: boolean; axeIn?: string } = {}) {
  await settle(page);
  const text = await page.evaluate(() => document.body.innerText);
  const codes = codesIn(text);
  if (codes.length > 0) problems.push(`${lang} ${name} (${page.url()}): ${codes.join(', ')}`);
  const axe = await seriousAxeViolations(page, options.axeIn);
  if (axe.length > 0) problems.push(`${lang} ${name} axe: ${axe.join(' | ')}`);
  if (options.shot) await screenshot(page, `no-raw-codes-${name.replaceAll('/', '_')}-${lang}`);
}

async function visit(page: Page, lang: Lang, path: string, options: { shot?: boolean } = {}) {
  await page.goto(path);
  await check(page, lang, path, options);
}

const OPERATOR_SCREENS = [
  '/dashboard', '/notifications', '/bookings', '/search-allotments', '/bulk-operation', '/payments', '/sales', '/monthly-report',
  '/inventory-arrangements', '/report', '/suspended', '/operation-logs', '/mails', '/mails/templates', '/jobs',
  '/users', '/agents', '/change-password', '/basic-info', '/bank-accounts', '/services', '/pattern-calendar', '/special-days',
  '/arrangement-application', '/arrangement-pattern', '/free-count-plans', '/group-pricing-plans', '/cancellation-policy',
  '/group-schedules', '/special-contract-terms', '/approvals',
];
const AGENT_SCREENS = ['/dashboard', '/notifications', '/bookings', '/search-allotments', '/payments', '/monthly-report', '/staff', '/two-factor', '/change-password'];

describe('no raw codes on any screen', () => {
  for (const lang of ['ja', 'en'] as const) {
    it(`the back office, in ${lang}`, async () => {
      const { context, page } = await freshPage(browser);
      await logIn(page, 'admin@example.com', lang);
      for (const path of OPERATOR_SCREENS) await visit(page, lang, path, { shot: path === '/mails/templates' || path === '/monthly-report' });
      for (const b of bookings) await visit(page, lang, `/bookings/${b.booking_id}`, { shot: b.status === 'RESERVED' });
      // The monthly settlement's detail of an agent, a mail's detail, a sample mail, the bulk result.
      await page.goto('/monthly-report');
      await settle(page);
      const settlement = page.locator('a[href^="/monthly-report/"]').first();
      if (await settlement.count()) {
        await settlement.click();
        await page.waitForURL(/\/monthly-report\/\d+/);
        await check(page, lang, 'monthly-report detail', { shot: true });
      }
      await page.goto('/mails');
      await settle(page);
      await page.locator('tbody tr').first().click();
      await page.getByTestId('mail-body').waitFor();
      await check(page, lang, 'mail detail', { shot: true, axeIn: '[role=dialog]' });
      await page.goto('/mails/templates');
      await settle(page);
      await page.getByTestId('mail-kinds').locator('button').first().click();
      await page.getByTestId('mail-preview-body').waitFor();
      await check(page, lang, 'mail template preview', { shot: true });
      await page.goto(`/bulk-operation?id=${bulkId}`);
      await page.getByTestId('bulk-result-table').waitFor({ timeout: 30_000 });
      await check(page, lang, 'bulk result', { shot: true });
      await context.close();
    }, 600_000);

    it(`the agent portal, the policy document and the group's page, in ${lang}`, async () => {
      for (const email of ['agent-contracted@example.com', 'agent-special@example.com', 'agent-free@example.com']) {
        const { context, page } = await freshPage(browser);
        await logIn(page, email, lang);
        for (const path of AGENT_SCREENS) {
          if (path === '/monthly-report' && email === 'agent-free@example.com') continue;
          await visit(page, lang, path, { shot: path === '/monthly-report' && email === 'agent-special@example.com' });
        }
        await context.close();
      }
      const { context, page } = await freshPage(browser);
      await page.goto(lang === 'en' ? '/login?lang=en' : '/login');
      await visit(page, lang, '/cancellation-policy/document', { shot: true });
      await visit(page, lang, customerPath);
      await context.close();
    }, 600_000);
  }

  it('found nothing', () => {
    expect(problems).toEqual([]);
  });
});
