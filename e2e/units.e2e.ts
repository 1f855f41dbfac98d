import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { agentRequest, dayWithRoom } from './support/agent-request.ts';
import { seriousAxeViolations } from './support/axe.ts';

type UnitsAnswer = { units: { id: number; segment: string; fare_type: string; name_label: { language_id: string; text: string }[] }[] };
type ListAnswer = { service_orders: { booking_id: string; notifications: { is_read: boolean }[] }[] };

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// Runs late in the suite on purpose: the luggage unit it adds is one more unit the demo plans of its segment must price.
test.describe('fare units (料金区分)', () => {
  test('staff add a luggage unit, are told a name already used on its field, and find it on the list and on the booking form', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '料金区分' }).click();
    await page.waitForURL('**/units');
    const list = page.getByRole('table', { name: '料金区分一覧' });
    await visible(list.getByText('一般団体 一般 大人'));

    await page.getByRole('button', { name: '料金区分を追加' }).click();
    const dialog = page.getByRole('dialog', { name: '料金区分の追加' });
    // An item: the annotation is fixed to 一般, and the dialog says how it is charged.
    await visible(dialog.getByText('手荷物・変更手数料は人数に含まれず'));
    expect(await dialog.getByLabel(/^区分/).isDisabled()).toBe(true);
    // A name the segment already has is refused by the server and said on the name.
    await dialog.getByLabel('名称（日本語）').fill('一般団体 一般 大人');
    await dialog.getByLabel('名称（英語）').fill('Large luggage');
    await dialog.getByLabel('表示順').fill('500');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(dialog.getByText('同じ団体種別に、この名称の料金区分がすでにあります。'));
    await dialog.getByLabel('名称（日本語）').fill('大型手荷物');
    await screenshot(page, 'units-form-ja');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('料金区分を追加しました。'));
    const row = list.getByRole('row').filter({ hasText: '大型手荷物' });
    await visible(row);
    expect(await row.innerText()).toContain('手荷物');
    const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
    expect(units.find((u) => u.name_label.some((l) => l.text === '大型手荷物'))).toMatchObject({ segment: 'NORMAL', fare_type: 'LUGGAGE' });
    await screenshot(page, 'units-ja');

    await page.getByRole('button', { name: 'English' }).click();
    const en = page.getByRole('table', { name: 'Fare units' });
    await visible(en.getByRole('row').filter({ hasText: 'Large luggage' }));
    await visible(en.getByText('Luggage', { exact: true }));
    await screenshot(page, 'units-en');
    await page.getByRole('button', { name: '日本語' }).click();

    // The booking form lists the luggage by name under the passengers (the same session's unit list).
    await page.goto('/bookings/create');
    await visible(page.getByRole('heading', { name: '予約申込', level: 1 }));
    await visible(page.getByTestId('item-units-input').getByLabel('大型手荷物（手荷物）'));
    await page.getByTestId('participants-input').scrollIntoViewIfNeeded();
    await screenshot(page, 'booking-form-luggage-ja');
    await context.close();
  });

  test('marks booking list rows with their unread notifications', async () => {
    // An agent's request tells the back office (BOOKING_RECEIVED): made here, so the journey does not
    // depend on what the files before it on this server left unread (dashboard.e2e.ts marks all read).
    const requested = await agentRequest({
      agent: 'agent-free@example.com',
      day: await dayWithRoom(),
      adults: 12,
      groupName: '未読確認の会',
      applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
      prefecture: 26,
    });
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.getByRole('link', { name: '予約一覧' }).click();
    await page.waitForURL('**/bookings**');
    // Narrowed by its booking number in the list's filters, the booking's row wears the badge. A
    // whole number is found on any service date (in the winter pause the day is past the list's
    // default 30 days), and the field says so.
    await page.getByLabel('予約番号', { exact: true }).fill(requested);
    await visible(page.getByText('8桁の番号は乗車日を問わず探します'));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.waitForURL(`**/bookings?*booking_id=${requested}*`);
    const badge = page.getByTestId(`booking-unread-${requested}`);
    await visible(badge);
    const { service_orders: rows } = await api<ListAnswer>(page, 'GET', `/v1/bookings/service_orders/search?booking_id=${requested}`);
    const unread = rows[0]!.notifications.filter((n) => !n.is_read).length;
    expect(unread).toBeGreaterThan(0);
    expect(await badge.innerText()).toBe(`未読のお知らせ ${unread}件`);
    await screenshot(page, 'booking-list-unread-ja');
    await page.getByRole('button', { name: 'English' }).click();
    await visible(badge.getByText(unread === 1 ? '1 unread notification' : `${unread} unread notifications`));
    await screenshot(page, 'booking-list-unread-en');
    // The booking's trains name their stations from the booking (spec 000 §3 "Service leg").
    await page.goto(`/bookings/${requested}`);
    await visible(page.getByRole('table', { name: 'Trains' }).getByText(/Torokko/));
    await screenshot(page, 'booking-detail-stations-en');
    await context.close();
  });
});
