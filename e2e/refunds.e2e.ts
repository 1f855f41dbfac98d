/**
 * Money going back through the real screens (DESIGN §6 "Cancellation and refunds"): the FREE
 * agent pays a confirmed booking by card in the sandbox, asks to cancel it seeing first how the
 * money would be settled (the fee, what was paid, what pays the fee, the refund to the card); the
 * operator confirms in the dialog that shows the same breakdown; the agent's booking then shows
 * the fee paid by netting, the refund made through the gateway (a background job) and its return
 * invoice. The operator refunds part of another paid booking through the refund dialog, pressed
 * twice: one refund. The key screens again in English, on bookings paid through the API. Each
 * language is one browser context, the accounts signing in and out of it.
 */
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { formatYen } from '@sagano/domain/money/yen-e6';
import { baseUrl, freshPage, screenshot } from './support/browser.ts';
import { logIn, logOut, type Lang, visible } from './support/actions.ts';
import { apiSession } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { downloadedPdf } from './support/invoicing.ts';
import { addDays, tokyoToday } from '@sagano/domain/common/business-date';

// The tests of this file follow one another: each starts from what the one before left.
test.describe.configure({ mode: 'serial' });

type Call = Awaited<ReturnType<typeof apiSession>>;
type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type Refund = { payment_id: number; status: string; total_amount: number; route: string };
type Payment = { payment_id: number; status: string; total_amount: number; refunds: Refund[]; booking_money: { billed_amount: number; received_amount: number; refunded_amount: number } };
type Booking = { status: string; main_params: { payment: Payment | null; cancellation: { payment: Payment | null } | null } };
type Quote = { cancellation_fee: number; settlement: { fee_amount: number; paid_amount: number; applied_to_fee_amount: number; refund_amount: number; refund_route: string; still_owed_amount: number } | null };

/** The webhook and the gateway refund reach the booking through the job queue: a few seconds, polled up to this. */
const JOB_WITHIN = 35_000;
const PARTIAL_REFUND_YEN = 5_000;
const E6 = 1_000_000;

let browser: Browser;
let staff: Call;
let agent: Call;
/** A: cancelled in Japanese (paid on the sandbox page), A2: cancelled in English, B: refunded in part by the operator. */
const ids = { a: '', a2: '', b: '' };
let fare = 0;
let fee = 0;

// A Monday of the season, away from the other journeys' days (Tuesdays to Saturdays).
const DAY = refundDay();

/**
 * A Monday of the season (March to 29 December) at least five months ahead: no other journey books
 * a Monday, and the policy row below (20 % from 365 days before, the most the policy takes) reaches
 * it on any day the suite runs, which the other journeys' days (up to 23 months ahead) would not.
 */
function refundDay(): string {
  for (let day = addDays(tokyoToday(), 150); ; day = addDays(day, 1)) {
    const monthDay = day.slice(5);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 1 && monthDay >= '03-01' && monthDay <= '12-29') return day;
  }
}
type Policy = { policy: { days_before: number; rate_e6: number }[] };

/**
 * Confirms the bookings under the demo policy with one row more, 20 % from a year before, so that
 * their fee (the policy is frozen on a booking when it is confirmed) is neither 0 nor the fare on
 * whatever day the suite runs. The demo policy is put back at once: the files run one at a time.
 */
async function confirmUnderYearLongPolicy(bookingIds: string[]): Promise<void> {
  const demo = await staff<Policy>('GET', '/v1/master-data/cancellation-policy');
  await staff('PUT', '/v1/master-data/cancellation-policy', { policy: [...demo.policy.filter((r) => r.days_before !== 365), { days_before: 365, rate_e6: 200_000 }] });
  try {
    for (const id of bookingIds) await staff('POST', `/v1/bookings/${id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  } finally {
    await staff('PUT', '/v1/master-data/cancellation-policy', { policy: demo.policy });
  }
}

/** Bookings of 12 adults for the FREE agent on one train of DAY, made, held and confirmed by staff. */
async function confirmedBookings(names: string[]): Promise<string[]> {
  const { services } = await staff<DayAnswer>('GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const train = services.find((s) => s.direction === 'down' && s.vacant_seats >= 12 * names.length + 10)!;
  const { units } = await staff<UnitsAnswer>('GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await agent<{ user: { agent_id: number } }>('GET', '/v1/auth/me');
  const { agents } = await staff<AgentsAnswer>('GET', '/v1/agents?per_page=100');
  const free = agents.find((a) => a.id === me.user.agent_id)!;
  const made: string[] = [];
  for (const name of names) {
    const { booking_id } = await staff<{ booking_id: string }>('POST', '/v1/bookings', {
      applicant: { name: '返金 花子', email: 'refund.e2e@example.com', phone_number: '075-555-8888' },
      tour_conductor: null,
      group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 12 }], wheel_chairs: [] },
      agent_id: free.id,
      agent_sub_group_id: free.groups.find((g) => g.is_root)!.id,
    });
    await staff('POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
    made.push(booking_id);
  }
  await confirmUnderYearLongPolicy(made);
  return made;
}

const booking = (id: string) => staff<Booking>('GET', `/v1/bookings/${id}`);

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, within = JOB_WITHIN): Promise<T> {
  const deadline = Date.now() + within;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${within} ms (${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The agent pays the fare through the API and the sandbox provider's own call (not the step under test here); resolves once confirmed. */
async function paidThroughApi(bookingId: string): Promise<void> {
  const paymentId = (await booking(bookingId)).main_params.payment!.payment_id;
  const { checkout_url } = await agent<{ checkout_url: string }>('POST', `/v1/bookings/${bookingId}/payments/${paymentId}/checkout`);
  const ref = new URL(checkout_url).pathname.split('/').pop()!;
  const res = await fetch(`${baseUrl()}/v1/sandbox-gateway/checkouts/${ref}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ card_number: '4242 4242 4242 4242' }) });
  expect(res.status).toBe(200);
  await until(`the fare of ${bookingId} confirmed`, () => booking(bookingId), (b) => b.main_params.payment!.status === 'PAYMENT_CONFIRMED');
}

/** A row of the settlement breakdown: its figure and what is said under it, on one line. */
const breakdownRow = async (scope: Locator, testId: string) => (await scope.getByTestId(testId).locator('dd').innerText()).replace(/\s+/g, ' ').trim();

const words = {
  ja: {
    yen: (e6: number) => `${formatYen(e6)} 円`,
    bookingTitle: (id: string) => `予約 ${id}`,
    cancelTitle: (id: string) => `予約 ${id} の取消`,
    askLink: '取消申込',
    agree: 'キャンセルポリシーと上記の取消料に同意します',
    ask: '取消を申し込む',
    settlementTitle: '精算の内訳',
    toCard: 'ご利用のカードへ返金します',
    confirmStep: '取消確定',
    confirmButton: '取消を確定する',
    cancelled: '取消済',
    refunded: '返金済み',
    refund: '返金する',
    part: '一部',
    amount: '返金額',
    reason: '返金理由',
    returnInvoice: '返還請求書（PDF）',
  },
  en: {
    yen: (e6: number) => `¥${formatYen(e6)}`,
    bookingTitle: (id: string) => `Booking ${id}`,
    cancelTitle: (id: string) => `Cancel booking ${id}`,
    askLink: 'Request cancellation',
    agree: 'I agree to the cancellation policy and the fee above',
    ask: 'Request cancellation',
    settlementTitle: 'How the money is settled',
    toCard: 'Refunded to the card used',
    confirmStep: 'Confirm cancellation',
    confirmButton: 'Confirm the cancellation',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
    refund: 'Refund',
    part: 'Part of it',
    amount: 'Refund amount',
    reason: 'Reason for the refund',
    returnInvoice: 'Return invoice (PDF)',
  },
} as const;

/** Waits for the dialog's opening transition to end, so that its screenshot shows it drawn, not half faded in. */
async function dialogShown(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

async function openBooking(page: Page, lang: Lang, id: string) {
  await page.goto(`/bookings/${id}`);
  await visible(page.getByRole('heading', { name: words[lang].bookingTitle(id), exact: true }));
}

/** Signs the context's page out and `email` in. */
async function switchTo(page: Page, email: string, lang: Lang) {
  await logOut(page, lang);
  await logIn(page, email, lang);
}

/** The breakdown (on the cancel page or in the dialog) says: paid the fare, the fee paid from it, the rest back to the card, nothing left to pay. */
async function expectBreakdown(scope: Page | Locator, lang: Lang) {
  const w = words[lang];
  const settlement = scope.getByTestId('cancellation-settlement');
  await visible(settlement.getByRole('heading', { name: w.settlementTitle }));
  await visible(settlement.getByTestId('settlement-paid'));
  expect(await breakdownRow(settlement, 'settlement-paid')).toBe(w.yen(fare));
  expect(await breakdownRow(settlement, 'settlement-applied')).toBe(w.yen(fee));
  expect(await breakdownRow(settlement, 'settlement-refund')).toBe(`${w.yen(fare - fee)} ${w.toCard}`);
  expect(await breakdownRow(settlement, 'settlement-still-owed')).toBe(w.yen(0));
}

/** The agent asks to cancel from the booking page: the cancel page's fee and breakdown first (checked, screenshot), then the request. */
async function askToCancel(page: Page, lang: Lang, id: string) {
  const w = words[lang];
  await page.getByRole('link', { name: w.askLink, exact: true }).click();
  await visible(page.getByRole('heading', { name: w.cancelTitle(id) }));
  expect(await page.getByTestId('cancellation-fee').innerText()).toBe(w.yen(fee));
  await expectBreakdown(page, lang);
  // The screen itself (the shell's account button is outside it).
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `refund-cancel-page-${lang}`);
  await page.getByLabel(w.agree).check();
  await page.getByRole('button', { name: w.ask }).click();
  await visible(page.getByRole('heading', { name: w.bookingTitle(id), exact: true }));
  await visible(page.getByTestId('agent-waiting'));
}

/** The operator confirms the agent's request in the dialog, which shows the same breakdown (screenshot). */
async function confirmCancellation(page: Page, lang: Lang, id: string) {
  const w = words[lang];
  await openBooking(page, lang, id);
  await page.getByTestId('next-step').getByRole('button', { name: w.confirmStep }).click();
  const dialog = page.getByRole('dialog');
  await expectBreakdown(dialog, lang);
  await dialogShown(page);
  await screenshot(page, `refund-confirm-dialog-${lang}`);
  await dialog.getByRole('button', { name: w.confirmButton }).click();
  await dialog.waitFor({ state: 'detached' });
  await visible(page.getByTestId('booking-status').getByText(w.cancelled));
}

/** The cancelled booking's page once the refund went back (reloaded until then, as a person would): the fee netted, the account settled. */
async function expectRefundedAfterCancellation(page: Page, lang: Lang, id: string) {
  const w = words[lang];
  await openBooking(page, lang, id);
  const panel = page.getByTestId('payment-panel-cancellation');
  const deadline = Date.now() + JOB_WITHIN;
  // textContent: the badge's letters are drawn in capitals.
  while ((await panel.getByTestId('refund-status').first().textContent({ timeout: 15_000 })) !== w.refunded) {
    if (Date.now() > deadline) throw new Error(`the refund of ${id} is not shown as made within ${JOB_WITHIN} ms: the server has ${JSON.stringify((await booking(id)).main_params.payment?.refunds)}`);
    await page.waitForTimeout(1_000);
    await openBooking(page, lang, id);
  }
  // The fee was paid from the fare at once (netting), not charged again.
  expect(await panel.getByTestId('payment-total').innerText()).toBe(w.yen(fee));
  await visible(panel.getByTestId('payment-status').getByText(lang === 'ja' ? '入金済み' : 'Paid'));
  expect(await panel.getByTestId('money-billed').innerText()).toBe(w.yen(fee));
  expect(await panel.getByTestId('payment-paid').innerText()).toBe(w.yen(fare));
  expect(await panel.getByTestId('money-refunded').innerText()).toBe(w.yen(fare - fee));
  expect(await panel.getByTestId('money-balance').innerText()).toBe(w.yen(0));
  const refunds = panel.getByTestId('refund-list').getByRole('listitem');
  expect(await refunds.count()).toBe(1);
  expect(await refunds.getByTestId('refund-amount').innerText()).toBe(w.yen(fare - fee));
  expect(await refunds.getByTestId('refund-route').innerText()).toBe(lang === 'ja' ? 'カードへ返金（決済サービス経由）' : 'To the card (through the payment provider)');
  expect(await refunds.getByTestId('refund-return-invoice').innerText()).toBe(w.returnInvoice);
  // The screen itself (the shell's account button is outside it).
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `refund-booking-after-${lang}`);
  return refunds.getByTestId('refund-return-invoice');
}

/** The operator's refund dialog on booking B, its limit the fare still held (checked by axe). */
async function openRefundDialog(page: Page, lang: Lang, heldE6: number) {
  const w = words[lang];
  await openBooking(page, lang, ids.b);
  const panel = page.getByTestId('payment-panel-fare');
  await panel.getByTestId('booking-account').getByRole('button', { name: w.refund, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByTestId('refund-available'));
  expect(await dialog.getByTestId('refund-available').innerText()).toContain(w.yen(heldE6));
  expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
  return { panel, dialog };
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  // Three bookings confirmed and two paid through the API before the first screen.
  test.setTimeout(180_000);
  browser = workerBrowser;
  [staff, agent] = await Promise.all([apiSession('staff@example.com'), apiSession('agent-free@example.com')]);
  const [a, a2, b] = await confirmedBookings(['返金テスト会 取消', 'Refund test cancelled', '返金テスト会 一部返金']);
  Object.assign(ids, { a, a2, b });
  fare = (await booking(ids.a)).main_params.payment!.total_amount;
  // The English cancellation and the operator's refund start from bookings already paid.
  await Promise.all([paidThroughApi(ids.a2), paidThroughApi(ids.b)]);
});

test.describe('refunds, in Japanese', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async () => {
    ({ context, page } = await freshPage(browser));
  });
  test.afterAll(() => context.close());

  test('the agent pays by card, sees how cancelling settles the money and asks; the operator confirms; the rest goes back to the card with a return invoice', async () => {
    const quote = await staff<Quote>('GET', `/v1/bookings/${ids.a}/cancellation_fee`);
    fee = quote.cancellation_fee;
    expect(fee).toBeGreaterThan(0);
    expect(fee).toBeLessThan(fare);

    await logIn(page, 'agent-free@example.com');
    await openBooking(page, 'ja', ids.a);
    const fareCard = page.getByTestId('payment-panel-fare');
    await fareCard.getByRole('button', { name: 'カードで支払う' }).click();
    await visible(page.getByTestId('sandbox-test-cards'));
    await page.getByRole('textbox', { name: 'カード番号' }).fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: `${formatYen(fare)} 円を支払う` }).click();
    await visible(page.getByTestId('payment-returned').getByText('お支払いを確認しました'), JOB_WITHIN);
    expect(await fareCard.getByTestId('payment-paid').innerText()).toBe(words.ja.yen(fare));

    await askToCancel(page, 'ja', ids.a);
    // What the agent agreed to is what the server will do.
    expect((await staff<Quote>('GET', `/v1/bookings/${ids.a}/cancellation_fee`)).settlement).toEqual({
      fee_amount: fee,
      paid_amount: fare,
      applied_to_fee_amount: fee,
      refund_amount: fare - fee,
      refund_route: 'GATEWAY',
      still_owed_amount: 0,
      on_monthly_invoice: false,
    });

    await switchTo(page, 'staff@example.com', 'ja');
    await confirmCancellation(page, 'ja', ids.a);

    await switchTo(page, 'agent-free@example.com', 'ja');
    const returnInvoice = await expectRefundedAfterCancellation(page, 'ja', ids.a);
    const { text } = await downloadedPdf(page, (await returnInvoice.getAttribute('href'))!);
    expect(text).toContain('返還請求書番号');
    expect(text).toContain(ids.a);
    expect(text).toContain(`¥${formatYen(fare - fee)}`);
  });

  test('the operator refunds part of a paid booking: pressed twice, one refund, and the figures follow', async () => {
    const w = words.ja;
    const partE6 = PARTIAL_REFUND_YEN * E6;
    const fareB = (await booking(ids.b)).main_params.payment!.total_amount;
    expect(fareB).toBeGreaterThan(partE6);

    await switchTo(page, 'staff@example.com', 'ja');
    const { panel, dialog } = await openRefundDialog(page, 'ja', fareB);
    // A refund cannot be taken back: the dialog closes with 閉じる, never a キャンセル that reads like cancelling the booking.
    expect(await dialog.getByRole('button', { name: 'キャンセル' }).count()).toBe(0);
    await dialog.getByRole('radio', { name: w.part }).check();
    await dialog.getByLabel(w.amount).fill(String(PARTIAL_REFUND_YEN));
    await dialog.getByLabel(w.reason).fill('当日の人数が2名減ったため');
    await visible(dialog.getByTestId('refund-how').getByText(`${w.yen(partE6)} を、決済サービスを通じてご利用のカードへ返金します。`));
    await dialogShown(page);
    await screenshot(page, 'refund-dialog-ja');
    await dialog.getByRole('button', { name: w.refund, exact: true }).dblclick();
    await dialog.waitFor({ state: 'detached' });

    const refunds = panel.getByTestId('refund-list').getByRole('listitem');
    await visible(refunds);
    expect(await refunds.count()).toBe(1);
    expect(await refunds.getByTestId('refund-amount').innerText()).toBe(w.yen(partE6));
    expect(await refunds.getByTestId('refund-reason').innerText()).toBe('運行会社による返金');
    expect(await refunds.getByTestId('refund-note').innerText()).toBe('（当日の人数が2名減ったため）');
    // The refund lowers what the booking costs; once the gateway made it, the account is even again.
    const made = await until('the partial refund made', () => booking(ids.b), (b) => b.main_params.payment!.refunds.every((r) => r.status === 'PAYMENT_CONFIRMED'));
    expect(made.main_params.payment!.refunds).toHaveLength(1);
    await openBooking(page, 'ja', ids.b);
    await visible(panel.getByTestId('refund-status').getByText(w.refunded));
    expect(await panel.getByTestId('money-billed').innerText()).toBe(w.yen(fareB - partE6));
    expect(await panel.getByTestId('payment-paid').innerText()).toBe(w.yen(fareB));
    expect(await panel.getByTestId('money-refunded').innerText()).toBe(w.yen(partE6));
    expect(await panel.getByTestId('money-balance').innerText()).toBe(w.yen(0));
    expect(await panel.getByTestId('refund-list').getByRole('listitem').count()).toBe(1);
  });
});

test.describe('refunds, in English', () => {
  let context: BrowserContext;
  let page: Page;
  test.beforeAll(async () => {
    ({ context, page } = await freshPage(browser));
  });
  test.afterAll(() => context.close());

  test('the cancel page, the confirmation, the refunded booking and the refund dialog', async () => {
    fee = (await staff<Quote>('GET', `/v1/bookings/${ids.a2}/cancellation_fee`)).cancellation_fee;
    await logIn(page, 'agent-free@example.com', 'en');
    await openBooking(page, 'en', ids.a2);
    await askToCancel(page, 'en', ids.a2);

    await switchTo(page, 'staff@example.com', 'en');
    await confirmCancellation(page, 'en', ids.a2);
    // While the refund goes back to the card: the refund dialog of booking B (its partial refund made, the rest held).
    const fareB = (await booking(ids.b)).main_params.payment!.total_amount;
    const { panel, dialog } = await openRefundDialog(page, 'en', fareB - PARTIAL_REFUND_YEN * E6);
    expect(await panel.getByTestId('refund-note').textContent()).toBe(' (当日の人数が2名減ったため)');
    await visible(dialog.getByTestId('refund-how').getByText(`¥${formatYen(fareB - PARTIAL_REFUND_YEN * E6)} goes back to the card through the payment provider.`));
    await dialogShown(page);
    await screenshot(page, 'refund-dialog-en');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await switchTo(page, 'agent-free@example.com', 'en');
    await expectRefundedAfterCancellation(page, 'en', ids.a2);
  });
});
