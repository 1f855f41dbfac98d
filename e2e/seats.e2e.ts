import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api, apiAs } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-06-17');

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type SeatsAnswer = { directions: { assigned_seat_ids: string[]; cars: { seats: { seat_id: string; logical_car_id: number; mine: boolean; is_wheelchair: boolean }[] }[] }[] };
type MailsAnswer = { mails: { kind: string; body_text: string; booking_id: string | null }[] };

/** A group booked, held and confirmed through the API (the booking screens have their own journey). */
async function confirmedGroup(page: Page, serviceId: number, adults: number, wheelchairs: { need_slope: boolean }[], email: string, name: string): Promise<string> {
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const agent = agents[1] ?? agents[0]!;
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '嵯峨 花子', email, phone_number: '075-000-2222' },
    tour_conductor: { name: '添乗 次郎', phone_number: '090-0000-2222' },
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: serviceId, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: adults + wheelchairs.length }], wheel_chairs: wheelchairs },
    agent_id: agent.id,
    agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
  });
  await api(page, 'POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await api(page, 'POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  return booking_id;
}

/** Waits until a mail-step dialog's template has been filled in. */
async function templateLoaded(page: Page) {
  await page.waitForFunction(() => (document.querySelector('[role="dialog"] textarea') as HTMLTextAreaElement | null)?.value.length);
}

test.describe('seats, seat table and voucher', () => {
  test('staff seat a 23-person group with a wheelchair together, send the seat table and the voucher; the group opens its link and sees its seats', async () => {
    const { context, page } = await freshPage(browser, 1600, 1000);
    await logIn(page, 'staff@example.com');
    const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const trains = day.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 40);
    expect(trains.length).toBeGreaterThan(1);
    const id = await confirmedGroup(page, trains[0]!.service_id, 22, [{ need_slope: true }], 'seats.e2e@example.com', '京都市立嵯峨小学校 6年');

    // Assign seats from the booking: automatically, then look at the map.
    await page.goto(`/bookings/${id}`);
    await page.getByRole('link', { name: '座席を割り当てる' }).click();
    await page.waitForURL(`**/bookings/${id}/assign-seats`);
    await page.getByRole('button', { name: '全列車を自動割当' }).click();
    await visible(page.getByTestId('assigned-down').getByText('23 / 23席'));
    await visible(page.getByTestId('booking-status').getByText('座席割当中'));
    const mineOnMap = page.locator('[aria-label*="この予約の席"]');
    expect(await mineOnMap.count()).toBe(23);
    // Together: the 22 seated participants in one car, in six boxes at most; the wheelchair place beside them.
    const seats = await api<SeatsAnswer>(page, 'GET', `/v1/bookings/${id}/seats`);
    const mine = seats.directions[0]!.cars.flatMap((c) => c.seats).filter((s) => s.mine);
    expect(new Set(mine.filter((s) => !s.is_wheelchair).map((s) => s.logical_car_id)).size).toBe(1);
    expect(mine.filter((s) => s.is_wheelchair)).toHaveLength(1);
    await screenshot(page, 'assign-seats-ja');

    await page.getByRole('button', { name: '座席指定OK' }).click();
    await visible(page.getByTestId('booking-status').getByText('座席確保済'));

    // The seat table, mailed with its PDF.
    await page.getByRole('link', { name: '座席表へ' }).click();
    await page.waitForURL(`**/bookings/${id}/ensure-seats`);
    await visible(page.getByTestId('sheet-down'));
    await screenshot(page, 'ensure-seats-ja');
    await page.getByRole('button', { name: '座席表をメールで送信' }).click();
    await templateLoaded(page);
    await page.getByRole('dialog').getByRole('button', { name: '座席表を送信' }).click();
    await visible(page.getByTestId('booking-status').getByText('座席表送付済'));

    // The voucher: confirmed with a note, then mailed.
    await page.goto(`/bookings/${id}`);
    await page.getByRole('button', { name: 'バウチャーを送る' }).click();
    await page.getByRole('dialog').getByLabel('バウチャー記載事項').fill('発車の20分前までにトロッコ嵯峨駅の改札前へお集まりください。');
    // A prepaid (card or coupon) agent's unpaid fare: the voucher goes with the operator's reason (stale-documents journeys cover the wait).
    if ((await page.getByRole('dialog').getByTestId('voucher-awaits-payment').count()) > 0) await page.getByRole('dialog').getByLabel('入金前に送る理由').fill('当日精算の約束あり');
    await page.getByRole('dialog').getByRole('button', { name: '確定して次へ' }).click();
    // The note dialog gives way to the mail with its PDF; sending waits for the template.
    await visible(page.getByRole('dialog').getByRole('link', { name: 'バウチャー（PDF）' }));
    await page.getByRole('dialog').getByRole('button', { name: 'バウチャーを送信' }).click();
    await visible(page.getByText('バウチャーをメールで送信しました'));

    // The group opens the link from the voucher mail (read from the outbox by an administrator), without logging in.
    const admin = await freshPage(browser);
    await logIn(admin.page, 'admin@example.com');
    const outbox = async () => (await api<MailsAnswer>(admin.page, 'GET', '/v1/outbox-mails?to_address=seats.e2e@example.com&per_page=50')).mails;
    // Each document's PDF is laid out by a job once the step has committed (ADR 035): its mail reaches the outbox moments after the toast.
    await expect
      .poll(async () => (await outbox()).filter((m) => m.booking_id === id).map((m) => m.kind), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(['booking.seat_table', 'booking.voucher']));
    const mails = await outbox();
    await admin.context.close();
    const voucherMail = mails.find((m) => m.booking_id === id && m.kind === 'booking.voucher')!;
    const link = /https?:\/\/\S+\/customer\/bookings\/\d{8}\?token=\S+/.exec(voucherMail.body_text)?.[0];
    expect(link).toBeTruthy();
    const group = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    const phone = await group.newPage();
    await phone.goto(link!);
    await visible(phone.getByText('京都市立嵯峨小学校 6年'));
    await visible(phone.getByText(id).first());
    await visible(phone.getByRole('link', { name: 'バウチャーをダウンロード（PDF）' }).or(phone.getByRole('button', { name: 'バウチャーをダウンロード（PDF）' })));
    const shown = await phone.locator('body').innerText();
    const seatLabels = new Set(mine.map((s) => s.seat_id.split('-')[1]!));
    for (const label of seatLabels) expect(shown).toContain(label);
    // The seat change comes after the booking has painted (its code is loaded then).
    await visible(phone.getByRole('heading', { name: '座席の変更' }));
    await screenshot(phone, 'customer-booking-ja');
    await phone.goto(`${link!}&lang=en`);
    await visible(phone.getByText('Kyoto', { exact: false }).or(phone.getByText(id)).first());
    await visible(phone.getByRole('heading', { name: 'Change seats' }));
    await screenshot(phone, 'customer-booking-en');
    await group.close();

    // A wrong token shows nothing of the booking.
    const stranger = await browser.newContext({ locale: 'ja-JP' });
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(link!.replace(/token=\S+/, 'token=wrong'));
    await visible(strangerPage.getByText('予約が見つかりません。リンクをご確認ください。'));
    expect(await strangerPage.locator('body').innerText()).not.toContain('嵯峨小学校');
    await stranger.close();
    await context.close();
  });

  test('a full train looks like a train on the assign-seats screen', async () => {
    const { context, page } = await freshPage(browser, 1600, 1000);
    await logIn(page, 'staff@example.com');
    const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = day.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 40).at(-1)!;
    // Two groups take every group seat of the train.
    const half = Math.floor(train.vacant_seats / 2);
    const first = await confirmedGroup(page, train.service_id, half, [], 'full1.e2e@example.com', '満席テスト 第一団体');
    await api(page, 'POST', `/v1/bookings/${first}/assign_seats`, {});
    const second = await confirmedGroup(page, train.service_id, train.vacant_seats - half, [], 'full2.e2e@example.com', '満席テスト 第二団体');
    await page.goto(`/bookings/${second}/assign-seats`);
    await page.getByRole('button', { name: '全列車を自動割当' }).click();
    await visible(page.getByTestId('assigned-down').getByText(`${train.vacant_seats - half} / ${train.vacant_seats - half}席`));
    const after = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    expect(after.services.find((s) => s.service_id === train.service_id)!.vacant_seats).toBe(0);
    await screenshot(page, 'assign-seats-full-train-ja');
    await page.goto(`/bookings/${second}/assign-seats?lang=en`);
    await visible(page.getByRole('button', { name: /automatically/i }).first());
    await screenshot(page, 'assign-seats-full-train-en');
    await context.close();
  });
  test('a seat step on a booking someone changed since the screen read it is refused, and works once the screen shows the change', async () => {
    const { context, page } = await freshPage(browser, 1600, 1000);
    // This tab's live-update stream is cut (as on a dropped connection), so the screen does not hear of the change by itself.
    await page.route('**/v1/events*', (route) => route.abort());
    await logIn(page, 'staff@example.com');
    const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats >= 15)!;
    const id = await confirmedGroup(page, train.service_id, 10, [], 'stale.e2e@example.com', '更新競合テスト団体');
    await page.goto(`/bookings/${id}/assign-seats`);
    await visible(page.getByRole('button', { name: '全列車を自動割当' }));

    // Meanwhile an administrator changes the booking's priority.
    await apiAs('admin@example.com', 'POST', `/v1/bookings/${id}/select_priority`, { priority: 60 });
    await page.getByRole('button', { name: '全列車を自動割当' }).click();
    await visible(page.getByText('この予約は他の方が先に更新したため、操作は行われませんでした。').first());
    const untouched = await api<SeatsAnswer>(page, 'GET', `/v1/bookings/${id}/seats`);
    expect(untouched.directions[0]!.assigned_seat_ids).toEqual([]);

    // The screen has read the booking again: the same step now goes through.
    await page.getByRole('button', { name: '全列車を自動割当' }).click();
    await visible(page.getByTestId('assigned-down').getByText('10 / 10席'));
    await page.getByRole('button', { name: '座席指定OK' }).click();
    await visible(page.getByTestId('booking-status').getByText('座席確保済'));
    await context.close();
  });
});
