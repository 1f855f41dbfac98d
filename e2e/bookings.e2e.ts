import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { fillDate, logIn, visible } from './support/actions.ts';
import { api, apiAs } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-06-10');

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number; departure_hhmm: string | null }[] };
type AgentsAnswer = { agents: { id: number; name_ja: string; name_en: string; ignore_cancellation_policy: boolean; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string; auto_calculated: boolean; display_order: number; name_label: { language_id: string; text: string }[] }[] };


/** A booking made, held and confirmed through the API with the page's staff session. */
async function confirmedFor(page: Page, b: { name: string; serviceId: number; agent: AgentsAnswer['agents'][number]; unitId: number; adults: number }): Promise<string> {
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '取消 花子', email: 'cancel.e2e@example.com', phone_number: '075-555-6666' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name: b.name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: b.serviceId, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: b.unitId, quantity: b.adults }], wheel_chairs: [] },
    agent_id: b.agent.id,
    agent_sub_group_id: b.agent.groups.find((g) => g.is_root)!.id,
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
  const choice = page.getByRole('option', { name: option }).first();
  try {
    await choice.waitFor({ state: 'visible', timeout: 5_000 });
  } catch (error) {
    await screenshot(page, 'booking-pick-failure');
    throw error;
  }
  await choice.click();
}

test.describe('bookings', () => {
  test('staff book for an agent, reserve allotments and confirm by mail; another booking is refused as full', async () => {
    // Two bookings, a refusal and a dozen screens in ja and en: 60 s in CI before 2026-11-29, then
    // over 150 s at its steps' usual pace (no single wait over 10 s; the slowdown is not explained yet).
    test.setTimeout(300_000);
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com');

    const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const downs = day.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 20);
    expect(downs.length).toBeGreaterThan(1);
    const [train, other] = downs;
    const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
    // A demo agent with an English name of its own (other journeys on this server add agents named in Japanese only).
    const agent = agents.find((a) => a.name_en && a.name_en !== a.name_ja)!;
    const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const adultJa = adult.name_label.find((l) => l.language_id === 'ja')!.text;

    // The seat inquiry hands over its choice in the address.
    const createUrl = `/bookings/create?date=${DAY}&trip=single&from=1&to=4&down_service_id=${train!.service_id}`;
    await page.goto(createUrl);
    await visible(page.getByRole('heading', { name: '予約申込', level: 1 }));
    await pick(page, '代理店', agent.name_ja);
    await page.getByLabel('申込者名').fill('中村 さくら');
    await page.getByLabel('メールアドレス').fill('sakura.e2e@example.com');
    await page.getByLabel('電話番号', { exact: true }).fill('075-111-2222');
    await page.getByLabel('添乗員名').fill('添乗 太郎');
    await page.getByLabel('団体名', { exact: true }).fill('桜ヶ丘町内会 E2E');
    await page.getByLabel(adultJa, { exact: true }).fill('20');
    await visible(page.getByTestId('total-amount'));
    expect(await page.getByTestId('total-amount').innerText()).toMatch(/^[\d,]+ 円$/);
    // The draft survives a reload.
    await page.reload();
    await visible(page.getByLabel('申込者名'));
    expect(await page.getByLabel('申込者名').inputValue()).toBe('中村 さくら');
    await visible(page.getByTestId('total-amount'));
    await screenshot(page, 'booking-create-ja');

    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.waitForURL('**/bookings/confirm');
    await visible(page.getByRole('heading', { name: '予約申込の確認' }));
    await visible(page.getByTestId('total-amount'));
    if (!agent.ignore_cancellation_policy) {
      await page.getByRole('button', { name: 'この内容で申し込む' }).click();
      await visible(page.getByText('キャンセルポリシーへの同意が必要です'));
      await page.getByLabel('キャンセルポリシーに同意します').check();
    }
    await screenshot(page, 'booking-confirm-ja');
    await page.getByRole('button', { name: 'この内容で申し込む' }).dblclick();
    await page.waitForURL(/\/bookings\/\d{8}$/);
    const bookingId = page.url().split('/').pop()!;

    // The confirm screen's draft is gone: coming back says there is no input.
    await page.goto('/bookings/confirm');
    await visible(page.getByText('入力内容がありません。'));

    // The list shows it; the row opens the booking.
    await page.goto(`/bookings?booking_id=${bookingId}&service_from=${DAY}&service_to=${DAY}`);
    const row = page.getByTestId(`booking-row-${bookingId}`);
    await visible(row);
    expect(await row.innerText()).toContain('申込受付');
    // Every service date (the default, today and the next 30 days, is empty while the line pauses in winter).
    await page.goto('/bookings?service_from=&service_to=');
    await visible(page.locator('[data-testid^="booking-row-"]'));
    await screenshot(page, 'bookings-list-ja');
    await page.goto(`/bookings?booking_id=${bookingId}&service_from=${DAY}&service_to=${DAY}`);
    await visible(row);
    await row.getByRole('link').first().click();
    await page.waitForURL(`**/bookings/${bookingId}`);

    // Reserve allotments, then confirm with the mail.
    await page.getByRole('button', { name: '枠を確保する' }).click();
    await visible(page.getByTestId('booking-status').getByText('枠確保済'));
    await page.getByRole('button', { name: '予約を確定する' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByLabel('件名'));
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] textarea') as HTMLTextAreaElement | null)?.value.length);
    await dialog.getByLabel('件名').fill(`${await dialog.getByLabel('件名').inputValue()} [E2E]`);
    await screenshot(page, 'booking-confirm-mail-ja');
    await dialog.getByRole('button', { name: '送信して確定' }).click();
    await visible(page.getByTestId('booking-status').getByText('予約確定'));
    await visible(page.getByText('入金待ち').or(page.getByText('請求待ち')));
    await screenshot(page, 'booking-detail-ja');

    // History: the CREATE revision and later ones.
    await page.getByRole('link', { name: '変更履歴' }).click();
    await page.waitForURL('**/histories');
    await visible(page.getByRole('heading', { name: /の変更履歴$/, level: 1 }));
    await visible(page.getByText('新規'));

    // The mail sits in the outbox (SMTP delivery is proven by the API tests).
    await page.goto('/mails');
    await visible(page.getByRole('cell', { name: 'sakura.e2e@example.com' }).first());

    // A second booking, refused as full: everything held is released.
    const root = agent.groups.find((g) => g.is_root)!;
    const second = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
      applicant: { name: '田中 一郎', email: 'tanaka.e2e@example.com', phone_number: '075-333-4444' },
      tour_conductor: null,
      group: { group_type: 'NORMAL', name: '満席テスト団体', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: other!.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 12 }], wheel_chairs: [] },
      agent_id: agent.id,
      agent_sub_group_id: root.id,
      external_idempotent_id: `e2e-refuse-${Date.now()}`,
    });
    await page.goto(`/bookings/${second.booking_id}`);
    await page.getByRole('button', { name: 'お断り' }).click();
    await visible(page.getByRole('dialog').getByLabel('お断り理由'));
    // No reason is chosen for the operator.
    expect(await page.getByRole('dialog').getByLabel('お断り理由').inputValue()).toBe('');
    await page.getByRole('dialog').getByLabel('お断り理由').selectOption('FULL');
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] textarea') as HTMLTextAreaElement | null)?.value.length);
    await page.getByRole('dialog').getByRole('button', { name: '送信してお断り' }).click();
    await visible(page.getByTestId('booking-status').getByText('お断り'));
    await visible(page.getByText('満席'));

    // Notifications list the new bookings.
    await page.goto('/notifications');
    await visible(page.getByRole('link', { name: second.booking_id }).first());
    await screenshot(page, 'notifications-ja');
    // The confirmed booking's history: created, allotments held, confirmed.
    await page.goto(`/bookings/${bookingId}/histories`);
    await visible(page.getByText('新規').first());
    await screenshot(page, 'booking-histories-ja');

    // English screenshots of the same screens.
    await page.goto(`/bookings/${bookingId}?lang=en`);
    await visible(page.getByRole('heading', { name: `Booking ${bookingId}` }));
    await visible(page.getByTestId('booking-status').getByText('Confirmed'));
    await screenshot(page, 'booking-detail-en');
    await page.goto(`/bookings/${bookingId}/histories?lang=en`);
    await visible(page.getByText('New', { exact: true }).first());
    await screenshot(page, 'booking-histories-en');
    await page.goto('/bookings?service_from=&service_to=');
    await visible(page.locator('[data-testid^="booking-row-"]'));
    await screenshot(page, 'bookings-list-en');
    await page.goto(`${createUrl}&copy=en`);
    await visible(page.getByRole('heading', { name: 'New booking', level: 1 }));
    // In English the agent picker lists agents by their English names.
    await pick(page, 'Agent', agent.name_en || agent.name_ja);
    await page.getByLabel('Applicant name').fill('Sakura Nakamura');
    await page.getByLabel('Email').fill('sakura.en@example.com');
    await page.getByLabel('Phone', { exact: true }).fill('075-111-2222');
    await page.getByLabel('Group name', { exact: true }).fill('Sakuragaoka club');
    await page.getByLabel(adult.name_label.find((l) => l.language_id === 'en')?.text ?? adultJa, { exact: true }).fill('15');
    await visible(page.getByTestId('total-amount'));
    await screenshot(page, 'booking-create-en');
    await page.getByRole('button', { name: 'Review' }).click();
    await page.waitForURL('**/bookings/confirm');
    // The URL changes before the confirmation replaces the form: wait for its heading.
    await visible(page.getByRole('heading', { name: 'Check the booking', level: 1 }));
    await visible(page.getByTestId('total-amount'));
    // The confirmation names the agent as the form did.
    const confirmText = await page.locator('main').innerText();
    expect(confirmText).toContain(agent.name_en);
    expect(confirmText).not.toContain(agent.name_ja);
    await screenshot(page, 'booking-confirm-en');
    await context.close();
  });
  test('a round trip returns on another day: the return date picks that day\'s trains and is booked as chosen', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const back = demoDate('2027-06-12');
    const outbound = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const returning = await api<DayAnswer>(page, 'GET', `/v1/allotments/${back}?from_station_id=4&to_station_id=1`);
    const down = outbound.services.find((s) => s.direction === 'down' && s.vacant_seats >= 20)!;
    const up = returning.services.find((s) => s.direction === 'up' && s.vacant_seats >= 20)!;
    const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
    const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;

    await page.goto(`/bookings/create?date=${DAY}&trip=round&from=1&to=4&down_service_id=${down.service_id}&up_service_id=${up.service_id}`);
    await visible(page.getByRole('heading', { name: '予約申込', level: 1 }));
    // A return before the outbound date is refused on the form.
    await fillDate(page.getByTestId('return-date'), demoDate('2027-06-08')); // a Tuesday: trains run (a non-running Wednesday would also let the chosen train go)
    await pick(page, '代理店', agents[0]!.name_ja);
    await page.getByLabel('申込者名').fill('往復 花子');
    await page.getByLabel('メールアドレス').fill('ofuku@example.com');
    await page.getByLabel('電話番号', { exact: true }).fill('075-222-3333');
    await page.getByLabel('団体名', { exact: true }).fill('往復テスト会');
    await page.getByLabel(adult.name_label.find((l) => l.language_id === 'ja')!.text, { exact: true }).fill('12');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await visible(page.getByText('復路の乗車日は往路の乗車日以降の日付を入力してください'));
    await fillDate(page.getByTestId('return-date'), back);
    await visible(page.getByTestId('total-amount'));
    await screenshot(page, 'booking-create-round-trip-ja');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.waitForURL('**/bookings/confirm');
    await visible(page.getByRole('heading', { name: '予約申込の確認' }));
    await visible(page.getByText(`${back} `, { exact: false }).first());
    await screenshot(page, 'booking-confirm-round-trip-ja');
    if (!agents[0]!.ignore_cancellation_policy) {
      // The policy agreed to is shown (its rates) and its document linked, on the page that asks for the agreement.
      const policy = await visible(page.getByTestId('cancellation-policy'));
      await visible(policy.getByRole('table'));
      expect(await policy.getByRole('row').count()).toBeGreaterThan(2);
      expect(await policy.getByRole('link', { name: 'キャンセルポリシー（書面）' }).getAttribute('href')).toBe('/cancellation-policy/document');
      await page.getByLabel('キャンセルポリシーに同意します').check();
    }
    await page.getByRole('button', { name: 'この内容で申し込む' }).click();
    await page.waitForURL(/\/bookings\/\d{8}$/);
    const bookingId = page.url().split('/').pop()!;
    const booking = await api<{ main_params: { service_order: { services: { direction: string; service_day: string; service_id: number }[] } } }>(page, 'GET', `/v1/bookings/${bookingId}`);
    expect(booking.main_params.service_order.services.map((s) => [s.direction, s.service_day, s.service_id])).toEqual([
      ['down', DAY, down.service_id],
      ['up', back, up.service_id],
    ]);
    await context.close();
  });

  test('cancellation: staff confirm an agent\'s request, and start one with the fee and policy shown', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = day.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 20).at(-1)!;
    const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
    const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const me = await apiAs<{ user: { agent_id: number } }>('agent-free@example.com', 'GET', '/v1/auth/me');
    const free = agents.find((a) => a.id === me.user.agent_id)!;
    expect(free.ignore_cancellation_policy).toBe(false);
    const confirmedBooking = (name: string) => confirmedFor(page, { name, serviceId: train.service_id, agent: free, unitId: adult.id, adults: 8 });

    // The agent asks (agreeing to the policy); staff confirm it on the booking.
    const asked = await confirmedBooking('取消申請テスト団体');
    await apiAs('agent-free@example.com', 'POST', `/v1/bookings/${asked}/cancel`, { agree_cancellation_policy: true });
    await page.goto(`/bookings/${asked}`);
    await visible(page.getByTestId('booking-status').getByText('取消申込'));
    await page.getByRole('button', { name: '取消確定' }).click();
    await visible(page.getByRole('dialog').getByText('元に戻せません'));
    await page.getByRole('dialog').getByRole('button', { name: '取消を確定する' }).click();
    await visible(page.getByTestId('booking-status').getByText('取消済'));
    await visible(page.getByRole('region', { name: '取消' }));
    await page.getByRole('link', { name: '変更履歴' }).click();
    await page.waitForURL('**/histories');
    await visible(page.getByRole('heading', { name: /の変更履歴$/, level: 1 }));
    await visible(page.getByText('取消', { exact: true }).first());

    // Staff start one: the screen shows the fee and the policy; the agent is asked to agree.
    const started = await confirmedBooking('取消開始テスト団体');
    await page.goto(`/bookings/${started}`);
    await page.getByRole('link', { name: '予約取消' }).click();
    await page.waitForURL(`**/bookings/${started}/cancel`);
    await visible(page.getByRole('heading', { name: `予約 ${started} の取消` }));
    await visible(page.getByRole('table', { name: 'キャンセルポリシー' }).getByText('乗車日当日以降'));
    expect(await page.getByTestId('cancellation-fee').innerText()).toMatch(/^[\d,]+ 円$/);
    await screenshot(page, 'booking-cancel-ja');
    await page.getByRole('button', { name: '取消を開始する' }).click();
    await page.waitForURL(`**/bookings/${started}`);
    await visible(page.getByTestId('booking-status').getByText('取消料確認待ち'));
    await page.goto(`/bookings/${started}/cancel?lang=en`);
    await visible(page.getByRole('heading', { name: `Cancel booking ${started}` }));
    await visible(page.getByText('This booking cannot be cancelled now.'));
    await screenshot(page, 'booking-cancel-en');
    await context.close();
  });

  test('staff change a confirmed booking with the booking form: fewer people, re-priced with the decrement fee', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = day.services.filter((s) => s.direction === 'down' && s.vacant_seats >= 20).at(-1)!;
    const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
    const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const adultJa = adult.name_label.find((l) => l.language_id === 'ja')!.text;
    const id = await confirmedFor(page, { name: '変更テスト団体', serviceId: train.service_id, agent: agents[0]!, unitId: adult.id, adults: 12 });

    await page.goto(`/bookings/${id}`);
    await page.getByRole('link', { name: '予約変更' }).click();
    await page.waitForURL(`**/bookings/${id}/update`);
    await visible(page.getByRole('heading', { name: `予約 ${id} の変更` }));
    expect(await page.getByLabel('団体名', { exact: true }).inputValue()).toBe('変更テスト団体');
    await page.getByLabel(adultJa, { exact: true }).fill('10');
    await page.getByLabel('備考').fill('2名減');
    // The new total, as a person reads it before going on: the preview keeps the old total (12
    // people) until the new one arrives, and its decrement row then moves the button down. Once
    // the press that followed left the form unsent, its button focused: likely pressed and let go
    // beside it as the row came (not reproduced; ADR 040, sixth pass).
    await expect(page.getByTestId('total-amount')).toContainText('8,440');
    await visible(page.getByRole('cell', { name: `減員手数料（${adultJa} 2 名）` }));
    await screenshot(page, 'booking-update-ja');
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await page.waitForURL('**/bookings/confirm');
    await visible(page.getByRole('heading', { name: `予約 ${id} の変更内容の確認` }));
    await page.getByRole('button', { name: 'この内容で変更する' }).click();
    await page.waitForURL(`**/bookings/${id}`);
    await visible(page.getByTestId('booking-status').getByText('変更確定'));
    // 10 adults at 800 yen, plus 2 removed × 220 yen.
    expect(await page.getByTestId('booking-total').innerText()).toContain('8,440');
    await visible(page.getByRole('cell', { name: `減員手数料（${adultJa}）` }));
    await screenshot(page, 'booking-updated-detail-ja');
    const booking = await api<{ main_params: { service_order: { services: { held_group: number }[] } } }>(page, 'GET', `/v1/bookings/${id}`);
    expect(booking.main_params.service_order.services[0]!.held_group).toBe(10);
    await context.close();
  });
});
