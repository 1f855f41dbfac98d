/**
 * What the booking screens tell before anything is sent: past days greyed out and refused, the
 * train's vacancy beside the group, counts that keep what was typed and say the range, the price
 * of a change with its decrement fee, the one train change, the warning before a change of trains
 * is accepted, what a cancelled booking owes, and dialogs whose buttons say what they do.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { addDays, tokyoToday } from '@sagano/domain/common/business-date';
import { formatYen } from '@sagano/domain/money/yen-e6';
import { freshPage, screenshot } from './support/browser.ts';
import { fillDate, logIn, shownDate, visible } from './support/actions.ts';
import { api, apiAs } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-07-15');
const OTHER_DAY = demoDate('2027-07-16');

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; name_ja: string; ignore_cancellation_policy: boolean; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string; name_label: { language_id: string; text: string }[] }[] };
type Booking = { status: string; booking_token?: string; main_params: { total_amount: number; service_order: { update_count: number } } };

const yen = (e6: number) => `${formatYen(e6)} 円`;


interface Demo {
  trains: DayAnswer['services'];
  otherDayTrain: number;
  free: AgentsAnswer['agents'][number];
  adult: UnitsAnswer['units'][number];
  adultJa: string;
  adultEn: string;
}

async function demo(page: Page): Promise<Demo> {
  const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const other = await api<DayAnswer>(page, 'GET', `/v1/allotments/${OTHER_DAY}?from_station_id=1&to_station_id=4`);
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const me = await apiAs<{ user: { agent_id: number } }>('agent-free@example.com', 'GET', '/v1/auth/me');
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  return {
    trains: day.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 30),
    otherDayTrain: other.services.find((s) => s.direction === 'down' && s.vacant_seats >= 30)!.service_id,
    free: agents.find((a) => a.id === me.user.agent_id)!,
    adult,
    adultJa: adult.name_label.find((l) => l.language_id === 'ja')!.text,
    adultEn: adult.name_label.find((l) => l.language_id === 'en')!.text,
  };
}

/** A booking for the demo's card-paying agent, held and confirmed through the API with the page's staff session. */
async function confirmed(page: Page, d: Demo, name: string, serviceId: number, adults: number): Promise<string> {
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '規則 花子', email: 'rules.e2e@example.com', phone_number: '075-555-7777' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: serviceId, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: d.adult.id, quantity: adults }], wheel_chairs: [] },
    agent_id: d.free.id,
    agent_sub_group_id: d.free.groups.find((g) => g.is_root)!.id,
  });
  await api(page, 'POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await api(page, 'POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  return booking_id;
}

/** Picks a Mantine Select option by the input's label and the option's text. */
async function pick(page: Page, label: string, option: string) {
  const input = page.getByLabel(label, { exact: true }).and(page.locator('input'));
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('booking rules on the screens', () => {
  test('past days are greyed out on the calendars and a past date is refused; today is marked', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const today = tokyoToday();

    await page.goto('/bookings/create');
    await visible(page.getByRole('heading', { name: '予約申込', level: 1 }));
    await page.getByTestId('service-date').click();
    await visible(page.locator('[data-tokyo-today]'));
    expect(await page.locator('[data-tokyo-today]').getAttribute('aria-label')).toBeTruthy();
    const past = page.locator('button[data-past]');
    expect(await past.count()).toBeGreaterThan(0);
    expect(await past.first().isDisabled()).toBe(true);
    // Today is never greyed out as past; it can be picked unless no train runs on it (a Wednesday, the winter pause).
    const todayCell = page.locator('[data-tokyo-today]');
    expect(await todayCell.getAttribute('data-past')).toBeNull();
    expect(await todayCell.isDisabled()).toBe((await todayCell.getAttribute('data-closed')) !== null);
    await screenshot(page, 'booking-date-calendar-ja');

    // Typed, a past date stays as typed and is refused with the reason.
    const yesterday = addDays(today, -1);
    await fillDate(page.getByTestId('service-date'), yesterday);
    await page.getByLabel('申込者名').click();
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await visible(page.getByText(`本日（${today}）以降の日付を入力してください（過ぎた日付は選べません）。`));
    expect(await page.getByTestId('service-date').inputValue()).toBe(shownDate(yesterday));
    await screenshot(page, 'booking-date-past-ja');

    // The seat inquiry's month: days before today greyed out, today marked.
    await page.goto('/search-allotments');
    await visible(page.getByTestId('calendar-today'));
    await page.waitForLoadState('networkidle');
    expect(await page.locator(`[data-date="${today}"][data-today]`).count()).toBe(1);
    if (today.slice(8) !== '01') expect(await page.locator(`[data-date="${yesterday}"][data-past]`).count()).toBe(1);
    expect(await page.locator(`[data-date="${today}"][data-past]`).count()).toBe(0);
    await screenshot(page, 'seat-inquiry-calendar-today-ja');
    await page.goto('/search-allotments?lang=en');
    await visible(page.getByTestId('calendar-today').getByText('Today'));
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'seat-inquiry-calendar-today-en');
    await page.goto('/bookings/create?lang=en');
    // The form kept yesterday, typed above (its draft): today is put in so that the calendar opens on
    // today's month (on the 1st, yesterday's month shows today as a hidden day of the next).
    await fillDate(page.getByTestId('service-date'), today);
    await page.getByTestId('service-date').click();
    await visible(page.locator('[data-tokyo-today]'));
    await screenshot(page, 'booking-date-calendar-en');
    await context.close();
  });

  test('counts keep what was typed and say the range; the vacancy is shown and a group that does not fit may only wait', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const d = await demo(page);
    // Another group already rides the train: one more person than it has free still fits its whole capacity, so may wait.
    await confirmed(page, d, '人数テスト先客', d.trains[0]!.service_id, 10);
    const train = (await demo(page)).trains.find((s) => s.service_id === d.trains[0]!.service_id)!;

    await page.goto(`/bookings/create?date=${DAY}&trip=single&from=1&to=4&down_service_id=${train.service_id}`);
    await visible(page.getByRole('heading', { name: '予約申込', level: 1 }));
    await pick(page, '代理店', d.free.name_ja);
    await page.getByLabel('申込者名').fill('数 太郎');
    await page.getByLabel('メールアドレス').fill('count.e2e@example.com');
    await page.getByLabel('電話番号', { exact: true }).fill('075-111-3333');
    await page.getByLabel('団体名', { exact: true }).fill('人数テスト会');
    const adults = page.getByLabel(d.adultJa, { exact: true });
    for (const typed of ['-5', '3.5', '1e3', '2001']) {
      await adults.fill(typed);
      await page.getByRole('button', { name: '確認画面へ' }).click();
      await visible(page.getByText('0〜2000の整数で入力してください'));
      expect(await adults.inputValue(), typed).toBe(typed);
      expect(page.url()).toContain('/bookings/create');
    }
    await page.getByLabel('車いすの台数').fill('-1');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await visible(page.getByText('0〜40の整数で入力してください'));
    expect(await page.getByLabel('車いすの台数').inputValue()).toBe('-1');
    await screenshot(page, 'booking-number-fields-ja');
    await page.getByLabel('車いすの台数').fill('0');

    // The vacancy beside the group; one more person than the train has free: only the waitlist.
    await adults.fill('12');
    await visible(page.getByTestId('vacancy-down').getByText(`${train.vacant_seats} 席`));
    await adults.fill(String(train.vacant_seats + 1));
    await visible(page.getByTestId('not-fitting'));
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await visible(page.getByText('空席が足りないため、キャンセル待ちを選んでください'));
    await screenshot(page, 'booking-not-fitting-ja');
    await page.getByTestId('wait-listing').check();
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.waitForURL('**/bookings/confirm');

    // English: the same messages.
    await page.goto(`/bookings/create?date=${DAY}&trip=single&from=1&to=4&down_service_id=${train.service_id}&lang=en`);
    await visible(page.getByRole('heading', { name: 'New booking', level: 1 }));
    await page.getByLabel(d.adultEn, { exact: true }).fill('3.5');
    await page.getByRole('button', { name: 'Review' }).click();
    await visible(page.getByText('as a whole number from 0 to 2000.'));
    await page.getByLabel(d.adultEn, { exact: true }).fill(String(train.vacant_seats + 1));
    await visible(page.getByTestId('not-fitting'));
    await screenshot(page, 'booking-number-fields-en');

    // Priority: -99999 is refused with the range, nothing saved.
    const id = await confirmed(page, d, '優先度テスト会', train.service_id, 8);
    await page.goto(`/bookings/${id}?lang=ja`);
    await page.getByRole('button', { name: '優先度' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('優先度（0〜100）').fill('-99999');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(dialog.getByText('0〜100の整数で入力してください'));
    expect(await dialog.getByLabel('優先度（0〜100）').inputValue()).toBe('-99999');
    await screenshot(page, 'booking-priority-range-ja');
    await context.close();
  });

  test('an agent sees the price of a change before sending it; the operator is warned before a train change; the train changes once', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const d = await demo(page);
    const train = d.trains.at(-1)!;
    const id = await confirmed(page, d, '変更予告テスト会', train.service_id, 12);
    const before = await api<Booking>(page, 'GET', `/v1/bookings/${id}`);

    const agent = await freshPage(browser);
    await logIn(agent.page, 'agent-free@example.com');
    await agent.page.goto(`/bookings/${id}/update`);
    await visible(agent.page.getByRole('heading', { name: `予約 ${id} の変更` }));
    await agent.page.getByLabel(d.adultJa, { exact: true }).fill('10');
    const preview = agent.page.getByTestId('change-preview');
    await visible(preview.getByText('減員手数料', { exact: false }));
    await visible(agent.page.getByTestId('previous-total').getByText(yen(before.main_params.total_amount)));
    const previewed = await agent.page.getByTestId('total-amount').innerText();
    expect(await agent.page.getByTestId('difference-amount').innerText()).toMatch(/^−[\d,]+ 円$/);
    await screenshot(agent.page, 'booking-change-preview-ja');
    await agent.page.getByRole('button', { name: '確認画面へ' }).click();
    await agent.page.waitForURL('**/bookings/confirm');
    await visible(agent.page.getByRole('heading', { name: `予約 ${id} の変更内容の確認` }));
    await visible(agent.page.getByTestId('change-preview'));
    expect(await agent.page.getByTestId('total-amount').innerText()).toBe(previewed);
    await screenshot(agent.page, 'booking-change-preview-confirm-ja');
    await agent.page.getByRole('button', { name: 'この内容で変更する' }).click();
    await agent.page.waitForURL(`**/bookings/${id}`);

    // Staff accept: the booking now costs what the agent was shown.
    await page.goto(`/bookings/${id}`);
    await page.getByRole('button', { name: '変更を承認', exact: true }).click();
    const accept = page.getByRole('dialog');
    await visible(accept.getByText('代理店から申込のあった内容で予約を変更します。'));
    expect(await accept.getByTestId('accept-change-warning').count()).toBe(0);
    await accept.getByRole('button', { name: '変更を承認する' }).click();
    await visible(page.getByTestId('booking-status').getByText('変更確定'));
    expect(await page.getByTestId('booking-total').innerText()).toBe(previewed);

    // Seats given and the seat table sent; then the agent asks for another day's train.
    await api(page, 'POST', `/v1/bookings/${id}/assign_seats`, { priority: 10 });
    await api(page, 'POST', `/v1/bookings/${id}/assign_seats_ok`, {});
    await api(page, 'POST', `/v1/bookings/${id}/send_seat_table`, { mail: { subject: '座席表', body: '添付のとおりです' } });
    const current = await api<{ applicant: unknown; tour_conductor: unknown; group: unknown; note: string }>(page, 'GET', `/v1/bookings/${id}`);
    await apiAs('agent-free@example.com', 'PUT', `/v1/bookings/${id}/params`, {
      applicant: current.applicant,
      tour_conductor: current.tour_conductor,
      group: current.group,
      service_order: { down_service: { service_date: OTHER_DAY, service_id: d.otherDayTrain, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: d.adult.id, quantity: 10 }], wheel_chairs: [] },
      note: '翌日に変更',
    });
    await page.goto(`/bookings/${id}`);
    await page.getByRole('button', { name: '変更を承認', exact: true }).click();
    await visible(page.getByTestId('accept-change-warning').getByText('送付済みの座席表は変更前の列車のものになり', { exact: false }));
    await screenshot(page, 'booking-accept-train-change-ja');
    await page.getByRole('dialog').getByRole('button', { name: '変更を承認する' }).click();
    await visible(page.getByTestId('outdated-documents').getByText('送付済みの座席表は、その後の予約内容の変更により古くなっています', { exact: false }));
    await screenshot(page, 'booking-documents-outdated-ja');
    await page.goto(`/bookings/${id}?lang=en`);
    await visible(page.getByTestId('outdated-documents').getByText('seat table', { exact: false }));
    await screenshot(page, 'booking-documents-outdated-en');
    expect((await api<Booking>(page, 'GET', `/v1/bookings/${id}`)).main_params.service_order.update_count).toBe(1);

    // The train has changed once: the change form keeps the trains and says why.
    await agent.page.goto(`/bookings/${id}/update`);
    await visible(agent.page.getByTestId('train-change-used'));
    expect(await agent.page.getByTestId('service-date').isDisabled()).toBe(true);
    expect(await agent.page.getByTestId('train-select-down').isDisabled()).toBe(true);
    await screenshot(agent.page, 'booking-train-change-used-ja');
    await agent.page.goto(`/bookings/${id}/update?lang=en`);
    await visible(agent.page.getByTestId('train-change-used'));
    await agent.page.getByLabel(d.adultEn, { exact: true }).fill('9');
    await visible(agent.page.getByTestId('change-preview').getByText('Reduction fee', { exact: false }));
    await screenshot(agent.page, 'booking-change-preview-en');
    await agent.context.close();
    await context.close();
  });

  test('a refusal starts with no reason; irreversible dialogs say 閉じる and the action; a cancelled booking shows what it owes', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const d = await demo(page);
    const train = d.trains[1] ?? d.trains[0]!;

    // Refusal: no reason chosen, no mail until one is.
    const { booking_id: refused } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
      applicant: { name: '断 次郎', email: 'refuse.e2e@example.com', phone_number: '075-555-8888' },
      tour_conductor: null,
      group: { group_type: 'NORMAL', name: 'お断りテスト会', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: d.adult.id, quantity: 8 }], wheel_chairs: [] },
      agent_id: d.free.id,
    });
    await page.goto(`/bookings/${refused}`);
    await page.getByRole('button', { name: 'お断り' }).click();
    const refuse = page.getByRole('dialog');
    expect(await refuse.getByLabel('お断り理由').inputValue()).toBe('');
    await visible(refuse.getByTestId('reason-first'));
    expect(await refuse.getByRole('button', { name: '送信してお断り' }).isDisabled()).toBe(true);
    expect(await refuse.getByRole('button', { name: '閉じる' }).count()).toBe(2); // the footer's and the ✕ (named for screen readers)
    await screenshot(page, 'booking-refuse-no-reason-ja');
    await refuse.getByLabel('お断り理由').selectOption('OTHER');
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] textarea') as HTMLTextAreaElement | null)?.value.length);
    await refuse.getByRole('button', { name: '送信してお断り' }).click();
    await visible(page.getByTestId('booking-status').getByText('お断り'));

    // A cancellation the agent asked for: the operator's dialog says 閉じる / 取消を確定する.
    const id = await confirmed(page, d, '取消支払テスト会', train.service_id, 8);
    await apiAs('agent-free@example.com', 'POST', `/v1/bookings/${id}/cancel`, { agree_cancellation_policy: true });
    await page.goto(`/bookings/${id}`);
    await page.getByRole('button', { name: '取消確定' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText('元に戻せません', { exact: false }));
    expect(await dialog.getByRole('button', { name: '閉じる' }).count()).toBe(2); // the footer's and the ✕
    expect(await dialog.getByRole('button', { name: 'キャンセル' }).count()).toBe(0);
    await screenshot(page, 'booking-confirm-cancellation-dialog-ja');
    await dialog.getByRole('button', { name: '取消を確定する' }).click();
    await visible(page.getByTestId('booking-status').getByText('取消済'));
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // More than 20 days ahead the fee is 0: nothing is owed, and the old fare is not shown as if due.
    const card = page.getByTestId('payment-card');
    await visible(card.getByText('お支払いはありません（取消料 0 円）'));
    expect(await card.getByText('支払不要').count()).toBe(0);
    await screenshot(page, 'booking-cancelled-payment-ja');
    await page.goto(`/bookings/${id}?lang=en`);
    await visible(page.getByTestId('payment-card').getByText('Nothing is owed'));
    await screenshot(page, 'booking-cancelled-payment-en');

    // The group's own page says the booking is cancelled.
    const booking = await api<Booking>(page, 'GET', `/v1/bookings/${id}`);
    const customer = await freshPage(browser);
    await customer.page.goto(`/customer/bookings/${id}?token=${encodeURIComponent(booking.booking_token!)}`);
    await visible(customer.page.getByTestId('booking-state').getByText('このご予約は取り消されました'));
    await screenshot(customer.page, 'customer-booking-cancelled-ja');
    await customer.page.goto(`/customer/bookings/${id}?token=${encodeURIComponent(booking.booking_token!)}&lang=en`);
    await visible(customer.page.getByTestId('booking-state').getByText('This booking has been cancelled'));
    await screenshot(customer.page, 'customer-booking-cancelled-en');
    await customer.context.close();
    await context.close();
  });
});
