/**
 * Declining a cancellation through the real screens, in Japanese and in English: the FREE agent
 * asks to cancel a confirmed booking (through the API: the cancel page is another journey's), the
 * operator presses 取消を承認しない, is told where the booking goes back to, must give a reason,
 * and declines; the booking is confirmed again, the history names the reason, and the agent's
 * booking shows that its request was declined and why. axe on the dialog and both booking pages.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, logOut, type Lang, visible } from './support/actions.ts';
import { apiSession } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { demoDate } from './support/demo-days.ts';

type Call = Awaited<ReturnType<typeof apiSession>>;
type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type Booking = { status: string; sub_status: string; cancellation_declined: { reason: string } | null };

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-11-18');

let browser: Browser;
let staff: Call;
let agent: Call;

const words = {
  ja: {
    title: (id: string) => `予約 ${id}`,
    decline: '取消を承認しない',
    dialogTitle: '取消申込を承認しない',
    goesBack: '予約を「予約確定」に戻します',
    reasonLabel: '理由',
    confirm: '承認しない',
    required: '理由を入力してください',
    reserved: '予約確定',
    reason: '当日は貸切運行の準備が済んでおり、取消はお電話でのご相談となります。',
    noticeTitle: '取消申込は承認されませんでした',
    histories: '変更履歴',
  },
  en: {
    title: (id: string) => `Booking ${id}`,
    decline: 'Decline cancellation',
    dialogTitle: 'Decline the cancellation request',
    goesBack: 'the booking goes back to “Confirmed”',
    reasonLabel: 'Reason',
    confirm: 'Decline',
    required: 'Please enter reason',
    reserved: 'Confirmed',
    reason: 'The charter for that day is already arranged; please call us to discuss a cancellation.',
    noticeTitle: 'The cancellation request was declined',
    histories: 'History',
  },
} as const;

/** A booking of 12 adults for the FREE agent on a down train of DAY, confirmed by staff, then asked to be cancelled by the agent. */
async function cancellationRequested(name: string): Promise<string> {
  const { services } = await staff<DayAnswer>('GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const train = services.find((s) => s.direction === 'down' && s.vacant_seats >= 30)!;
  const { units } = await staff<UnitsAnswer>('GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await agent<{ user: { agent_id: number } }>('GET', '/v1/auth/me');
  const { agents } = await staff<AgentsAnswer>('GET', '/v1/agents?per_page=100');
  const free = agents.find((a) => a.id === me.user.agent_id)!;
  const { booking_id } = await staff<{ booking_id: string }>('POST', '/v1/bookings', {
    applicant: { name: '取消 太郎', email: 'decline.e2e@example.com', phone_number: '075-555-7777' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 12 }], wheel_chairs: [] },
    agent_id: free.id,
    agent_sub_group_id: free.groups.find((g) => g.is_root)!.id,
  });
  await staff('POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await staff('POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  await agent('POST', `/v1/bookings/${booking_id}/cancel`, { agree_cancellation_policy: true });
  return booking_id;
}

async function dialogShown(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

async function journey(page: Page, lang: Lang, id: string) {
  const w = words[lang];
  await logIn(page, 'staff@example.com', lang);
  await page.goto(`/bookings/${id}`);
  await visible(page.getByRole('heading', { name: w.title(id), exact: true }));
  await page.getByTestId('next-step').getByRole('button', { name: w.decline }).click();
  const dialog = page.getByRole('dialog', { name: w.dialogTitle });
  await visible(dialog.getByText(w.goesBack, { exact: false }));
  // No reason, no decline.
  await dialog.getByRole('button', { name: w.confirm, exact: true }).click();
  await visible(dialog.getByText(w.required));
  expect((await staff<Booking>('GET', `/v1/bookings/${id}`)).status).toBe('CANCELLATION_SUBMITTED');
  await dialog.getByLabel(w.reasonLabel).fill(w.reason);
  await dialogShown(page);
  expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
  await screenshot(page, `cancellation-decline-dialog-${lang}`);
  await dialog.getByRole('button', { name: w.confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await visible(page.getByTestId('booking-status').getByText(w.reserved));
  await visible(page.getByTestId('cancellation-declined').getByText(w.reason, { exact: false }));
  expect(await staff<Booking>('GET', `/v1/bookings/${id}`)).toMatchObject({ status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED', cancellation_declined: { reason: w.reason } });

  // The history names the decline and its reason on the revision that made it.
  await page.getByRole('link', { name: w.histories }).click();
  await visible(page.getByTestId('history-declined').getByText(w.reason, { exact: false }));
  expect(await page.getByTestId('history-declined').count()).toBe(1);

  // The agent sees that its request was declined, and why.
  await logOut(page, lang);
  await logIn(page, 'agent-free@example.com', lang);
  await page.goto(`/bookings/${id}`);
  await visible(page.getByRole('heading', { name: w.title(id), exact: true }));
  const notice = page.getByTestId('cancellation-declined');
  await visible(notice.getByText(w.noticeTitle));
  await visible(notice.getByText(w.reason, { exact: false }));
  await visible(page.getByTestId('booking-status').getByText(w.reserved));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `cancellation-declined-agent-${lang}`);
  await logOut(page, lang);
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  [staff, agent] = await Promise.all([apiSession('staff@example.com'), apiSession('agent-free@example.com')]);
});

test.describe('declining a cancellation', () => {
  /** Each language in its own browser profile, so that one failing cannot leave the other signed in. */
  const inFreshPage = async (run: (page: Page) => Promise<void>) => {
    const { context, page } = await freshPage(browser);
    try {
      await run(page);
    } finally {
      await context.close();
    }
  };

  test('in Japanese: the operator declines with a reason, the booking is confirmed again, the agent sees why', async () => {
    const id = await cancellationRequested('取消不承認テスト会');
    await inFreshPage((page) => journey(page, 'ja', id));
  });

  test('in English: the same', async () => {
    const id = await cancellationRequested('Decline test group');
    await inFreshPage((page) => journey(page, 'en', id));
  });
});
