/**
 * The dashboards (issue 19): the operator's dashboard counts a new request and its tile opens the
 * booking list filtered to exactly those requests; "mark all read" clears the sidebar's unread
 * badge; station staff see today's trains with their groups, headcounts and wheelchairs.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, sidebar, visible } from './support/actions.ts';
import { apiAs } from './support/api.ts';
import { dayWithRoom } from './support/agent-request.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

const STAFF = 'staff@example.com';
const STATION = 'station@example.com';
const AGENT = 'agent-free@example.com';

type Summary = { today: string; counts: Record<string, number> };
type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number; bookable: boolean }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type MeAnswer = { user: { agent_id: number | null } };

async function request(day: string, name: string, adults: number, children: number, wheelchairs: { need_slope: boolean }[]) {
  const { units } = await apiAs<UnitsAnswer>(AGENT, 'GET', '/v1/units');
  const unit = (fare: string) => units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === fare)!.id;
  const me = await apiAs<MeAnswer>(AGENT, 'GET', '/v1/auth/me');
  const trains = await apiAs<DayAnswer>(STAFF, 'GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`);
  const train = trains.services.find((s) => s.direction === 'down' && s.bookable && s.vacant_seats > adults + children + 5)!;
  expect(train, `a down train with room on ${day}`).toBeDefined();
  return {
    applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: unit('ADULT'), quantity: adults }, ...(children ? [{ unit_id: unit('CHILD'), quantity: children }] : [])], wheel_chairs: wheelchairs },
    agent_id: me.user.agent_id,
  };
}

test.describe('dashboards', () => {
  test("the operator's dashboard counts a new request and its tile opens the filtered list (ja and en)", async () => {
    const before = await apiAs<Summary>(STAFF, 'GET', '/v1/dashboard/summary');
    const body = await request(await dayWithRoom(27), '嵐山もみじ会', 18, 4, []);
    const submitted = await apiAs<{ booking_id: string }>(AGENT, 'POST', '/v1/bookings', body);

    const { page, context } = await freshPage(browser, 1400, 1000);
    await logIn(page, STAFF);
    const tile = page.getByTestId('dashboard-count-new_requests');
    await visible(tile);
    const value = page.getByTestId('dashboard-count-new_requests-value');
    await visible(value);
    expect(Number(await value.innerText())).toBe(before.counts.new_requests! + 1);
    await visible(page.getByText('新規申込（未回答）'));
    await visible(page.getByTestId('dashboard-departures'));
    await screenshot(page, 'dashboard-operator-ja');

    const count = Number(await value.innerText());
    await tile.click();
    await page.waitForURL('**/bookings?**');
    // The requests to answer: trains from today on, the nearest first; as many as the tile counted.
    const url = new URL(page.url());
    expect(url.searchParams.get('status')).toBe('SUBMITTED');
    expect(url.searchParams.get('service_from')).toBe(before.today);
    expect(url.searchParams.get('sort')).toBe('service_date');
    expect(url.searchParams.get('order')).toBe('asc');
    await visible(page.getByText(new RegExp(`全 ${count} 件中`)));
    const firstDates = await page.locator('tr[data-testid^="booking-row-"]').evaluateAll((rows) =>
      rows.map((row) => row.querySelector('[data-service-date]')!.getAttribute('data-service-date')!),
    );
    expect(firstDates.length).toBeGreaterThan(0);
    expect(firstDates.every((d) => d >= before.today)).toBe(true);
    expect([...firstDates].sort()).toEqual(firstDates);
    await screenshot(page, 'dashboard-new-requests-list-ja');
    // The new request is one of them (its train may be past the first page): the same filters, narrowed to it.
    await page.goto(`${url.pathname}${url.search}&booking_id=${submitted.booking_id}`);
    await visible(page.getByTestId(`booking-row-${submitted.booking_id}`));
    await visible(page.getByText(/全 1 件中/));
    await page.goto(`${url.pathname}${url.search}&lang=en`);
    await visible(page.getByText(new RegExp(`of ${count}$`)));
    await screenshot(page, 'dashboard-new-requests-list-en');

    await page.goto('/dashboard?lang=en');
    await visible(page.getByText('What needs action today'));
    await visible(page.getByText('New requests'));
    await screenshot(page, 'dashboard-operator-en');
    await context.close();
  });

  test('mark all read clears the unread badge of the notifications entry', async () => {
    const { page, context } = await freshPage(browser, 1400, 1000);
    await logIn(page, STAFF);
    // The request above told the back office (BOOKING_RECEIVED): its inbox has unread notifications.
    const badge = sidebar(page).getByTestId('unread-badge');
    await visible(badge);
    await sidebar(page).getByRole('link', { name: /通知/ }).click();
    await page.waitForURL('**/notifications');
    await visible(page.locator('tr[data-unread="true"]'));
    await visible(page.getByText('未読', { exact: true }));
    await screenshot(page, 'notifications-unread-ja');
    await page.getByRole('button', { name: 'すべて既読にする' }).click();
    await badge.first().waitFor({ state: 'detached', timeout: 10_000 });
    // The list refreshes too: no row stands out any more.
    await page.waitForFunction(() => !document.querySelector('tr[data-unread="true"]'));
    expect((await apiAs<{ total: number }>(STAFF, 'GET', '/v1/notifications/unread-count')).total).toBe(0);
    await page.goto('/notifications?lang=en');
    await visible(page.getByRole('button', { name: 'Mark all read' }));
    await visible(page.getByRole('cell', { name: 'Read', exact: true }));
    await screenshot(page, 'notifications-read-en');
    await context.close();
  });

  test("station staff see today's trains with each group's headcount and wheelchairs (ja and en)", async () => {
    const { today } = await apiAs<Summary>(STAFF, 'GET', '/v1/dashboard/summary');
    const trains = await apiAs<DayAnswer>(STAFF, 'GET', `/v1/allotments/${today}?from_station_id=1&to_station_id=4`);
    if (!trains.services.some((s) => s.direction === 'down' && s.bookable)) {
      // A day the line does not run (a Wednesday out of season, the winter pause): the board says so.
      const { page, context } = await freshPage(browser, 1400, 1000);
      await logIn(page, STATION);
      const board = page.getByTestId('station-departures');
      await visible(board.getByText(today, { exact: false }));
      await visible(board.getByText('この日に乗車する団体はありません'));
      await page.goto('/dashboard?lang=en');
      await visible(page.getByText('No groups travel on this day'));
      await context.close();
      return;
    }
    const booking = await apiAs<{ booking_id: string }>(STAFF, 'POST', '/v1/bookings', await request(today, '渡月橋ウォーキングの会', 21, 3, [{ need_slope: true }]));
    await apiAs(STAFF, 'POST', `/v1/bookings/${booking.booking_id}/reserve_allotments`, {});
    await apiAs(STAFF, 'POST', `/v1/bookings/${booking.booking_id}/confirm_booking`, { mail: { subject: 's', body: 'b' } });
    // Seats given: station staff may then have the group's seat table.
    await apiAs(STAFF, 'POST', `/v1/bookings/${booking.booking_id}/assign_seats`, {});
    await apiAs(STAFF, 'POST', `/v1/bookings/${booking.booking_id}/assign_seats_ok`, {});

    const { page, context } = await freshPage(browser, 1400, 1000);
    await logIn(page, STATION);
    const board = page.getByTestId('station-departures');
    await visible(board);
    await visible(board.getByText(today, { exact: false }));
    const row = board.locator(`tr[data-booking-id="${booking.booking_id}"]`);
    await visible(row);
    const cells = await row.locator('td').allInnerTexts();
    expect(cells.map((c) => c.trim())).toEqual(expect.arrayContaining(['21', '3', '24']));
    expect(cells.join(' ')).toContain('車いす 1');
    const seatTable = row.getByRole('link', { name: /座席表 PDF/ });
    await visible(seatTable);
    const pdf = await page.request.get((await seatTable.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    // Station staff keep their two entries: the dashboard and bookings.
    expect((await sidebar(page).getByRole('link').allInnerTexts()).length).toBe(2);
    await screenshot(page, 'dashboard-station-ja');

    await board.getByText('明日').click();
    await visible(board.getByText(/の運行/));
    await page.waitForFunction((id) => !document.querySelector(`tr[data-booking-id="${id}"]`), booking.booking_id);

    await page.goto('/dashboard?lang=en');
    await visible(page.getByText('Departures and their groups'));
    await visible(page.locator(`tr[data-booking-id="${booking.booking_id}"]`));
    await screenshot(page, 'dashboard-station-en');
    await context.close();
  });

  test("agents keep their portal's home (screenshots ja and en)", async () => {
    const { page, context } = await freshPage(browser, 1400, 1000);
    await logIn(page, AGENT);
    await visible(page.getByTestId('portal-workplace'));
    expect(await page.getByTestId('dashboard-departures').count()).toBe(0);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'dashboard-agent-ja');
    await page.goto('/dashboard?lang=en');
    await visible(page.getByTestId('portal-workplace'));
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'dashboard-agent-en');
    await context.close();
  });
});
