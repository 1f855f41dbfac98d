/**
 * The group's own page says what happened to the booking in every language it is offered in (ja,
 * en, zh-hans, zh-hant, ko): cancelled (no seats, no documents to come, no invoice), refused
 * because the train was suspended (with that reason), waitlisted, seated. The language comes from
 * ?lang=, the browser's language or the page's switch; <html lang> follows it; axe passes.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, freshPage, screenshot } from './support/browser.ts';
import { visible } from './support/actions.ts';
import { apiAs } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// Thursdays of the demo season that no other journey uses.
const DAY = demoDate('2027-10-21');
const SUSPENSION_DAY = demoDate('2027-10-28');
const STAFF = 'staff@example.com';
const AGENT = 'agent-free@example.com';
const mail = { mail: { subject: 's', body: 'b' } };

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type MeAnswer = { user: { agent_id: number | null } };
type BookingAnswer = { status: string; booking_token: string; refusal_reason: string | null };

async function downTrains(day: string) {
  const answer = await apiAs<DayAnswer>(STAFF, 'GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`);
  return answer.services.filter((s) => s.direction === 'down' && s.vacant_seats > 20);
}

async function submit(day: string, serviceId: number, adults: number, name: string, waitListing = false): Promise<string> {
  const { units } = await apiAs<UnitsAnswer>(AGENT, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await apiAs<MeAnswer>(AGENT, 'GET', '/v1/auth/me');
  const { booking_id } = await apiAs<{ booking_id: string }>(AGENT, 'POST', '/v1/bookings', {
    applicant: { name: '王 小明', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: serviceId, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: adults }], wheel_chairs: [] },
    agent_id: me.user.agent_id,
    ...(waitListing ? { wait_listing: true } : {}),
  });
  return booking_id;
}

async function link(id: string): Promise<string> {
  const booking = await apiAs<BookingAnswer>(STAFF, 'GET', `/v1/bookings/${id}`);
  return `/customer/bookings/${id}?token=${encodeURIComponent(booking.booking_token)}`;
}

async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await visible(page.getByTestId('booking-state'));
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const stateOf = (page: Page) => page.getByTestId('booking-state');

test.describe("the group's page in every state and language", () => {
  const urls: Record<'cancelled' | 'suspended' | 'waitlisted' | 'seated', string> = { cancelled: '', suspended: '', waitlisted: '', seated: '' };

  test('makes a cancelled, a suspension-refused, a waitlisted and a seated booking', async () => {
    const [train, other] = await downTrains(DAY);
    expect(train).toBeDefined();
    expect(other).toBeDefined();

    const seated = await submit(DAY, train!.service_id, 10, '上海友好交流团');
    for (const step of ['reserve_allotments', 'confirm_booking', 'assign_seats', 'assign_seats_ok']) {
      await apiAs(STAFF, 'POST', `/v1/bookings/${seated}/${step}`, step === 'confirm_booking' ? mail : {});
    }
    urls.seated = await link(seated);

    const cancelled = await submit(DAY, train!.service_id, 9, '台北観光の会');
    await apiAs(STAFF, 'POST', `/v1/bookings/${cancelled}/reserve_allotments`, {});
    await apiAs(STAFF, 'POST', `/v1/bookings/${cancelled}/confirm_booking`, mail);
    await apiAs(AGENT, 'POST', `/v1/bookings/${cancelled}/cancel`, { agree_cancellation_policy: true });
    await apiAs(STAFF, 'POST', `/v1/bookings/${cancelled}/confirm_cancellation`, {});
    expect((await apiAs<BookingAnswer>(STAFF, 'GET', `/v1/bookings/${cancelled}`)).status).toBe('CANCELLED');
    urls.cancelled = await link(cancelled);

    // A group takes every seat of the other train but 5; a group of 12 then waits.
    const big = await submit(DAY, other!.service_id, other!.vacant_seats - 5, '釜山旅行クラブ');
    await apiAs(STAFF, 'POST', `/v1/bookings/${big}/reserve_allotments`, {});
    const waiting = await submit(DAY, other!.service_id, 12, '서울 여행 모임', true);
    expect((await apiAs<BookingAnswer>(STAFF, 'GET', `/v1/bookings/${waiting}`)).status).toBe('WAITLIST');
    urls.waitlisted = await link(waiting);

    // The operator suspends the train of a submitted booking: it is refused for that reason.
    const [suspendedTrain] = await downTrains(SUSPENSION_DAY);
    const refused = await submit(SUSPENSION_DAY, suspendedTrain!.service_id, 8, '香港鉄道ファンの会');
    await apiAs(STAFF, 'PUT', `/v1/services/${suspendedTrain!.service_id}/status`, { date: SUSPENSION_DAY, operation: 'suspended' });
    expect(await apiAs<BookingAnswer>(STAFF, 'GET', `/v1/bookings/${refused}`)).toMatchObject({ status: 'NOT_RESERVED', refusal_reason: 'SERVICE_SUSPENSION' });
    urls.suspended = await link(refused);
  });

  test('in Japanese: each state says what happened and promises nothing that will not come', async () => {
    const { context, page } = await freshPage(browser, 1200, 900);
    await open(page, urls.cancelled);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await visible(stateOf(page).getByText('このご予約は取り消されました'));
    await visible(stateOf(page).getByText(/取消日：\d{4}年\d{1,2}月\d{1,2}日/));
    await visible(page.getByText('このご予約に座席はありません。'));
    await visible(page.getByText('このご予約にバウチャーはありません。'));
    expect(await page.getByText('座席は決まり次第こちらに表示されます。').count()).toBe(0);
    expect(await page.getByTestId('customer-invoice-link').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'customer-page-cancelled-ja');

    await open(page, urls.suspended);
    await visible(stateOf(page).getByText('列車の運休のため、ご予約をお受けできませんでした'));
    expect(await page.getByText('手続きが完了しだい', { exact: false }).count()).toBe(0);
    await visible(page.getByText('このご予約にバウチャーはありません。'));
    await expectAccessible(page);
    await screenshot(page, 'customer-page-suspended-ja');

    await open(page, urls.waitlisted);
    await visible(stateOf(page).getByText('キャンセル待ちでお受けしています'));
    await visible(page.getByText('バウチャーはご予約の確定後にお届けします。'));
    await expectAccessible(page);
    await screenshot(page, 'customer-page-waitlisted-ja');

    await open(page, urls.seated);
    await visible(stateOf(page).getByText('座席が決まりました'));
    await visible(page.getByText(/\d号車/).first());
    await expectAccessible(page);
    await screenshot(page, 'customer-page-seated-ja');
    await context.close();
  });

  test('in English and Simplified Chinese by ?lang=, with <html lang>', async () => {
    const { context, page } = await freshPage(browser, 1200, 900);
    await open(page, `${urls.cancelled}&lang=en`);
    await visible(stateOf(page).getByText('This booking has been cancelled'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expectAccessible(page);
    await screenshot(page, 'customer-page-cancelled-en');

    await open(page, `${urls.suspended}&lang=zh-hans`);
    await visible(stateOf(page).getByText('由于列车停运，未能接受此预订'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hans');
    await expectAccessible(page);
    await screenshot(page, 'customer-page-suspended-zh-hans');
    // The choice is remembered: the next page opens in it without ?lang=.
    await open(page, urls.waitlisted);
    await visible(stateOf(page).getByText('您的预订正在候补中'));
    await expectAccessible(page);
    await screenshot(page, 'customer-page-waitlisted-zh-hans');
    await context.close();
  });

  test("in Korean by the browser's language, switched on the page to traditional Chinese", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, locale: 'ko-KR', timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await open(page, urls.seated);
    await visible(stateOf(page).getByText('좌석이 배정되었습니다'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await visible(page.getByText(/\d호차/).first());
    await expectAccessible(page);
    await screenshot(page, 'customer-page-seated-ko');

    await open(page, urls.cancelled);
    await visible(stateOf(page).getByText('이 예약은 취소되었습니다'));
    await expectAccessible(page);
    await screenshot(page, 'customer-page-cancelled-ko');

    await page.getByTestId('customer-language').selectOption('zh-hant');
    await visible(stateOf(page).getByText('此預約已取消'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
    await expectAccessible(page);
    await context.close();
  });
});
