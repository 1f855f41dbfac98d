import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freshPage, launch, screenshot } from './support/browser.ts';
import { logIn, sidebar, visible } from './support/actions.ts';
import { api } from './support/api.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser.close());

// A Thursday of the demo season, away from the other journeys' days.
const DAY = '2027-09-09';

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; name_ja: string; agent_type: string; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

/** A FREE agent's booking made, held and confirmed through the API with the page's staff session: its card fare is due. */
async function confirmedFreeBooking(page: Page, name: string): Promise<string> {
  const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats >= 20)!;
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const agent = agents.find((a) => a.agent_type === 'FREE')!;
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '支払 花子', email: 'payments.e2e@example.com', phone_number: '075-555-7777' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 12 }], wheel_chairs: [] },
    agent_id: agent.id,
    agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
  });
  await api(page, 'POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await api(page, 'POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  return booking_id;
}

/** Ticks "overdue only" and searches; resolves once the list has the answer. */
async function overdueOnly(page: Page) {
  const answered = page.waitForResponse((r) => r.url().includes('/v1/bookings/payments/search') && r.url().includes('overdue=true'));
  await page.getByLabel('期限超過のみ表示').check();
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await page.waitForURL('**/payments?overdue=true');
  await answered;
}

/** Every row on the page shows the red overdue badge (an overdue-only page may also be empty). */
async function everyRowOverdue(page: Page) {
  const rows = page.locator('[data-testid^="payment-row-"]');
  for (let i = 0; i < (await rows.count()); i++) expect(await rows.nth(i).getByTestId('overdue-badge').count()).toBeGreaterThan(0);
}

describe('payments lists', () => {
  it('the back office finds a booking’s fare with every filter and narrows to what is overdue, in Japanese and English', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const bookingId = await confirmedFreeBooking(page, '入金一覧 E2E');

    await sidebar(page).getByRole('link', { name: '入金管理' }).click();
    await page.waitForURL('**/payments');
    await visible(page.getByRole('heading', { name: '入金管理', level: 1 }));
    for (const label of ['代理店', '支店', '支払区分', '支払状況', '期限超過のみ表示']) await visible(page.getByLabel(label, { exact: true }));
    await visible(page.locator('[data-testid^="payment-row-"]'));
    await screenshot(page, 'payments-operator-ja');

    await page.getByLabel('予約番号').fill(bookingId);
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.waitForURL(`**/payments?booking_id=${bookingId}`);
    const row = page.getByTestId(`payment-row-${bookingId}`);
    await visible(row);
    const text = await row.innerText();
    expect(text).toContain('入金一覧 E2E');
    expect(text).toContain('京都さくら旅行');
    expect(text).toContain('カード(オンライン)');
    expect(text).toContain('入金待ち');
    expect(text).toMatch(/[\d,]+ 円/);
    // Due ten days before a train in 2027: not overdue.
    expect(await row.getByTestId('overdue-badge').count()).toBe(0);
    await row.getByRole('link', { name: `予約 ${bookingId} を開く` }).click();
    await page.waitForURL(`**/bookings/${bookingId}`);

    // Overdue only: the booking due next year drops out; whatever remains is late.
    await page.goto('/payments');
    await visible(page.getByTestId(`payment-row-${bookingId}`)); // the newest booking comes first
    await overdueOnly(page);
    await page.getByTestId(`payment-row-${bookingId}`).waitFor({ state: 'detached' });
    await everyRowOverdue(page);
    await screenshot(page, 'payments-operator-overdue-ja');

    await page.goto('/payments?lang=en');
    await visible(page.getByRole('heading', { name: 'Payments', level: 1 }));
    await visible(page.getByLabel('Overdue only'));
    await visible(page.locator('[data-testid^="payment-row-"]'));
    await screenshot(page, 'payments-operator-en');
    await context.close();
  });

  it('an agent sees お支払い for its own bookings only, without the agent filters, in Japanese and English', async () => {
    const staff = await freshPage(browser);
    await logIn(staff.page, 'staff@example.com');
    const bookingId = await confirmedFreeBooking(staff.page, 'お支払い E2E');
    await staff.context.close();

    const { context, page } = await freshPage(browser);
    await logIn(page, 'agent-free@example.com');
    await sidebar(page).getByRole('link', { name: 'お支払い' }).click();
    await page.waitForURL('**/payments');
    await visible(page.getByRole('heading', { name: 'お支払い', level: 1 }));
    await visible(page.getByLabel('期限超過のみ表示'));
    expect(await page.getByLabel('代理店', { exact: true }).count()).toBe(0);
    expect(await page.getByLabel('支払区分', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: '代理店 / 支店' }).count()).toBe(0);
    await visible(page.getByRole('columnheader', { name: 'ご請求額' }));
    await visible(page.getByTestId(`payment-row-${bookingId}`));
    await screenshot(page, 'payments-agent-ja');

    await overdueOnly(page);
    await page.getByTestId(`payment-row-${bookingId}`).waitFor({ state: 'detached' });
    await everyRowOverdue(page);

    await page.goto('/payments?lang=en');
    await visible(page.getByRole('heading', { name: 'Payments', level: 1 }));
    await visible(page.getByTestId(`payment-row-${bookingId}`));
    await screenshot(page, 'payments-agent-en');
    await context.close();

    // Another agent does not see it.
    const other = await freshPage(browser);
    await logIn(other.page, 'agent-contracted@example.com');
    await other.page.goto(`/payments?booking_id=${bookingId}`);
    await visible(other.page.getByRole('heading', { name: 'お支払い', level: 1 }));
    await visible(other.page.getByText('該当するデータはありません'));
    await other.context.close();
  });
});
