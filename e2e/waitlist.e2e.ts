/**
 * Waitlist promotion seen on the screens (issue 18): a waitlisted group given its seats after a
 * refusal freed the train shows 「枠確保済」 on its detail, and the agent's notifications list
 * 「キャンセル待ちの予約に席を確保しました」.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { apiAs } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season no other journey uses.
const DAY = demoDate('2027-10-07');
const STAFF = 'staff@example.com';
const AGENT = 'agent-free@example.com';

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type MeAnswer = { user: { agent_id: number | null } };
type BookingAnswer = { status: string; sub_status: string };
const mail = { mail: { subject: 's', body: 'b' } };

test.describe('waitlist promotion', () => {
  test('the promoted booking shows its allotment held and the agent is notified (ja and en)', async () => {
    const { units } = await apiAs<UnitsAnswer>(AGENT, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const me = await apiAs<MeAnswer>(AGENT, 'GET', '/v1/auth/me');
    const day = await apiAs<DayAnswer>(STAFF, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats > 20)!;
    expect(train).toBeDefined();
    const request = (name: string, adults: number, waitListing: boolean) => ({
      applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
      group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: adults }], wheel_chairs: [] },
      agent_id: me.user.agent_id,
      wait_listing: waitListing,
    });
    // A group takes every seat left but 5; a group of 12 then waits.
    const big = await apiAs<{ booking_id: string }>(AGENT, 'POST', '/v1/bookings', request('嵯峨野ウォーキング協会', train.vacant_seats - 5, false));
    await apiAs(STAFF, 'POST', `/v1/bookings/${big.booking_id}/reserve_allotments`, {});
    const waiting = await apiAs<{ booking_id: string }>(AGENT, 'POST', '/v1/bookings', request('竹林の小径を歩く会', 12, true));
    expect((await apiAs<BookingAnswer>(STAFF, 'GET', `/v1/bookings/${waiting.booking_id}`)).status).toBe('WAITLIST');
    // The operator refuses the big group: the waitlisted one is given its seats by the job.
    await apiAs(STAFF, 'POST', `/v1/bookings/${big.booking_id}/refuse_booking`, { reason: 'OTHER', ...mail });
    let promoted: BookingAnswer | undefined;
    for (let i = 0; i < 60 && promoted?.sub_status !== 'SAGANO_ALLOTMENT_CONFIRMED'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      promoted = await apiAs<BookingAnswer>(STAFF, 'GET', `/v1/bookings/${waiting.booking_id}`);
    }
    // Not promoted: say what the train had then (seats free means the job did not come; a CI run
    // of 2026-12-03 met this once, twice in a row on one server, and it did not come back since).
    const trainNow = promoted?.sub_status === 'SAGANO_ALLOTMENT_CONFIRMED' ? undefined : (await apiAs<DayAnswer>(STAFF, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`)).services.find((s) => s.service_id === train.service_id);
    expect(promoted, `the train before: ${train.vacant_seats} seats free; now: ${JSON.stringify(trainNow)}`).toMatchObject({ status: 'WAITLIST', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' });

    const staff = await freshPage(browser, 1400, 1000);
    await logIn(staff.page, STAFF);
    await staff.page.goto(`/bookings/${waiting.booking_id}`);
    await visible(staff.page.getByText('枠確保済'));
    await visible(staff.page.getByText('キャンセル待ち'));
    await screenshot(staff.page, 'waitlist-promoted-detail-ja');
    await staff.page.goto(`/bookings/${waiting.booking_id}?lang=en`);
    await visible(staff.page.getByText('Allotment held'));
    await screenshot(staff.page, 'waitlist-promoted-detail-en');
    await staff.context.close();

    const agent = await freshPage(browser, 1400, 1000);
    await logIn(agent.page, AGENT);
    await agent.page.goto('/notifications');
    await visible(agent.page.getByText('キャンセル待ちの予約に席を確保しました'));
    await screenshot(agent.page, 'waitlist-promoted-notifications-ja');
    await agent.page.goto('/notifications?lang=en');
    await visible(agent.page.getByText('Waitlisted booking given its seats'));
    await screenshot(agent.page, 'waitlist-promoted-notifications-en');
    await agent.context.close();
  });
});
