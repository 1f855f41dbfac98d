/**
 * Payments through the real screens (issue 15): the FREE agent pays a confirmed booking by card
 * on the sandbox provider's page and comes back to see it confirmed; a declining card says so and
 * leaves the booking payable (then paid after the card holder's confirmation); the operator sees
 * the payment; the CONTRACTED agent reports the coupon issued.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { formatYen } from '@sagano/domain/money/yen-e6';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api, apiAs } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

// The tests of this file follow one another: each starts from what the one before left.
test.describe.configure({ mode: 'serial' });

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-08-26');
/** The webhook reaches the server through its job queue: the booking page polls for 30 s. */
const CONFIRMED_WITHIN = 35_000;

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type Booking = { main_params: { payment: { status: string; payment_method: string; total_amount: number; paid_amount: number; coupon_number: string | null } | null } };


/** A booking for the agent of `agentEmail`, made, held and confirmed by the staff page through the API. */
async function confirmedFor(page: Page, agentEmail: string, name: string, adults: number): Promise<string> {
  const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats >= adults + 10)!;
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await apiAs<{ user: { agent_id: number } }>(agentEmail, 'GET', '/v1/auth/me');
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const agent = agents.find((a) => a.id === me.user.agent_id)!;
  const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
    applicant: { name: '支払 花子', email: 'pay.e2e@example.com', phone_number: '075-555-4444' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: adults }], wheel_chairs: [] },
    agent_id: agent.id,
    agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
  });
  await api(page, 'POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await api(page, 'POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  return booking_id;
}

const panel = (page: Page) => page.getByTestId('payment-panel-fare');
const status = (page: Page) => panel(page).getByTestId('payment-status').first();

/** From the booking, the agent's pay button leads to the sandbox provider's page. */
async function toCheckout(page: Page, bookingId: string, payLabel: string) {
  await page.goto(`/bookings/${bookingId}`);
  await visible(panel(page));
  await panel(page).getByRole('button', { name: payLabel }).click();
  await page.waitForURL('**/sandbox-checkout/**');
  await visible(page.getByTestId('sandbox-test-cards'));
}

/** Back on the booking after paying: the notice, then the confirmed payment (the webhook's doing). */
async function backConfirmed(page: Page, bookingId: string, confirmed: string, paid: string) {
  await page.waitForURL(`**/bookings/${bookingId}?payment=returned`);
  await visible(page.getByTestId('payment-returned'));
  await visible(page.getByTestId('payment-returned').getByText(confirmed), CONFIRMED_WITHIN);
  await visible(status(page).getByText(paid));
}

const ids = { paid: '', declined: '', coupon: '' };
let fare = 0;

test.describe('payments', () => {
  test('staff confirm three bookings: two for the card-paying agent, one for the coupon agent', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    ids.paid = await confirmedFor(page, 'agent-free@example.com', '支払テスト会 カード', 8);
    ids.declined = await confirmedFor(page, 'agent-free@example.com', '支払テスト会 拒否', 8);
    ids.coupon = await confirmedFor(page, 'agent-contracted@example.com', '支払テスト会 クーポン', 8);
    const booking = await api<Booking>(page, 'GET', `/v1/bookings/${ids.paid}`);
    expect(booking.main_params.payment).toMatchObject({ status: 'PAYMENT_PENDING', payment_method: 'ONLINE_CREDIT_CARD', paid_amount: 0 });
    fare = booking.main_params.payment!.total_amount;
    expect(fare).toBeGreaterThan(0);
    await context.close();
  });

  test('the FREE agent pays by card in the sandbox and sees the payment confirmed', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'agent-free@example.com');
    await page.goto(`/bookings/${ids.paid}`);
    await visible(status(page).getByText('入金待ち'));
    expect(await panel(page).getByTestId('payment-total').innerText()).toBe(`${formatYen(fare)} 円`);
    await screenshot(page, 'payment-panel-agent-ja');

    await toCheckout(page, ids.paid, 'カードで支払う');
    await visible(page.getByText('これはテスト環境の決済ページです。', { exact: false }));
    expect(await page.getByTestId('sandbox-amount').innerText()).toBe(`${formatYen(fare)} 円`);
    expect(await page.getByTestId('sandbox-description').innerText()).toContain(ids.paid);
    await screenshot(page, 'sandbox-checkout-ja');
    await page.getByRole('textbox', { name: 'カード番号' }).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: `${formatYen(fare)} 円を支払う` }).click();
    await visible(page.getByText('お支払いが完了しました'));
    await backConfirmed(page, ids.paid, 'お支払いを確認しました', '入金済み');
    expect(await panel(page).getByTestId('payment-paid').innerText()).toBe(`${formatYen(fare)} 円`);
    expect(await panel(page).getByRole('button', { name: 'カードで支払う' }).count()).toBe(0);
    await screenshot(page, 'payment-panel-paid-ja');
    await context.close();
  });

  test('a declining card says so and the booking stays payable; paid after the card holder confirms (English)', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'agent-free@example.com');
    await toCheckout(page, ids.declined, 'カードで支払う');
    await page.getByRole('textbox', { name: 'カード番号' }).fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /を支払う$/ }).click();
    await visible(page.getByTestId('sandbox-declined').getByText('カードが承認されませんでした'));
    // The form stays for another card.
    await visible(page.getByRole('button', { name: /を支払う$/ }));
    await screenshot(page, 'sandbox-checkout-declined-ja');

    await page.goto(`/bookings/${ids.declined}`);
    await visible(status(page).getByText('入金待ち'));
    await visible(panel(page).getByRole('button', { name: 'カードで支払う' }));

    // In English this time, through the card holder's confirmation step.
    await page.goto(`/bookings/${ids.declined}?lang=en`);
    await visible(status(page).getByText('Awaiting payment'));
    await screenshot(page, 'payment-panel-agent-en');
    await toCheckout(page, ids.declined, 'Pay by card');
    await visible(page.getByText('This is a sandbox checkout page.', { exact: false }));
    await screenshot(page, 'sandbox-checkout-en');
    await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 3220');
    await page.getByRole('button', { name: /^Pay ¥/ }).click();
    await visible(page.getByTestId('sandbox-confirm'));
    await screenshot(page, 'sandbox-checkout-confirm-en');
    await page.getByRole('button', { name: 'Approve' }).click();
    await backConfirmed(page, ids.declined, 'Your payment has been confirmed.', 'Paid');
    await screenshot(page, 'payment-panel-paid-en');
    await context.close();
  });

  test('the operator sees the payment made', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.goto(`/bookings/${ids.paid}`);
    await visible(status(page).getByText('入金済み'));
    expect(await panel(page).getByTestId('payment-paid').innerText()).toBe(`${formatYen(fare)} 円`);
    expect(await panel(page).getByRole('button', { name: 'カードで支払う' }).count()).toBe(0);
    await visible(panel(page).getByRole('button', { name: '請求額を調整' }));
    await screenshot(page, 'payment-panel-operator-ja');
    await panel(page).getByRole('button', { name: '請求額を調整' }).click();
    await visible(page.getByRole('dialog').getByLabel('調整理由'));
    await screenshot(page, 'payment-adjust-modal-ja');
    // Raising the paid fare opens an extra charge the agent pays like the fare.
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('調整後の請求額').fill(String(fare / 1_000_000 + 1_000));
    await dialog.getByLabel('調整理由').fill('貸切オプション追加のため');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    const extra = panel(page).getByTestId('payment-discrepancy');
    await visible(extra.getByText('追加のお支払い（差額）'));
    await visible(extra.getByText('1,000 円'));
    await visible(panel(page).getByTestId('payment-total-fixed'));
    await screenshot(page, 'payment-panel-discrepancy-ja');
    await context.close();

    const agent = await freshPage(browser);
    await logIn(agent.page, 'agent-free@example.com');
    await agent.page.goto(`/bookings/${ids.paid}`);
    await visible(panel(agent.page).getByTestId('payment-discrepancy').getByRole('button', { name: '差額をカードで支払う' }));
    await agent.context.close();
  });

  test('the CONTRACTED agent reports the coupon issued', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'agent-contracted@example.com');
    await page.goto(`/bookings/${ids.coupon}`);
    await visible(status(page).getByText('入金待ち'));
    expect(await panel(page).getByRole('button', { name: 'カードで支払う' }).count()).toBe(0);
    await panel(page).getByRole('button', { name: 'クーポン発行を報告' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('クーポン番号').fill('CP-2027-0826');
    await screenshot(page, 'payment-coupon-modal-ja');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(status(page).getByText('クーポン確認済'));
    await visible(panel(page).getByTestId('payment-coupon-number').getByText('CP-2027-0826'));
    expect(await panel(page).getByRole('button', { name: 'クーポン発行を報告' }).count()).toBe(0);
    await screenshot(page, 'payment-panel-coupon-ja');
    await context.close();

    // The operator sees the number and may correct it.
    const staff = await freshPage(browser);
    await logIn(staff.page, 'staff@example.com');
    await staff.page.goto(`/bookings/${ids.coupon}`);
    await visible(panel(staff.page).getByTestId('payment-coupon-number').getByText('CP-2027-0826'));
    await visible(panel(staff.page).getByRole('button', { name: 'クーポン番号を訂正' }));
    const booking = await api<Booking>(staff.page, 'GET', `/v1/bookings/${ids.coupon}`);
    expect(booking.main_params.payment).toMatchObject({ status: 'COUPON_CONFIRMED', coupon_number: 'CP-2027-0826' });
    await staff.context.close();
  });
});
