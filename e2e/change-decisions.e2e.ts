/**
 * Deciding an agent's change requests through the real screens, in Japanese and in English: the
 * FREE agent asks for fewer people on one booking (through the API) and for another train on a
 * second booking (on the change form, which says the trains change only once and wants that
 * confirmed); the operator sees each change side by side (before → after, the decrement fee, the
 * difference) on the booking and in the dialogs, declines the first with a reason and approves
 * the second; the agent's booking shows the reason. axe on the pages and the dialogs.
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
type Label = { language_id: string; text: string };
type Summary = {
  legs: { before: { service_name: Label[] } | null; after: { service_name: Label[] } | null; train_changed: boolean }[];
  amounts: { decrement_fee_amount: number; difference_amount: number };
};
type Booking = {
  status: string;
  pending_change_summary: Summary | null;
  modification_decline_reason: string | null;
  applicant: unknown;
  tour_conductor: unknown;
  group: unknown;
  main_params: { service_order: { services: { service_day: string; service_id: number; from_station_id: number; to_station_id: number }[] } };
};

let browser: Browser;
let staff: Call;
let agent: Call;

const yen = (e6: number) => Math.abs(e6 / 1_000_000).toLocaleString('en-US');
const words = {
  ja: {
    day: demoDate('2027-10-21'),
    title: (id: string) => `予約 ${id}`,
    onceTitle: '列車の変更は1回限りです',
    onceConfirm: '列車の変更は1回限りであることを確認しました',
    onceRequired: '確認のうえ、チェックを入れてください',
    toConfirm: '確認画面へ',
    submitChange: 'この内容で変更する',
    card: '変更申込の内容',
    fee: (n: string) => `減員手数料：${n} 円`,
    refund: (n: string) => `差額：${n} 円の返金`,
    decline: '変更をお断り',
    declineTitle: '変更申込をお断りする',
    reasonLabel: 'お断りする理由',
    declineConfirm: 'お断りする',
    required: 'お断りする理由を入力してください',
    reason: '当日は団体のお席の配置が確定しており、減員による座席の組み替えができません。',
    noticeTitle: '変更申込はお受けできませんでした',
    accept: '変更を承認',
    acceptTitle: '変更の承認',
    acceptConfirm: '変更を承認する',
    released: '列車が変わるため',
    brief: '人数 20 → 17 名',
  },
  en: {
    day: demoDate('2027-10-28'),
    title: (id: string) => `Booking ${id}`,
    onceTitle: 'The trains can be changed only once',
    onceConfirm: 'I understand that the trains can be changed only once',
    onceRequired: 'Please confirm by ticking the box',
    toConfirm: 'Review',
    submitChange: 'Change the booking',
    card: 'Requested change',
    fee: (n: string) => `Decrement fee: ¥${n}`,
    refund: (n: string) => `Difference: ¥${n} to refund`,
    decline: 'Decline the change',
    declineTitle: 'Decline the change request',
    reasonLabel: 'Reason for declining',
    declineConfirm: 'Decline',
    required: 'Please enter reason for declining',
    reason: 'The seating plan for that day is fixed; we cannot rearrange the seats for fewer people.',
    noticeTitle: 'The change request was declined',
    accept: 'Accept the change',
    acceptTitle: 'Accept the change',
    acceptConfirm: 'Accept the change',
    released: 'The trains change',
    brief: 'Participants 20 → 17',
  },
} as const;

/** A booking of 20 adults for the FREE agent on the first down train of `day` with room, confirmed by staff. */
async function confirmed(day: string, name: string): Promise<{ id: string; adult: number; trains: number[] }> {
  const { services } = await staff<DayAnswer>('GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`);
  const trains = services.filter((s) => s.direction === 'down' && s.vacant_seats >= 40).map((s) => s.service_id);
  const { units } = await staff<UnitsAnswer>('GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!.id;
  const me = await agent<{ user: { agent_id: number } }>('GET', '/v1/auth/me');
  const { agents } = await staff<AgentsAnswer>('GET', '/v1/agents?per_page=100');
  const free = agents.find((a) => a.id === me.user.agent_id)!;
  const { booking_id } = await staff<{ booking_id: string }>('POST', '/v1/bookings', {
    applicant: { name: '変更 花子', email: 'change.e2e@example.com', phone_number: '075-555-8888' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: day, service_id: trains[0], from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult, quantity: 20 }], wheel_chairs: [] },
    agent_id: free.id,
    agent_sub_group_id: free.groups.find((g) => g.is_root)!.id,
  });
  await staff('POST', `/v1/bookings/${booking_id}/reserve_allotments`, {});
  await staff('POST', `/v1/bookings/${booking_id}/confirm_booking`, { mail: { subject: 'ご予約確定', body: '確定しました' } });
  return { id: booking_id, adult, trains };
}

/** The agent asks for 17 adults instead of 20 on the same train (PUT /params). */
async function fewerPeople(id: string, adult: number) {
  const b = await agent<Booking>('GET', `/v1/bookings/${id}`);
  const leg = b.main_params.service_order.services[0]!;
  await agent('PUT', `/v1/bookings/${id}/params`, {
    applicant: b.applicant,
    tour_conductor: b.tour_conductor,
    group: b.group,
    service_order: { down_service: { service_date: leg.service_day, service_id: leg.service_id, from_station_id: leg.from_station_id, to_station_id: leg.to_station_id } },
    participant_group: { unit_quantity_items: [{ unit_id: adult, quantity: 17 }], wheel_chairs: [] },
    note: '3名減',
  });
}

async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 50 && !(await check()); i++) await new Promise((r) => setTimeout(r, 200));
  expect(await check()).toBe(true);
}

/** The agent asks for another train on the change form: the one-change notice and its confirmation. */
async function agentChangesTrain(page: Page, lang: Lang, id: string) {
  const w = words[lang];
  await logIn(page, 'agent-free@example.com', lang);
  await page.goto(`/bookings/${id}/update`);
  const notice = page.getByTestId('train-change-once');
  await visible(notice.getByText(w.onceTitle));
  // Nothing to confirm while the trains are the booking's own.
  expect(await page.getByTestId('train-change-once-confirm').count()).toBe(0);
  await page.getByTestId('train-select-down').click();
  const list = page.getByRole('listbox');
  // While the day's trains load, the chosen train shows as a disabled "loading" option and the field
  // reads that: the train's own name is known once a bookable option is there (same render).
  await visible(list.getByRole('option', { disabled: false }));
  const current = await page.getByTestId('train-select-down').inputValue();
  await list.getByRole('option', { disabled: false }).filter({ hasNotText: current }).first().click();
  await visible(page.getByTestId('train-change-once-confirm'));
  await page.getByRole('button', { name: w.toConfirm }).click();
  await visible(notice.getByText(w.onceRequired));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `change-train-once-${lang}`);
  await page.getByLabel(w.onceConfirm).check();
  await page.getByRole('button', { name: w.toConfirm }).click();
  await page.getByRole('button', { name: w.submitChange }).click();
  await until(async () => (await staff<Booking>('GET', `/v1/bookings/${id}`)).status === 'MODIFICATION_SUBMITTED');
  await logOut(page, lang);
}

async function journey(page: Page, lang: Lang) {
  const w = words[lang];
  const fewer = await confirmed(w.day, lang === 'ja' ? '変更判断テスト会A' : 'Change decision group A');
  const moved = await confirmed(w.day, lang === 'ja' ? '変更判断テスト会B' : 'Change decision group B');
  await fewerPeople(fewer.id, fewer.adult);
  await agentChangesTrain(page, lang, moved.id);

  // The operator's notifications say what each change is about.
  await logIn(page, 'staff@example.com', lang);
  await page.goto('/notifications');
  const entry = page.getByRole('row').filter({ hasText: fewer.id });
  await visible(entry.getByTestId('notification-detail').getByText(w.brief, { exact: false }));
  await visible(page.getByRole('row').filter({ hasText: moved.id }).getByTestId('notification-detail').getByText('→', { exact: false }));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `change-notifications-${lang}`);

  // The headcount change, side by side on the booking; declined with a reason.
  await page.goto(`/bookings/${fewer.id}`);
  await visible(page.getByRole('heading', { name: w.title(fewer.id), exact: true }));
  const summary = (await staff<Booking>('GET', `/v1/bookings/${fewer.id}`)).pending_change_summary!;
  expect(summary.amounts.decrement_fee_amount).toBeGreaterThan(0);
  expect(summary.amounts.difference_amount).toBeLessThan(0);
  const card = page.getByRole('region', { name: w.card });
  await visible(card.getByTestId('change-row-participants').getByText(lang === 'ja' ? '20 名' : '20'));
  await visible(card.getByTestId('change-row-participants').getByText(lang === 'ja' ? '17 名' : '17'));
  expect(await card.getByTestId('change-row-participants').getAttribute('data-changed')).toBe('true');
  await visible(card.getByTestId('change-decrement-fee').getByText(w.fee(yen(summary.amounts.decrement_fee_amount))));
  await visible(card.getByTestId('change-difference').getByText(w.refund(yen(summary.amounts.difference_amount))));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `change-card-headcount-${lang}`);
  await card.getByRole('button', { name: w.decline }).click();
  const declineDialog = page.getByRole('dialog', { name: w.declineTitle });
  await visible(declineDialog.getByTestId('change-decrement-fee'));
  await declineDialog.getByRole('button', { name: w.declineConfirm, exact: true }).click();
  await visible(declineDialog.getByText(w.required));
  expect((await staff<Booking>('GET', `/v1/bookings/${fewer.id}`)).status).toBe('MODIFICATION_SUBMITTED');
  await declineDialog.getByLabel(w.reasonLabel).fill(w.reason);
  await settled(page);
  expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
  await screenshot(page, `change-decline-dialog-${lang}`);
  await declineDialog.getByRole('button', { name: w.declineConfirm, exact: true }).click();
  await declineDialog.waitFor({ state: 'detached' });
  await visible(page.getByTestId('change-declined').getByText(w.reason, { exact: false }));
  expect(await staff<Booking>('GET', `/v1/bookings/${fewer.id}`)).toMatchObject({ status: 'NOT_MODIFIED', modification_decline_reason: w.reason });

  // The train change: both trains named, the seats given up; approved.
  await page.goto(`/bookings/${moved.id}`);
  await visible(page.getByRole('heading', { name: w.title(moved.id), exact: true }));
  const trains = (await staff<Booking>('GET', `/v1/bookings/${moved.id}`)).pending_change_summary!.legs[0]!;
  expect(trains.train_changed).toBe(true);
  const name = (labels: Label[]) => (labels.find((l) => l.language_id === lang) ?? labels[0]!).text;
  const movedCard = page.getByRole('region', { name: w.card });
  await visible(movedCard.getByTestId('change-row-down-train').getByText(name(trains.before!.service_name), { exact: false }));
  await visible(movedCard.getByTestId('change-row-down-train').getByText(name(trains.after!.service_name), { exact: false }));
  await visible(movedCard.getByTestId('change-seats').getByText(w.released, { exact: false }));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `change-card-train-${lang}`);
  await movedCard.getByRole('button', { name: w.accept, exact: true }).click();
  const acceptDialog = page.getByRole('dialog', { name: w.acceptTitle });
  await visible(acceptDialog.getByTestId('change-row-down-train').getByText(name(trains.after!.service_name), { exact: false }));
  await settled(page);
  expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
  await screenshot(page, `change-accept-dialog-${lang}`);
  await acceptDialog.getByRole('button', { name: w.acceptConfirm, exact: true }).click();
  await acceptDialog.waitFor({ state: 'detached' });
  await until(async () => (await staff<Booking>('GET', `/v1/bookings/${moved.id}`)).status === 'MODIFIED');
  await logOut(page, lang);

  // The agent sees why its change was declined.
  await logIn(page, 'agent-free@example.com', lang);
  await page.goto(`/bookings/${fewer.id}`);
  const notice = page.getByTestId('change-declined');
  await visible(notice.getByText(w.noticeTitle));
  await visible(notice.getByText(w.reason, { exact: false }));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await screenshot(page, `change-declined-agent-${lang}`);
  await logOut(page, lang);
}

test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
  [staff, agent] = await Promise.all([apiSession('staff@example.com'), apiSession('agent-free@example.com')]);
});

test.describe('deciding change requests', () => {
  const inFreshPage = async (run: (page: Page) => Promise<void>) => {
    const { context, page } = await freshPage(browser);
    try {
      await run(page);
    } finally {
      await context.close();
    }
  };

  test('in Japanese: a headcount change declined with a reason, a train change approved, both seen side by side', async () => {
    await inFreshPage((page) => journey(page, 'ja'));
  });

  test('in English: the same', async () => {
    await inFreshPage((page) => journey(page, 'en'));
  });
});
