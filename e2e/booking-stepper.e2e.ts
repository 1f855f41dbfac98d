import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible, type Lang } from './support/actions.ts';
import { api, apiAs } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season that no other journey books on.
const DAY = demoDate('2027-07-22');
const STAFF = 'staff@example.com';
const AGENT = 'agent-free@example.com';

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

const words = {
  ja: {
    progress: '予約の進み具合',
    next: '次の操作',
    steps: { allotment: '枠確保', confirmed: '確定', seats: '座席', seatTable: '座席表', voucher: 'バウチャー' },
    reserve: '枠を確保する',
    confirm: '予約を確定する',
    sendConfirm: '送信して確定',
    assign: '座席を割り当てる',
    autoAll: '全列車を自動割当',
    assigned: '座席を割り当てました',
    seatsOk: '座席指定OK',
    seated: '座席の割り当ては完了しています',
    seatTable: '座席表を送る',
    mailSeatTable: '座席表をメールで送信',
    sendSeatTable: '座席表を送信',
    voucher: 'バウチャーを送る',
    voucherNote: 'バウチャー記載事項',
    voucherNext: '確定して次へ',
    overrideReason: '入金前に送る理由',
    sendVoucher: 'バウチャーを送信',
    status: { held: '枠確保済', confirmed: '予約確定', assigning: '座席割当中', seated: '座席確保済', tableSent: '座席表送付済' },
    voucherSent: 'バウチャーをメールで送信しました',
  },
  en: {
    progress: 'Booking progress',
    next: 'Next step',
    steps: { allotment: 'Allotment', confirmed: 'Confirmed', seats: 'Seats', seatTable: 'Seat table', voucher: 'Voucher' },
    reserve: 'Hold the allotment',
    confirm: 'Confirm the booking',
    sendConfirm: 'Send and confirm',
    assign: 'Assign seats',
    autoAll: 'Assign all trains automatically',
    assigned: 'Seats assigned',
    seatsOk: 'Seats OK',
    seated: 'The seats are assigned',
    seatTable: 'Send the seat table',
    mailSeatTable: 'E-mail the seat table',
    sendSeatTable: 'Send the seat table',
    voucher: 'Send voucher',
    voucherNote: 'Voucher note',
    voucherNext: 'Confirm and continue',
    overrideReason: 'Reason for sending before payment',
    sendVoucher: 'Send the voucher',
    status: { held: 'Allotment held', confirmed: 'Confirmed', assigning: 'Assigning seats', seated: 'Seats reserved', tableSent: 'Seat table sent' },
    voucherSent: 'The voucher was e-mailed',
  },
} as const;

/** A new request from an agent's head office, made through the API (the form has its own journey). */
async function newRequest(page: Page, serviceId: number, name: string): Promise<string> {
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const agent = agents[0]!;
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '進捗 花子', email: 'stepper.e2e@example.com', phone_number: '075-000-3333' },
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: serviceId, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 12 }], wheel_chairs: [] },
    agent_id: agent.id,
    agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
  });
  return booking_id;
}

/**
 * The stepper's current step is `step` (null: every step done) and the "next step" group holds
 * exactly one action, the filled `primary` (a button or a link), or none.
 */
async function atStage(page: Page, lang: Lang, step: string | null, primary: { role: 'button' | 'link'; name: string } | null) {
  const w = words[lang];
  const progress = page.getByRole('list', { name: w.progress });
  if (step) {
    await visible(progress.locator('[aria-current="step"]').getByText(step, { exact: true }));
    expect(await progress.locator('[aria-current="step"]').count()).toBe(1);
  } else {
    await visible(page.getByTestId('all-done'));
    expect(await progress.locator('[aria-current="step"]').count()).toBe(0);
    expect(await progress.locator('li[data-state="done"]').count()).toBe(6);
  }
  const next = page.getByRole('group', { name: w.next });
  if (primary) {
    const action = next.getByRole(primary.role, { name: primary.name, exact: true });
    await visible(action);
    expect(await action.getAttribute('data-variant')).toBe('filled');
  }
  expect(await next.locator('a, button').count()).toBe(primary ? 1 : 0);
}

/** Waits until the open mail dialog's send button (named `label`) may be pressed: its template is in. */
async function sendReady(page: Page, label: string) {
  await page.waitForFunction(
    (name) => Array.from(document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')).some((b) => b.textContent?.trim() === name && !b.disabled),
    label,
  );
}

async function templateLoaded(page: Page) {
  await page.waitForFunction(() => (document.querySelector('[role="dialog"] textarea') as HTMLTextAreaElement | null)?.value.length);
}

/** The operator takes a new request from allotment to voucher on the detail, following its one filled button. */
async function walk(page: Page, lang: Lang, id: string) {
  const w = words[lang];
  const status = page.getByTestId('booking-status');
  await page.goto(`/bookings/${id}`);

  await atStage(page, lang, w.steps.allotment, { role: 'button', name: w.reserve });
  await screenshot(page, `booking-stepper-1-request-${lang}`);
  await page.getByRole('group', { name: w.next }).getByRole('button', { name: w.reserve }).click();
  await visible(status.getByText(w.status.held));

  await atStage(page, lang, w.steps.confirmed, { role: 'button', name: w.confirm });
  await page.getByRole('group', { name: w.next }).getByRole('button', { name: w.confirm }).click();
  await templateLoaded(page);
  await page.getByRole('dialog').getByRole('button', { name: w.sendConfirm }).click();
  await visible(status.getByText(w.status.confirmed));

  await atStage(page, lang, w.steps.seats, { role: 'link', name: w.assign });
  await screenshot(page, `booking-stepper-3-confirmed-${lang}`);
  await page.getByRole('group', { name: w.next }).getByRole('link', { name: w.assign }).click();
  await page.waitForURL(`**/bookings/${id}/assign-seats`);
  await page.getByRole('button', { name: w.autoAll }).click();
  // The assignment looks like a success: a green notice with a check, not a red banner.
  const success = page.getByTestId('seats-success');
  await visible(success.getByText(w.assigned, { exact: true }));
  await visible(status.getByText(w.status.assigning));
  expect(await success.locator('svg').count()).toBeGreaterThan(0);
  const colour = await success.evaluate((el) => getComputedStyle(el).backgroundColor);
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
  expect(g! > r! && g! >= b! - 10, `a green notice, not ${colour}`).toBe(true);
  await screenshot(page, `booking-stepper-4-seats-assigned-${lang}`);
  await page.getByRole('button', { name: w.seatsOk }).click();
  await visible(status.getByText(w.status.seated));
  await visible(success.getByText(w.seated, { exact: true }));

  await page.goto(`/bookings/${id}`);
  await atStage(page, lang, w.steps.seatTable, { role: 'link', name: w.seatTable });
  await page.getByRole('group', { name: w.next }).getByRole('link', { name: w.seatTable }).click();
  await page.waitForURL(`**/bookings/${id}/ensure-seats`);
  await page.getByRole('button', { name: w.mailSeatTable }).click();
  await templateLoaded(page);
  await page.getByRole('dialog').getByRole('button', { name: w.sendSeatTable }).click();
  await visible(status.getByText(w.status.tableSent));

  await page.goto(`/bookings/${id}`);
  await atStage(page, lang, w.steps.voucher, { role: 'button', name: w.voucher });
  await screenshot(page, `booking-stepper-5-seat-table-sent-${lang}`);
  await page.getByRole('group', { name: w.next }).getByRole('button', { name: w.voucher }).click();
  await page.getByRole('dialog').getByLabel(w.voucherNote).fill(lang === 'ja' ? '発車の20分前までに改札前へお集まりください。' : 'Meet at the gate 20 minutes before departure.');
  // A card booking's fare is not paid yet: the voucher waits for it, unless the operator gives a reason.
  await visible(page.getByRole('dialog').getByTestId('voucher-awaits-payment'));
  await page.getByRole('dialog').getByLabel(w.overrideReason).fill(lang === 'ja' ? '当日現地で精算の約束あり' : 'Agreed to settle on the day');
  await screenshot(page, `booking-stepper-6-voucher-note-${lang}`);
  await page.getByRole('dialog').getByRole('button', { name: w.voucherNext }).click();
  await sendReady(page, w.sendVoucher);
  await screenshot(page, `booking-stepper-7-voucher-mail-${lang}`);
  await page.getByRole('dialog').getByRole('button', { name: w.sendVoucher }).click();
  await visible(page.getByText(w.voucherSent));

  await atStage(page, lang, null, null);
  await screenshot(page, `booking-stepper-8-done-${lang}`);
}

test.describe('booking detail stepper', () => {
  for (const lang of ['ja', 'en'] as const) {
    test(`walks a new request through allotment, confirmation, seats, seat table and voucher, one filled button at a time (${lang})`, async () => {
      const { context, page } = await freshPage(browser, 1400, 1000);
      await logIn(page, 'staff@example.com', lang);
      const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
      const trains = day.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 30);
      const train = lang === 'ja' ? trains[0]! : trains.at(-1)!;
      const id = await newRequest(page, train.service_id, lang === 'ja' ? '進捗表示テスト団体' : 'Stepper test group');
      await walk(page, lang, id);

      // On a phone the steps stand in a column and stay readable.
      await page.setViewportSize({ width: 390, height: 844 });
      // Both boxes are read in one frame: read one by one, a scroll between the two reads moved them.
      const list = page.getByRole('list', { name: words[lang].progress });
      // The second box stands below the first: its top minus the first's is above zero.
      await expect.poll(() => list.evaluate((ol) => { const [first, second] = Array.from(ol.children).slice(0, 2).map((li) => li.getBoundingClientRect().top); return second! - first!; })).toBeGreaterThan(0);
      await screenshot(page, `booking-stepper-phone-${lang}`);
      await context.close();
    });
  }

  test('says plainly that a refused booking is refused, and gives agents no operator action', async () => {
    const { context, page } = await freshPage(browser, 1400, 1000);
    await logIn(page, 'staff@example.com');
    const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = day.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 30)[0]!;
    const id = await newRequest(page, train.service_id, 'お断り表示テスト団体');
    await api(page, 'POST', `/v1/bookings/${id}/refuse_booking`, { reason: 'OTHER', mail: { subject: 'お断り', body: 'お断りします' } });
    await page.goto(`/bookings/${id}`);
    await visible(page.getByTestId('booking-progress').getByText('お断り済み'));
    expect(await page.getByRole('list', { name: words.ja.progress }).count()).toBe(0);
    expect(await page.getByRole('group', { name: words.ja.next }).locator('a, button').count()).toBe(0);
    await screenshot(page, 'booking-stepper-refused-ja');
    await context.close();

    // The agent's own confirmed booking: the agent's steps, no stepper and no operator step.
    const { units } = await apiAs<UnitsAnswer>(AGENT, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const me = await apiAs<{ user: { agent_id: number | null } }>(AGENT, 'GET', '/v1/auth/me');
    const own = await apiAs<{ booking_id: string }>(AGENT, 'POST', '/v1/bookings', {
      applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
      group: { group_type: 'NORMAL', name: '代理店表示テスト団体', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 8 }], wheel_chairs: [] },
      agent_id: me.user.agent_id,
    });
    await apiAs(STAFF, 'POST', `/v1/bookings/${own.booking_id}/reserve_allotments`, {});
    await apiAs(STAFF, 'POST', `/v1/bookings/${own.booking_id}/confirm_booking`, { mail: { subject: '確定', body: '確定しました' } });
    const agent = await freshPage(browser, 1400, 1000);
    await logIn(agent.page, AGENT);
    await agent.page.goto(`/bookings/${own.booking_id}`);
    await visible(agent.page.getByRole('group', { name: 'この予約の手続き' }).getByRole('link', { name: '取消申込' }));
    expect(await agent.page.getByTestId('operator-steps').count()).toBe(0);
    expect(await agent.page.getByRole('list', { name: words.ja.progress }).count()).toBe(0);
    for (const name of [words.ja.assign, words.ja.seatTable, words.ja.voucher, '座席指定', '優先度']) {
      // Exact names: the agent's own 座席指定を依頼 (asking the operator for seats) is not an operator step.
      expect(await agent.page.getByRole('button', { name, exact: true }).or(agent.page.getByRole('link', { name, exact: true })).count(), name).toBe(0);
    }
    await screenshot(agent.page, 'booking-stepper-agent-ja');
    await agent.context.close();
  });
});
