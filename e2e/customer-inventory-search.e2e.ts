/**
 * The group searches inventory with its link (spec 000 §1): on its own page, without signing in,
 * "other trains' seats" lists the trains of its booking's day on its route with their level and
 * free group seats, its own train marked, whether the whole group would fit; on a phone, in
 * Japanese and English. The calls carry the booking's number and token only (no session).
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { visible } from './support/actions.ts';
import { apiSession } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { demoDate } from './support/demo-days.ts';

// The tests of this file follow one another: each starts from what the one before left.
test.describe.configure({ mode: 'serial' });

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season that no other journey uses.
const DAY = demoDate('2027-11-04');
const STAFF = 'staff@example.com';
const AGENT = 'agent-free@example.com';

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number; service_names: { language_id: string; text: string }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

test.describe("the group's page: other trains' seats", () => {
  let link = '';
  let booked: DayAnswer['services'][number];
  let others: DayAnswer['services'];

  test('a confirmed booking of 14 on a down train', async () => {
    const staff = await apiSession(STAFF);
    const agent = await apiSession(AGENT);
    const day = await staff<DayAnswer>('GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const down = day.services.filter((s) => s.direction === 'down' && s.vacant_seats > 20);
    expect(down.length).toBeGreaterThan(2);
    booked = down[1]!;
    others = day.services.filter((s) => s.direction === 'down' && s.service_id !== booked.service_id);
    const { units } = await agent<UnitsAnswer>('GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const me = await agent<{ user: { agent_id: number } }>('GET', '/v1/auth/me');
    const { booking_id } = await agent<{ booking_id: string }>('POST', '/v1/bookings', {
      applicant: { name: '山田 太郎', email: 'desk.e2e-inventory@example.com', phone_number: '075-200-1001' },
      group: { group_type: 'NORMAL', name: '嵐山ウォーキングの会', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: booked.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 14 }], wheel_chairs: [] },
      agent_id: me.user.agent_id,
    });
    await staff('POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
    await staff('POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 's', body: 'b' } });
    const { booking_token } = await staff<{ booking_token: string }>('GET', `/v1/bookings/${booking_id}`);
    link = `/customer/bookings/${booking_id}?token=${encodeURIComponent(booking_token)}`;
  });

  test('in Japanese on a phone: searches and sees the day\'s trains on its route, its own marked', async () => {
    const { context, page } = await freshPage(browser, 390, 844);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('search-inventory')) calls.push(`${r.method()} ${r.url()} ${r.headers().authorization ?? 'no-authorization'}`);
    });
    await page.goto(link);
    const section = page.getByRole('region', { name: '他の列車の空席' });
    await visible(section);
    await section.getByRole('button', { name: '空席を調べる' }).click();
    const own = page.getByTestId(`other-train-${booked.service_id}`);
    await visible(own);
    await visible(own.getByText('ご予約の列車'));
    // Every other down train of the day is listed, with its level and free group seats.
    for (const other of others) {
      const row = page.getByTestId(`other-train-${other.service_id}`);
      await visible(row);
      expect(await row.innerText()).toMatch(/空席あり|残席わずか|満席|発売していません/);
    }
    const fitting = others.find((o) => o.vacant_seats >= 14)!;
    const row = page.getByTestId(`other-train-${fitting.service_id}`);
    await visible(row.getByText(`団体席の空き ${fitting.vacant_seats}席`));
    await visible(row.getByText('ご一行（14名）でご乗車いただける空きがあります'));
    await visible(row.getByText(fitting.service_names.find((l) => l.language_id === 'ja')!.text, { exact: true }));
    // No up train: the booking rides down only.
    expect(await page.locator('[data-testid^="other-train-"]').count()).toBe(others.length + 1);
    await visible(section.getByText('列車の変更をご希望の場合は、お申込みの旅行会社にご連絡ください。', { exact: false }));
    // The page asked with the link alone: no session, no cookie.
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call).toMatch(/^POST \S+\/v1\/search-inventory\?booking_id=\d+&token=\S+ no-authorization$/);
    // Fits the phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'customer-other-trains-ja');
    await context.close();
  });

  test('in English: the same list in English words', async () => {
    const { context, page } = await freshPage(browser, 390, 844);
    await page.goto(`${link}&lang=en`);
    const section = page.getByRole('region', { name: 'Seats on other trains' });
    await visible(section);
    await section.getByRole('button', { name: 'Check available seats' }).click();
    await visible(page.getByTestId(`other-train-${booked.service_id}`).getByText('Your train'));
    const fitting = others.find((o) => o.vacant_seats >= 14)!;
    await visible(page.getByTestId(`other-train-${fitting.service_id}`).getByText('Room for your whole group (14 people)'));
    await visible(page.getByTestId(`other-train-${fitting.service_id}`).getByText(`${fitting.vacant_seats} group seats free`));
    await section.getByRole('button', { name: 'Refresh availability' }).click();
    await visible(page.getByTestId(`other-train-${booked.service_id}`));
    await screenshot(page, 'customer-other-trains-en');
    await context.close();
  });
});
