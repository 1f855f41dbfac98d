/**
 * The jobs screen (issue 18): staff open 定期処理 from the sidebar, see every scheduled kind with
 * its schedule and next run, start the special-contract answer-date reminder by hand (the demo
 * has no terms, so it changes nothing) and see its last run turn to a finished manual run with
 * what it did; then the same screen in English.
 */
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright-core';
import type { JobListResponse } from '@sagano/domain/jobs/job-schemas';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, sidebar, visible } from './support/actions.ts';
import { api } from './support/api.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

test.describe('the jobs screen', () => {
  test('staff see the scheduled kinds, run one now and see its last run update', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await sidebar(page).getByRole('link', { name: '定期処理' }).click();
    await page.waitForURL('**/jobs');
    const table = page.getByRole('table', { name: '定期処理の一覧' });
    await visible(table);
    for (const name of ['団体枠の自動返却', '入金期限前のお知らせ', '入金期限超過のお知らせ', '特約期間の回答日リマインド', '月次請求の締め']) {
      await visible(table.getByText(name, { exact: true }));
    }
    const release = page.getByTestId('job-inventory.release-group-allotments');
    await visible(release.getByText('毎日 03:00'));

    const row = page.getByTestId('job-bookings.remind-answer-due');
    await row.getByRole('button', { name: '今すぐ実行' }).click();
    await visible(page.getByText('「特約期間の回答日リマインド」の実行を開始しました'));
    await visible(row.getByTestId('last-run').getByText('完了'), 20_000);
    await visible(row.getByTestId('last-run').getByText('手動実行 · staff@example.com'));
    await visible(row.getByTestId('last-run').getByText('対象なし'));
    await screenshot(page, 'jobs-ja');

    const { jobs } = await api<JobListResponse>(page, 'GET', '/v1/jobs');
    expect(jobs.find((j) => j.name === 'bookings.remind-answer-due')?.last_run).toMatchObject({ trigger: 'MANUAL', state: 'DONE' });

    await page.goto('/jobs?lang=en');
    await visible(page.getByRole('table', { name: 'Scheduled jobs' }));
    await visible(page.getByTestId('job-inventory.release-group-allotments').getByText('Daily at 03:00'));
    await screenshot(page, 'jobs-en');
    await context.close();
  });
});
