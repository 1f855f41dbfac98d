import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { listDay, logIn, sidebar, visible, type Lang } from './support/actions.ts';
import { api } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

// The tests of this file follow one another: each starts from what the one before left.
test.describe.configure({ mode: 'serial' });

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday and a Friday of the demo season that no other journey books (the line rests on Wednesdays).
const D1 = demoDate('2027-06-03');
const D2 = demoDate('2027-06-04');
const TAG = `一覧試験${Date.now() % 100000}`;

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

/** The three bookings every test reads: ア one way on D2, イ a round trip (D1 out, D2 back), ウ one way on D1. */
let made: { a: string; b: string; c: string } | undefined;

async function bookings(page: Page) {
  if (made) return made;
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const agent = agents[0]!;
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const train = async (day: string, direction: 'down' | 'up') => {
    const [from, to] = direction === 'down' ? [1, 4] : [4, 1];
    const answer = await api<DayAnswer>(page, 'GET', `/v1/allotments/${day}?from_station_id=${from}&to_station_id=${to}`);
    const service = answer.services.find((s) => s.direction === direction && s.vacant_seats >= 20);
    if (!service) throw new Error(`no ${direction} train with room on ${day}`);
    return { service_date: day, service_id: service.service_id, from_station_id: from, to_station_id: to };
  };
  const book = async (name: string, serviceOrder: Record<string, unknown>) =>
    (
      await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
        applicant: { name: '一覧 太郎', email: 'list.e2e@example.com', phone_number: '075-555-7777' },
        tour_conductor: null,
        group: { group_type: 'NORMAL', name: `${TAG} ${name}`, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
        service_order: serviceOrder,
        participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 20 }], wheel_chairs: [] },
        agent_id: agent.id,
        agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
        wait_listing: true,
      })
    ).booking_id;
  const a = await book('ア', { down_service: await train(D2, 'down') });
  const b = await book('イ', { down_service: await train(D1, 'down'), up_service: await train(D2, 'up') });
  const c = await book('ウ', { down_service: await train(D1, 'down') });
  // One with a sub status beside its status, so the widest badges are on the page.
  await api(page, 'POST', `/v1/bookings/${a}/reserve_allotments`, {});
  made = { a, b, c };
  return made;
}

const listUrl = (extra = '') => `/bookings?group_name=${encodeURIComponent(TAG)}&service_from=${D1}&service_to=${D2}${extra}`;

/** The booking numbers of the table's rows, top to bottom. */
async function rowOrder(page: Page): Promise<string[]> {
  const ids = await page.locator('[data-testid^="booking-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('booking-row-', '')));
  return ids;
}

/** Waits until the table shows exactly these bookings in this order (the list refetches after a click). */
async function expectOrder(page: Page, expected: string[]) {
  const deadline = Date.now() + 10_000;
  let seen: string[] = [];
  while (Date.now() < deadline) {
    seen = await rowOrder(page);
    if (seen.join() === expected.join()) return;
    await page.waitForTimeout(100);
  }
  expect(seen).toEqual(expected);
}

const header = (page: Page, name: string) => page.getByRole('columnheader', { name });

test.describe('booking list', () => {
  test('sorts on the server by the column pressed, keeps the order in the address, and shows a round trip as one row with both trains', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com');
    const { a, b, c } = await bookings(page);
    const firstDay = [b, c].sort();

    // Default: the nearest service date first, then the booking number.
    await page.goto(listUrl());
    await visible(page.getByTestId(`booking-row-${a}`));
    await expectOrder(page, [...firstDay, a]);
    expect(await header(page, '乗車日').getAttribute('aria-sort')).toBe('ascending');
    expect(await header(page, '団体名').getAttribute('aria-sort')).toBe('none');

    // The round trip: one row, both trains with their dates.
    const round = page.getByTestId(`booking-row-${b}`);
    expect(await round.count()).toBe(1);
    expect(await round.locator('[data-testid^="booking-train-"]').count()).toBe(2);
    await visible(round.getByTestId('booking-train-down'));
    await visible(round.getByTestId('booking-train-up'));
    expect(await round.locator('[data-service-date]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-service-date')))).toEqual([D1, D2]);
    expect(await round.innerText()).toContain(listDay(D1));
    expect(await round.innerText()).toContain(listDay(D2));
    await screenshot(page, 'booking-list-desktop-ja');

    // Group name, ascending then descending: the order really changes.
    await header(page, '団体名').getByRole('button').click();
    await page.waitForURL(/sort=group_name&order=asc/);
    await expectOrder(page, [a, b, c]);
    expect(await header(page, '団体名').getAttribute('aria-sort')).toBe('ascending');
    expect(await header(page, '乗車日').getAttribute('aria-sort')).toBe('none');
    await header(page, '団体名').getByRole('button').click();
    await page.waitForURL(/sort=group_name&order=desc/);
    await expectOrder(page, [c, b, a]);
    expect(await header(page, '団体名').getAttribute('aria-sort')).toBe('descending');

    // The address keeps it: a reload (or a shared link) lists in the same order.
    await page.reload();
    await visible(page.getByTestId(`booking-row-${a}`));
    await expectOrder(page, [c, b, a]);

    // Service date descending: the later first train first.
    await header(page, '乗車日').getByRole('button').click();
    await page.waitForURL(/sort=service_date&order=asc/);
    await header(page, '乗車日').getByRole('button').click();
    await page.waitForURL(/sort=service_date&order=desc/);
    await expectOrder(page, [a, ...[...firstDay].reverse()]);

    // Booking number ascending.
    await header(page, '予約番号').getByRole('button').click();
    await page.waitForURL(/sort=booking_id&order=asc/);
    await expectOrder(page, [a, b, c].sort());

    // A new search keeps the chosen order.
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await expectOrder(page, [a, b, c].sort());
    expect(page.url()).toContain('sort=booking_id');
    await context.close();
  });

  test('fits 1366 px in English with the menu open: no sideways scroll, badges read in full', async () => {
    const { context, page } = await freshPage(browser, 1366, 900);
    await logIn(page, 'admin@example.com', 'en');
    const { a } = await bookings(page);
    // A wider list than the test's own: every booking of June.
    await page.goto(`/bookings?service_from=${D1.slice(0, 8)}01&service_to=${D1.slice(0, 8)}30`);
    await visible(page.locator('[data-testid^="booking-row-"]'));
    await visible(sidebar(page, 'en'));
    const fit = await page.getByRole('table').evaluate((table) => {
      let box: HTMLElement | null = table.parentElement;
      const boxes: { scroll: number; client: number }[] = [];
      while (box && box !== document.body) {
        boxes.push({ scroll: box.scrollWidth, client: box.clientWidth });
        box = box.parentElement;
      }
      return { table: table.getBoundingClientRect().width, boxes, page: { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth } };
    });
    for (const b of fit.boxes) expect(b.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(b.client);
    expect(fit.page.scroll).toBeLessThanOrEqual(fit.page.client);
    // No badge label is cut short (an ellipsis would leave its text wider than its box).
    const cut = await page.locator('table .mantine-Badge-label').evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await page.goto(listUrl());
    await visible(page.getByTestId(`booking-row-${a}`));
    // (Badges are drawn in capitals: the text is compared without case.)
    expect((await page.getByTestId(`booking-row-${a}`).innerText()).toLowerCase()).toContain('allotment held');
    expect(await header(page, 'Date').getAttribute('aria-sort')).toBe('ascending');
    await screenshot(page, 'booking-list-desktop-en');
    await context.close();
  });

  for (const lang of ['ja', 'en'] as Lang[]) {
    test(`shows cards on a 390 px phone with number, date, trains, group, people and status (${lang})`, async () => {
      const { context, page } = await freshPage(browser, 390, 844);
      await logIn(page, 'admin@example.com', lang);
      const { a, b } = await bookings(page);
      await page.goto(listUrl());
      const card = page.getByTestId(`booking-card-${b}`);
      await visible(card);
      expect(await page.locator('table').count()).toBe(0);
      const field = async (name: string) => (await card.locator(`[data-field="${name}"]`).innerText()).trim();
      expect(await field('booking-id')).toBe(b);
      expect(await field('group')).toBe(`${TAG} イ`);
      expect(await field('people')).toBe(lang === 'ja' ? '20名' : '20 people');
      expect(await card.locator('[data-field="service-date"]').allInnerTexts()).toEqual(lang === 'ja' ? [`${listDay(D1)}（木）`, `${listDay(D2)}（金）`] : [`${listDay(D1)} (Thu)`, `${listDay(D2)} (Fri)`]);
      expect(await card.locator('[data-field="trains"] > *').count()).toBe(2);
      expect((await field('status')).toLowerCase()).toContain(lang === 'ja' ? '申込受付' : 'submitted');
      expect((await page.getByTestId(`booking-card-${a}`).locator('[data-field="status"]').innerText()).toLowerCase()).toContain(lang === 'ja' ? '枠確保済' : 'allotment held');
      // The cards fit the phone: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      // The list comes first: the filters wait behind one button, and the menu behind the burger.
      expect(await page.getByRole('search').count()).toBe(0);
      expect(await page.getByRole('navigation', { name: lang === 'ja' ? 'メインメニュー' : 'Main menu' }).count()).toBe(0);
      await screenshot(page, `booking-list-phone-${lang}`);
      await page.getByRole('button', { name: lang === 'ja' ? '検索条件を表示' : 'Show filters' }).click();
      await visible(page.getByRole('search').getByLabel(lang === 'ja' ? '団体名' : 'Group name'));
      await page.getByRole('button', { name: lang === 'ja' ? '検索条件を閉じる' : 'Hide filters' }).click();
      expect(await page.getByRole('search').count()).toBe(0);
      await page.getByRole('button', { name: lang === 'ja' ? 'メニューを開く' : 'Open menu' }).click();
      await visible(page.getByRole('navigation', { name: lang === 'ja' ? 'メインメニュー' : 'Main menu' }).getByRole('link', { name: lang === 'ja' ? '予約一覧' : 'Bookings' }));
      await page.getByRole('button', { name: lang === 'ja' ? 'メニューを閉じる' : 'Close menu' }).click();
      await card.click();
      await page.waitForURL(`**/bookings/${b}`);
      await context.close();
    });
  }
});
