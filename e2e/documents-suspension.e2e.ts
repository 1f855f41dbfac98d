import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// Thursdays of the demo season that no other journey uses.
const DOCUMENTS_DAY = demoDate('2027-07-22');
const SUSPENSION_DAY = demoDate('2027-07-29');
const CALENDAR_DAY = demoDate('2027-08-05');
const CALENDAR_DAY_EN = demoDate('2027-08-12');

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number; service_names: { language_id: string; text: string }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type MeAnswer = { user: { agent_id: number | null } };
const mail = { mail: { subject: 's', body: 'b' } };

/** A booking for the signed-in account's agent (agent staff) or for `agentId` (staff) on one down train. */
async function submit(page: Page, day: string, serviceId: number, adults: number, name: string, agentId?: number): Promise<string> {
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await api<MeAnswer>(page, 'GET', '/v1/auth/me');
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: serviceId, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: adults }], wheel_chairs: [] },
    agent_id: agentId ?? me.user.agent_id,
  });
  return booking_id;
}

async function downTrains(page: Page, day: string) {
  const answer = await api<DayAnswer>(page, 'GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`);
  return answer.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 20);
}

/** Clicks a download button and answers the file's bytes and suggested name. */
async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: button }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

test.describe('the voucher and seat table reach the agent and station staff', () => {
  test('the agent downloads the voucher and seat table from its booking page and sees the seats; station staff get the seat table; station staff on /bookings/create see the no-permission screen', async () => {
    const agent = await freshPage(browser, 1400, 1000);
    await logIn(agent.page, 'agent-free@example.com');
    const [train] = await downTrains(agent.page, DOCUMENTS_DAY);
    expect(train).toBeDefined();
    const id = await submit(agent.page, DOCUMENTS_DAY, train!.service_id, 8, '嵐山もみじ会');

    // Before the seats are confirmed, the page says when the documents come.
    await agent.page.goto(`/bookings/${id}`);
    await visible(agent.page.getByRole('heading', { name: 'バウチャー・座席表' }));
    await visible(agent.page.getByText('バウチャーと座席表は、座席が確定するとここからダウンロードできます。'));

    // Staff confirm, seat, send the seat table and confirm the voucher.
    const staff = await freshPage(browser);
    await logIn(staff.page, 'staff@example.com');
    await api(staff.page, 'POST', `/v1/bookings/${id}/reserve_allotments`, {});
    await api(staff.page, 'POST', `/v1/bookings/${id}/confirm_booking`, mail);
    await api(staff.page, 'POST', `/v1/bookings/${id}/assign_seats`, {});
    await api(staff.page, 'POST', `/v1/bookings/${id}/assign_seats_ok`, {});
    await api(staff.page, 'POST', `/v1/bookings/${id}/send_seat_table`, mail);
    await api(staff.page, 'POST', `/v1/bookings/${id}/confirm_voucher`, { note: '発車の20分前までにトロッコ嵯峨駅の改札前へお集まりください。' });
    await staff.context.close();

    await agent.page.reload();
    await visible(agent.page.getByRole('link', { name: 'バウチャーをダウンロード' }));
    await visible(agent.page.getByTestId('sheet-down'));
    const sheetText = await agent.page.getByTestId('sheet-down').innerText();
    expect(sheetText).toMatch(/\d号車/);
    const voucher = await download(agent.page, 'バウチャーをダウンロード');
    expect(voucher.name).toBe(`voucher-${id}.pdf`);
    expect(voucher.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const seatTable = await download(agent.page, '座席表をダウンロード');
    expect(seatTable.name).toBe(`seat-table-${id}.pdf`);
    expect(seatTable.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(agent.page, 'agent-booking-documents-ja');
    await agent.page.goto(`/bookings/${id}?lang=en`);
    await visible(agent.page.getByRole('link', { name: 'Download the voucher' }));
    await visible(agent.page.getByRole('link', { name: 'Download the seat table' }));
    await screenshot(agent.page, 'agent-booking-documents-en');
    await agent.context.close();

    // Station staff open the booking and get the seat table for the day.
    const station = await freshPage(browser, 1400, 1000);
    await logIn(station.page, 'station@example.com');
    await station.page.goto(`/bookings/${id}`);
    const stationSheet = await download(station.page, '座席表をダウンロード');
    expect(stationSheet.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await visible(station.page.getByTestId('sheet-down'));
    await screenshot(station.page, 'station-booking-documents-ja');

    // A screen the role may not use: the no-permission screen, and no error toast.
    let forbiddenCalls = 0;
    station.page.on('response', (res) => {
      if (res.status() === 403) forbiddenCalls++;
    });
    await station.page.goto('/bookings/create');
    await visible(station.page.getByText('このページを表示する権限がありません'));
    await station.page.waitForTimeout(500);
    expect(await station.page.locator('.mantine-Notification-root').count()).toBe(0);
    expect(forbiddenCalls).toBe(0);
    await screenshot(station.page, 'station-booking-create-forbidden-ja');
    await station.page.goto('/bookings/create?lang=en');
    await visible(station.page.getByText('You do not have permission to view this page'));
    await screenshot(station.page, 'station-booking-create-forbidden-en');
    await station.context.close();
  });
});

test.describe('the suspend dialog', () => {
  test('lists the bookings it will refuse before the operator confirms; confirming refuses them', async () => {
    const { context, page } = await freshPage(browser, 1500, 1000);
    await logIn(page, 'staff@example.com');
    const trains = await downTrains(page, SUSPENSION_DAY);
    expect(trains.length).toBeGreaterThan(1);
    const [train, other] = trains;
    const { agents } = await api<{ agents: { id: number }[] }>(page, 'GET', '/v1/agents?per_page=100');
    const confirmed = await submit(page, SUSPENSION_DAY, train!.service_id, 12, '運休テスト 確定済みの団体', agents[0]!.id);
    await api(page, 'POST', `/v1/bookings/${confirmed}/reserve_allotments`, {});
    await api(page, 'POST', `/v1/bookings/${confirmed}/confirm_booking`, mail);
    const request = await submit(page, SUSPENSION_DAY, train!.service_id, 8, '運休テスト 申込中の団体', agents[0]!.id);
    const onOther = await submit(page, SUSPENSION_DAY, other!.service_id, 8, '運休テスト 別の列車の団体', agents[0]!.id);

    await page.goto(`/suspended?date=${SUSPENSION_DAY}`);
    const name = train!.service_names.find((n) => n.language_id === 'ja')?.text ?? '';
    await page.getByRole('checkbox', { name: `${name} を選択` }).check();
    await page.getByRole('button', { name: '運休', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('次の2件の予約がお断り（運休）になります'));
    await visible(dialog.getByRole('link', { name: confirmed }));
    await visible(dialog.getByRole('link', { name: request }));
    expect(await dialog.getByRole('link', { name: onOther }).count()).toBe(0);
    expect(await dialog.innerText()).toContain('運休テスト 確定済みの団体');
    await screenshot(page, 'suspend-dialog-ja');
    await dialog.getByRole('button', { name: '運休にして2件をお断りする' }).click();
    await visible(page.getByText('（予約2件をお断りしました）', { exact: false }));

    for (const id of [confirmed, request]) {
      const b = await api<{ status: string; refusal_reason: string }>(page, 'GET', `/v1/bookings/${id}`);
      expect(b).toMatchObject({ status: 'NOT_RESERVED', refusal_reason: 'SERVICE_SUSPENSION' });
    }
    expect((await api<{ status: string }>(page, 'GET', `/v1/bookings/${onOther}`)).status).toBe('SUBMITTED');
    await page.goto(`/bookings/${confirmed}`);
    await visible(page.getByText('列車運休'));
    await screenshot(page, 'suspended-booking-ja');
    // In English: the dialog for the other train, closed without suspending.
    await page.goto(`/suspended?date=${SUSPENSION_DAY}&lang=en`);
    const otherName = other!.service_names.find((n) => n.language_id === 'en')?.text ?? '';
    await page.getByRole('checkbox', { name: `Select ${otherName}` }).check();
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialogEn = page.getByRole('dialog');
    await visible(dialogEn.getByRole('link', { name: onOther }));
    await screenshot(page, 'suspend-dialog-en');
    await dialogEn.getByRole('button', { name: 'Close', exact: true }).first().click();
    expect((await api<{ status: string }>(page, 'GET', `/v1/bookings/${onOther}`)).status).toBe('SUBMITTED');

    await context.close();
  });
});

test.describe('a calendar change that stops booked trains', () => {
  test('the request and the approval list the bookings; approving refuses them', async () => {
    // Three people and two languages: over 150 s on this machine since 2026-11-29 (see bookings.e2e.ts's first journey).
    test.setTimeout(300_000);
    const { context, page } = await freshPage(browser, 1500, 1000);
    await logIn(page, 'staff@example.com');
    const [train] = await downTrains(page, CALENDAR_DAY);
    const { agents } = await api<{ agents: { id: number }[] }>(page, 'GET', '/v1/agents?per_page=100');
    const booked = await submit(page, CALENDAR_DAY, train!.service_id, 10, '運休テスト 暦変更の団体', agents[0]!.id);
    await api(page, 'POST', `/v1/bookings/${booked}/reserve_allotments`, {});
    await api(page, 'POST', `/v1/bookings/${booked}/confirm_booking`, mail);

    // The day becomes 運休 on the pattern calendar: the answer lists the booking.
    await page.goto('/pattern-calendar');
    await page.getByLabel('表示月').selectOption(CALENDAR_DAY.slice(0, 7));
    await page.getByText('運休', { exact: true }).first().click();
    await page.getByRole('button', { name: `${CALENDAR_DAY} ${Number(CALENDAR_DAY.slice(8))} 通常運行` }).click();
    await page.getByRole('button', { name: '承認を申請' }).click();
    const sent = page.getByRole('dialog');
    await visible(sent.getByText('承認されると1件の予約がお断りになります'));
    await visible(sent.getByRole('link', { name: booked }));
    await screenshot(page, 'pattern-calendar-affected-ja');
    await sent.getByRole('button', { name: '閉じる' }).last().click();
    await context.close();

    // The approver sees it in the approve dialog, approves, and the booking is refused.
    const admin = await freshPage(browser, 1500, 1000);
    await logIn(admin.page, 'admin@example.com');
    await admin.page.goto('/approvals');
    const row = admin.page.getByRole('row').filter({ hasText: CALENDAR_DAY });
    await row.getByRole('button', { name: '承認' }).click();
    const dialog = admin.page.getByRole('dialog');
    await visible(dialog.getByText('この変更で1件の予約がお断りになります'));
    await visible(dialog.getByRole('link', { name: booked }));
    await screenshot(admin.page, 'approve-affected-ja');
    await dialog.getByRole('button', { name: '承認' }).click();
    let refused = '';
    for (let i = 0; i < 30 && refused !== 'NOT_RESERVED'; i++) {
      await admin.page.waitForTimeout(500);
      refused = (await api<{ status: string }>(admin.page, 'GET', `/v1/bookings/${booked}`)).status;
    }
    const b = await api<{ status: string; refusal_reason: string }>(admin.page, 'GET', `/v1/bookings/${booked}`);
    expect(b).toMatchObject({ status: 'NOT_RESERVED', refusal_reason: 'SERVICEDAY_SUSPENSION' });
    await admin.context.close();

    // In English: the request's answer and the approve dialog, then the request is rejected.
    const staffEn = await freshPage(browser, 1500, 1000);
    await logIn(staffEn.page, 'staff@example.com', 'en');
    const [trainEn] = await downTrains(staffEn.page, CALENDAR_DAY_EN);
    const bookedEn = await submit(staffEn.page, CALENDAR_DAY_EN, trainEn!.service_id, 8, 'Calendar test group', agents[0]!.id);
    await staffEn.page.goto('/pattern-calendar');
    await staffEn.page.getByLabel('Month').selectOption(CALENDAR_DAY_EN.slice(0, 7));
    await staffEn.page.getByText('Suspended', { exact: true }).first().click();
    await staffEn.page.getByRole('button', { name: `${CALENDAR_DAY_EN} ${Number(CALENDAR_DAY_EN.slice(8))} Ordinary` }).click();
    await staffEn.page.getByRole('button', { name: 'Request approval' }).click();
    await visible(staffEn.page.getByRole('dialog').getByRole('link', { name: bookedEn }));
    await screenshot(staffEn.page, 'pattern-calendar-affected-en');
    await staffEn.context.close();
    const adminEn = await freshPage(browser, 1500, 1000);
    await logIn(adminEn.page, 'admin@example.com', 'en');
    await adminEn.page.goto('/approvals');
    await adminEn.page.getByRole('row').filter({ hasText: CALENDAR_DAY_EN }).getByRole('button', { name: 'Approve' }).click();
    await visible(adminEn.page.getByRole('dialog').getByRole('link', { name: bookedEn }));
    await screenshot(adminEn.page, 'approve-affected-en');
    const { approvals } = await api<{ approvals: { approval_id: number; status: string; from_date: string | null }[] }>(adminEn.page, 'GET', '/v1/approvals?status=SUBMITTED&per_page=100');
    const pending = approvals.find((a) => a.from_date === CALENDAR_DAY_EN)!;
    await api(adminEn.page, 'PUT', `/v1/approvals/${pending.approval_id}/reject`, { reason: 'e2e' });
    expect((await api<{ status: string }>(adminEn.page, 'GET', `/v1/bookings/${bookedEn}`)).status).toBe('SUBMITTED');
    await adminEn.context.close();
  });
});
