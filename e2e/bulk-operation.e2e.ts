import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, sidebar, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-09-23');

type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentsAnswer = { agents: { id: number; agent_type: string; groups: { id: number; is_root: boolean }[] }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

/** `count` requests of a special-contracted agent submitted through the API with the page's staff session. */
async function submittedBookings(page: Page, count: number): Promise<string[]> {
  const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
  const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats >= 10 * count)!;
  const { agents } = await api<AgentsAnswer>(page, 'GET', '/v1/agents?per_page=100');
  const agent = agents.find((a) => a.agent_type === 'SPECIAL_CONTRACTED')!;
  const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
  const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { booking_id } = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
      applicant: { name: '一括 花子', email: 'bulk.e2e@example.com', phone_number: '075-555-8888' },
      tour_conductor: null,
      group: { group_type: 'NORMAL', name: `一括テスト${i + 1}`, name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 8 }], wheel_chairs: [] },
      agent_id: agent.id,
      agent_sub_group_id: agent.groups.find((g) => g.is_root)!.id,
    });
    ids.push(booking_id);
  }
  return ids;
}

async function chooseFile(page: Page, name: string, text: string) {
  await page.getByTestId('bulk-file-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await visible(page.getByTestId('bulk-selected-file'));
}

/** Drops a file on the drop zone as a browser drag and drop does. */
async function dropFile(page: Page, name: string, text: string) {
  const dataTransfer = await page.evaluateHandle(({ name, text }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], name, { type: 'text/csv' }));
    return transfer;
  }, { name, text });
  await page.getByTestId('bulk-drop-zone').dispatchEvent('dragenter', { dataTransfer });
  await page.getByTestId('bulk-drop-zone').dispatchEvent('drop', { dataTransfer });
  await visible(page.getByTestId('bulk-selected-file'));
}

test.describe('一括操作 (bulk operation screen)', () => {
  test('staff upload a file: a wrong file shows its lines, a good one runs with a progress bar and its result (ja), then confirm all by drag and drop (en)', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const [first, second, third] = await submittedBookings(page, 3);
    await sidebar(page).getByRole('link', { name: '一括操作' }).click();
    await page.waitForURL('**/bulk-operation');
    await visible(page.getByRole('heading', { name: '一括操作' }));

    // The template for the chosen kind.
    const template = page.waitForEvent('download');
    await page.getByRole('button', { name: 'テンプレートをダウンロード' }).click();
    const templateFile = await template;
    expect(templateFile.suggestedFilename()).toBe('bulk-reserve-allotments.csv');
    expect(readFileSync((await templateFile.path())!).toString('utf8')).toBe('\ufeffbooking_id\r\n12345678\r\n');

    // A file with an unknown booking is refused whole, with its line.
    await chooseFile(page, 'wrong.csv', `booking_id\n${first}\n99999999\n`);
    await page.getByRole('button', { name: 'アップロードして実行' }).click();
    const report = await visible(page.getByTestId('bulk-validation'));
    await visible(report.getByText('ファイルに誤りがあるため、処理は実行されていません'));
    await visible(report.getByRole('cell', { name: '予約番号 99999999 の予約が見つかりません' }));
    expect(await page.getByText('入力内容に不備があります').count()).toBe(0);
    expect(await report.getByRole('row').nth(1).getByRole('cell').first().textContent()).toBe('3');
    await screenshot(page, 'bulk-operation-invalid-ja');

    await chooseFile(page, '特約申込.csv', `booking_id\n${first}\n${second}\n${third}\n`);
    await page.getByRole('button', { name: 'アップロードして実行' }).click();
    await visible(page.getByText('枠一括確保を受け付けました。処理結果はメールでもお知らせします。'));
    const panel = await visible(page.getByTestId('bulk-run'));
    await visible(page.getByTestId('bulk-progress'));
    await visible(panel.getByTestId('bulk-status').getByText('完了'), 30_000);
    await visible(panel.getByText('3 / 3 件'));
    const rows = page.getByTestId('bulk-result-table').getByRole('row');
    expect(await rows.count()).toBe(4);
    await visible(rows.nth(1).getByText('完了'));
    await screenshot(page, 'bulk-operation-ja');
    const result = page.waitForEvent('download');
    await page.getByRole('button', { name: '結果をダウンロード（CSV）' }).click();
    const resultText = readFileSync((await (await result).path())!).toString('utf8');
    expect(resultText).toContain(`2,${first},完了`);
    expect(resultText).not.toContain('DONE');
    expect(resultText).toContain(`4,${third},完了`);
    await context.close();

    // In English, answer the same bookings by drag and drop.
    const en = await freshPage(browser);
    await logIn(en.page, 'staff@example.com', 'en');
    await sidebar(en.page, 'en').getByRole('link', { name: 'Bulk operation' }).click();
    await en.page.waitForURL('**/bulk-operation');
    await en.page.getByText('Confirm in bulk').click();
    await dropFile(en.page, 'confirm.csv', `booking_id,confirm_note\n${first},Guide included\n${second},\n${third},\n`);
    await en.page.getByRole('button', { name: 'Upload and run' }).click();
    await visible(en.page.getByText('The bulk confirmation has started.', { exact: false }));
    const enPanel = await visible(en.page.getByTestId('bulk-run'));
    await visible(enPanel.getByTestId('bulk-status').getByText('Finished'), 30_000);
    await visible(enPanel.getByText('Done 3'));
    const recent = en.page.getByRole('table', { name: 'Recent bulk operations' });
    await visible(recent.getByRole('row').nth(1).getByText('Finished'));
    await screenshot(en.page, 'bulk-operation-en');
    const booking = await api<{ status: string }>(en.page, 'GET', `/v1/bookings/${first}`);
    expect(booking.status).toBe('RESERVED');
    await en.context.close();
  });
});
