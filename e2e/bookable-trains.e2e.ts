/**
 * The booking form offers only what can be booked (DESIGN §10 "Submission and the booking form"):
 * a non-running day says so and offers no train (no raw "#3"), and the date calendars hatch it,
 * refuse it and say why (a running day stays pickable), a suspended train is marked with
 * its reason and cannot be picked, Enter in the date field does not send the form, the minimum
 * group size is shown and a group larger than the train's whole group allotment is told so,
 * not offered the waitlist. ja and en, axe on each.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, shownDate, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

/** A Wednesday outside the cherry-blossom weeks and November: no trains run (demo timetable). */
const NON_RUNNING_DAY = demoDate('2027-05-26');
/** The next day, running; one of its down trains is suspended below. */
const DAY = demoDate('2027-05-27');
/** The two days as the month calendar's buttons show them: their day of the month. */
const dayOfMonth = (date: string) => new RegExp(`^${Number(date.slice(8))}$`);
const [closedYear, closedDayOfMonth] = [NON_RUNNING_DAY.slice(0, 4), Number(NON_RUNNING_DAY.slice(8))];

type DayAnswer = {
  service_pattern: string | null;
  min_group_size: number;
  services: { service_id: number; direction: string; group_seats: number; vacant_seats: number; bookable: boolean; service_names: { language_id: string; text: string }[] }[];
};
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string; name_label: { language_id: string; text: string }[] }[] };

async function downTrains(page: Page, day: string) {
  const answer = await api<DayAnswer>(page, 'GET', `/v1/allotments/${day}?from_station_id=1&to_station_id=4`);
  return { ...answer, services: answer.services.filter((s) => s.direction === 'down') };
}

test.describe('the booking form offers only what can be booked', () => {
  test('a non-running day: no train offered, the reason shown, no raw id; Enter in the date field does not send the form', async () => {
    const { context, page } = await freshPage(browser, 1400, 1000);
    await logIn(page, 'staff@example.com');
    const running = await downTrains(page, DAY);
    const train = running.services.find((s) => s.bookable)!;
    expect((await downTrains(page, NON_RUNNING_DAY)).services).toEqual([]);

    // From an address naming a train on a day it does not run.
    await page.goto(`/bookings/create?date=${NON_RUNNING_DAY}&trip=single&from=1&to=4&down_service_id=${train.service_id}`);
    await visible(page.getByTestId('day-closed-down').getByText('この日は運行なしのため、列車を選べません。別の日をお選びください。'));
    expect(await page.getByTestId('train-select-down').isDisabled()).toBe(true);
    expect(await page.getByTestId('train-select-down').inputValue()).toBe('');
    expect(await page.locator('main').innerText()).not.toContain(`#${train.service_id}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bookable-non-running-day-ja');

    // The calendar hatches the non-running day, which cannot be picked and says why; the next day can be picked.
    await page.getByTestId('service-date').click();
    const closedDay = page.locator('[data-dates-dropdown] button:not([data-outside])', { hasText: dayOfMonth(NON_RUNNING_DAY) });
    await visible(closedDay.and(page.locator('[data-closed="DISABLED"]')));
    expect(await closedDay.isDisabled()).toBe(true);
    expect(await closedDay.getAttribute('aria-label')).toBe(`${closedYear}年5月${closedDayOfMonth}日 運行なし`);
    expect(await closedDay.getAttribute('title')).toBe('運行なし');
    const runningDay = page.locator('[data-dates-dropdown] button:not([data-outside])', { hasText: dayOfMonth(DAY) });
    expect(await runningDay.isDisabled()).toBe(false);
    expect(await runningDay.getAttribute('data-closed')).toBeNull();
    await visible(page.getByTestId('closed-day-legend').getByText('斜線の日は列車が運行しないため選べません。'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bookable-calendar-closed-day-ja');
    // A click on it picks nothing and leaves the calendar open; the running day is picked.
    await closedDay.click({ force: true });
    expect(await page.getByTestId('service-date').inputValue()).toBe(shownDate(NON_RUNNING_DAY));
    await runningDay.click();
    expect(await page.getByTestId('service-date').inputValue()).toBe(shownDate(DAY));
    await page.goto(`/bookings/create?date=${NON_RUNNING_DAY}&trip=single&from=1&to=4`);
    await visible(page.getByTestId('day-closed-down'));

    // Enter in the date field: the form is not sent (no confirm screen, no errors shown).
    const date = page.getByTestId('service-date');
    await date.click();
    await date.press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toContain('/bookings/create');
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);

    await page.goto(`/bookings/create?lang=en&date=${NON_RUNNING_DAY}&trip=single&from=1&to=4&down_service_id=${train.service_id}`);
    await visible(page.getByTestId('day-closed-down').getByText('No trains run on this day: choose another day.'));
    expect(await page.locator('main').innerText()).not.toContain(`#${train.service_id}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bookable-non-running-day-en');
    await page.getByTestId('service-date').click();
    const closedDayEn = page.locator('[data-dates-dropdown] button:not([data-outside])', { hasText: dayOfMonth(NON_RUNNING_DAY) });
    await visible(closedDayEn.and(page.locator('[data-closed="DISABLED"]')));
    expect(await closedDayEn.isDisabled()).toBe(true);
    expect(await closedDayEn.getAttribute('aria-label')).toBe(`${closedDayOfMonth} May ${closedYear}, no trains`);
    await visible(page.getByTestId('closed-day-legend').getByText('Hatched days have no trains and cannot be chosen.'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'bookable-calendar-closed-day-en');
    await context.close();
  });

  test('a suspended train is marked 運休 and cannot be picked; a group over the train\'s capacity is told so; the minimum is shown', async () => {
    const { context, page } = await freshPage(browser, 1400, 1200);
    await logIn(page, 'staff@example.com');
    const day = await downTrains(page, DAY);
    const [suspended, open] = day.services.filter((s) => s.bookable);
    expect(open).toBeDefined();
    await api(page, 'PUT', `/v1/services/${suspended!.service_id}/status`, { date: DAY, operation: 'suspended' });
    const name = suspended!.service_names.find((l) => l.language_id === 'ja')!.text;
    const openName = open!.service_names.find((l) => l.language_id === 'ja')!.text;

    await page.goto(`/bookings/create?date=${DAY}&trip=single&from=1&to=4`);
    await page.getByTestId('train-select-down').click();
    const marked = page.getByRole('option', { name: new RegExp(`^${name} .*運休のため選べません`) });
    await visible(marked);
    expect(await marked.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('option').filter({ hasText: '空き' }).filter({ hasText: '満席' }).filter({ hasText: '運休' }).count()).toBe(0);
    await marked.click({ force: true });
    expect(await page.getByTestId('train-select-down').inputValue()).toBe('');
    await screenshot(page, 'bookable-suspended-train-ja');
    await page.getByRole('option', { name: new RegExp(`^${openName} `) }).click();
    expect(await page.getByTestId('train-select-down').inputValue()).toContain(openName);
    // The picker and the note say one vacancy figure.
    expect(await page.getByTestId('train-select-down').inputValue()).toContain(`空き ${open!.vacant_seats} 席`);
    await visible(page.getByTestId('vacancy-down').getByText(`${open!.vacant_seats} 席`, { exact: false }));

    await visible(page.getByTestId('min-group-size').getByText(`団体は${day.min_group_size}名以上でお申し込みいただけます。`));
    const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const adults = page.getByLabel(adult.name_label.find((l) => l.language_id === 'ja')!.text, { exact: true });
    await adults.fill(String(open!.group_seats + 1));
    await visible(page.getByTestId('over-capacity').getByText(`団体枠は全部で ${open!.group_seats} 席です`, { exact: false }));
    expect(await page.getByTestId('not-fitting').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByTestId('wait-listing').check();
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await visible(page.getByText(`この列車の団体枠は ${open!.group_seats} 席のため、この団体はお申し込みいただけません`));
    expect(page.url()).toContain('/bookings/create');
    await screenshot(page, 'bookable-over-capacity-ja');

    await adults.fill(String(day.min_group_size - 1));
    await page.getByRole('button', { name: '確認画面へ' }).click();
    await visible(page.getByText(`団体は${day.min_group_size}名以上でお申し込みください。`));
    expect(page.url()).toContain('/bookings/create');

    await page.goto(`/bookings/create?lang=en&date=${DAY}&trip=single&from=1&to=4`);
    await page.getByTestId('train-select-down').click();
    await visible(page.getByRole('option', { name: /suspended: cannot be chosen/ }));
    await screenshot(page, 'bookable-suspended-train-en');
    // The open list's own scroll area is Mantine's; the page is checked with it closed.
    await page.keyboard.press('Escape');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
