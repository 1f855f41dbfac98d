/**
 * Live updates (DESIGN §8 Realtime): the operator's open booking list and booking detail follow
 * what an agent does in another browser without a reload, and a step started in a tab that did
 * not hear of a change is refused with the conflict message while the tab shows the fresh booking.
 */
import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api, apiAs } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A day of the demo season away from the other journeys' days.
const DAY = demoDate('2027-06-17');

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

/** The agent submits a booking request from its own browser session. */
async function agentSubmits(agent: Page, name: string): Promise<string> {
  const day = await api<DayAnswer>(agent, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats >= 20)!;
  const { units } = await api<UnitsAnswer>(agent, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const me = await api<{ user: { agent_id: number } }>(agent, 'GET', '/v1/auth/me');
  const { booking_id } = await api<{ booking_id: string }>(agent, 'POST', '/v1/bookings', {
    agent_id: me.user.agent_id,
    applicant: { name: '即時 花子', email: 'live.e2e@example.com', phone_number: '075-555-7777' },
    tour_conductor: null,
    group: { group_type: 'NORMAL', name, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
    service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
    participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 15 }], wheel_chairs: [] },
  });
  return booking_id;
}

/** The "priority" field of the open booking detail (its label, not the 優先度 step button above it). */
function priorityField(page: Page) {
  return page.locator('p').filter({ hasText: /^(優先度|Priority)$/ }).first().locator('xpath=following-sibling::*[1]');
}

/** Waits (up to 5 s) until the element's text is `text`. */
async function shows(locator: ReturnType<Page['getByText']>, text: string) {
  const until = Date.now() + 5_000;
  while ((await locator.innerText()) !== text) {
    if (Date.now() > until) throw new Error(`still ${await locator.innerText()}, not ${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const words = {
  ja: { step: '優先度', label: '優先度（0〜100）', save: '保存', done: '優先度を変更しました', conflict: 'この予約は他の方が先に更新したため、操作は行われませんでした。' },
  en: { step: 'Priority', label: 'Priority (0–100)', save: 'Save', done: 'Priority changed', conflict: 'Someone else changed this booking in the meantime, so nothing was done.' },
} as const;

async function setPriority(page: Page, value: string, lang: 'ja' | 'en' = 'ja') {
  await page.getByRole('button', { name: words[lang].step, exact: true }).click();
  await page.getByLabel(words[lang].label).fill(value);
  await page.getByRole('dialog').getByRole('button', { name: words[lang].save }).click();
}

/** A second tab of the operator that hears nothing (its stream blocked, as when a connection is lost), left on the old revision while the first tab changes the priority; its own step is then refused. */
async function staleStep(operator: { context: BrowserContext; page: Page }, bookingId: string, lang: 'ja' | 'en', mine: string, theirs: string) {
  const stale = await operator.context.newPage();
  await stale.route('**/v1/events**', (route) => route.abort());
  await stale.goto(`/bookings/${bookingId}${lang === 'en' ? '?lang=en' : ''}`);
  await visible(priorityField(stale));
  const shown = await priorityField(stale).innerText();
  await setPriority(operator.page, theirs);
  await visible(operator.page.getByText(words.ja.done).last());
  expect(await priorityField(stale).innerText()).toBe(shown);

  await setPriority(stale, mine, lang);
  await visible(stale.getByText(words[lang].conflict, { exact: false }));
  // …and the tab now shows the booking as it is: the other tab's priority, not its own.
  await shows(priorityField(stale), theirs);
  await stale.keyboard.press('Escape');
  await screenshot(stale, `live-conflict-${lang}`);
  await stale.close();
}

test.describe('live updates', () => {
  test('the operator sees an agent\'s new request and another\'s step without reloading; a stale step shows the conflict', async () => {
    const operator = await freshPage(browser);
    await logIn(operator.page, 'admin@example.com');
    const agent = await freshPage(browser);
    await logIn(agent.page, 'agent-free@example.com');

    // The operator's booking list is open; the agent's request appears in it by itself.
    await operator.page.goto(`/bookings?service_from=${DAY}&service_to=${DAY}`);
    await visible(operator.page.getByRole('heading', { level: 1 }));
    const name = `即時反映 E2E ${Date.now() % 100000}`;
    const bookingId = await agentSubmits(agent.page, name);
    await visible(operator.page.getByTestId(`booking-row-${bookingId}`), 5_000);
    expect(await operator.page.getByTestId(`booking-row-${bookingId}`).innerText()).toContain(name);
    await screenshot(operator.page, 'live-list-ja');

    // The operator opens it; another member of staff holds its seats: the status changes on the open detail.
    await operator.page.getByTestId(`booking-row-${bookingId}`).click();
    await operator.page.waitForURL(`**/bookings/${bookingId}`);
    const before = await (await visible(operator.page.getByTestId('booking-status'))).innerText();
    await apiAs('staff@example.com', 'POST', `/v1/bookings/${bookingId}/reserve_allotments`, {});
    await operator.page.waitForFunction((text) => document.querySelector('[data-testid="booking-status"]')?.textContent !== text, before, { timeout: 5_000 });
    // The agent's own portal follows too: its list shows the new status without a reload.
    await agent.page.goto(`/bookings?service_from=${DAY}&service_to=${DAY}`);
    await visible(agent.page.getByTestId(`booking-row-${bookingId}`));

    await staleStep(operator, bookingId, 'ja', '7', '42');
    await staleStep(operator, bookingId, 'en', '8', '43');
    const fresh = await api<{ priority: number }>(operator.page, 'GET', `/v1/bookings/${bookingId}`);
    expect(fresh.priority).toBe(43);
    await operator.context.close();
    await agent.context.close();
  });
});
