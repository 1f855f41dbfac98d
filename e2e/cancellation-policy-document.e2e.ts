/**
 * A booking's cancellation-policy document through the real screens (spec 001 §7.7), in Japanese
 * and in English: from the booking's page (its header's キャンセルポリシー) and from its cancel page
 * (the policy table's document link), the document opens in a new tab with the booking's number,
 * each cancellation day's rate and the fee in yen the server states for it, the free days before
 * and today's row marked. The FREE agent in Japanese, the operator's staff in English. axe on it.
 */
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, logOut, type Lang, visible } from './support/actions.ts';
import { apiSession } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { demoDate } from './support/demo-days.ts';

type Call = Awaited<ReturnType<typeof apiSession>>;
type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };
type PolicyDocument = { total_amount: number; free_until: string | null; frozen: boolean; in_force_days_before: number | null; rows: { days_before: number; rate_e6: number; fee_amount: number }[] };

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-11-25');
const E6 = 1_000_000;

let browser: Browser;
let staff: Call;
let agent: Call;

const words = {
  ja: {
    email: 'agent-free@example.com',
    title: (id: string) => `予約 ${id}`,
    link: 'キャンセルポリシー',
    documentTitle: (id: string) => `キャンセルポリシー（予約 ${id}）`,
    table: '取消日ごとの取消料',
    frozen: '予約確定時点のキャンセルポリシーです',
    yen: (e6: number) => `${(e6 / E6).toLocaleString('ja-JP')} 円`,
    noFee: 'かかりません',
    today: '本日',
  },
  en: {
    email: 'staff@example.com',
    title: (id: string) => `Booking ${id}`,
    // Not the master menu's "Cancellation policy" (the policy's settings).
    link: 'Cancellation policy and fees',
    documentTitle: (id: string) => `Cancellation policy (booking ${id})`,
    table: 'Cancellation fee by cancellation day',
    frozen: 'This is the policy in force when the booking was confirmed',
    yen: (e6: number) => `¥${(e6 / E6).toLocaleString('en-US')}`,
    noFee: 'No fee',
    today: 'Today',
  },
} as const;

/** A booking of 14 adults for the FREE agent on a down train of DAY, confirmed by staff. */
async function confirmedBooking(name: string): Promise<string> {
  const { services } = await staff<DayAnswer>('GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const train = services.find((s) => s.direction === 'down' && s.vacant_seats >= 30)!;
  const { units } = await staff<UnitsAnswer>('GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await agent<{ user: { agent_id: number } }>('GET', '/v1/auth/me');
  const { agents } = await staff<AgentsAnswer>('GET', '/v1/agents?per_page=100');
  const free = agents.find((a) => a.id === me.user.agent_id)!;
  const { booking_id } = await staff<{ booking_id: string }>('POST', '/v1/bookings', {
    applicant: { name: '規定 花子', email: 'policy.e2e@example.com', phone_number: '075-555-8888' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 14 }], wheel_chairs: [] },
    agent_id: free.id,
    agent_sub_group_id: free.groups.find((g) => g.is_root)!.id,
  });
  await staff('POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await staff('POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  return booking_id;
}

/** Clicks `link` and answers the tab it opens, loaded. */
async function opensTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [tab] = await Promise.all([context.waitForEvent('page'), click()]);
  await tab.waitForLoadState();
  return tab;
}

/** The document in `tab` states what the server states for the booking: every row's fee, the free days, today's row. */
async function expectDocument(tab: Page, lang: Lang, id: string, doc: PolicyDocument) {
  const w = words[lang];
  expect(new URL(tab.url()).pathname).toBe(`/cancellation-policy/document/${id}`);
  await visible(tab.getByRole('heading', { name: w.documentTitle(id), level: 1 }));
  const table = tab.getByRole('table', { name: w.table });
  await visible(table);
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBe(doc.rows.length + (doc.free_until ? 1 : 0));
  const offset = doc.free_until ? 1 : 0;
  for (const [i, row] of doc.rows.entries()) {
    const fee = (await rows.nth(i + offset).locator('td').nth(3).textContent())!;
    expect(fee, `row ${row.days_before}`).toBe(row.fee_amount === 0 ? w.noFee : w.yen(row.fee_amount));
  }
  // Months before the train: the free days are today's.
  expect(doc.in_force_days_before).toBeNull();
  await visible(rows.first().getByText(w.today, { exact: true }));
  expect(await rows.first().getAttribute('data-current')).toBe('true');
  await visible(tab.getByText(w.frozen, { exact: false }));
}

async function journey(context: BrowserContext, page: Page, lang: Lang, id: string) {
  const w = words[lang];
  const doc = await staff<PolicyDocument>('GET', `/v1/bookings/${id}/cancellation_policy`);
  expect(doc.frozen).toBe(true);
  // A fee above nothing on the day before, for a 14-adult booking.
  expect(doc.rows.some((r) => r.fee_amount > 0)).toBe(true);

  await logIn(page, w.email, lang);
  await page.goto(`/bookings/${id}`);
  await visible(page.getByRole('heading', { name: w.title(id), exact: true }));
  await screenshot(page, `cancellation-policy-booking-detail-${lang}`);
  const fromDetail = await opensTab(context, () => page.getByRole('main').getByRole('link', { name: w.link, exact: true }).click());
  await expectDocument(fromDetail, lang, id, doc);
  expect(await seriousAxeViolations(fromDetail)).toEqual([]);
  await screenshot(fromDetail, `cancellation-policy-document-${lang}`);
  await fromDetail.close();

  // The cancel page's policy table links the same document.
  await page.goto(`/bookings/${id}/cancel`);
  const link = page.locator(`a[href="/cancellation-policy/document/${id}"]`);
  await visible(link);
  await screenshot(page, `cancellation-policy-cancel-page-${lang}`);
  const fromCancel = await opensTab(context, () => link.click());
  await expectDocument(fromCancel, lang, id, doc);
  await fromCancel.close();
  await logOut(page, lang);
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  [staff, agent] = await Promise.all([apiSession('staff@example.com'), apiSession('agent-free@example.com')]);
});

test.describe('a booking\'s cancellation policy document', () => {
  const inFreshPage = async (run: (context: BrowserContext, page: Page) => Promise<void>) => {
    const { context, page } = await freshPage(browser);
    try {
      await run(context, page);
    } finally {
      await context.close();
    }
  };

  test('in Japanese: the agent opens it from its booking and from the cancel page', async () => {
    const id = await confirmedBooking('規定書面テスト会');
    await inFreshPage((context, page) => journey(context, page, 'ja', id));
  });

  test('in English: the operator\'s staff open the same', async () => {
    const id = await confirmedBooking('Policy document group');
    await inFreshPage((context, page) => journey(context, page, 'en', id));
  });
});
