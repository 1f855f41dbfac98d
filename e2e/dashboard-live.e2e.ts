/**
 * The operator's day as it happens (issue 19): with the dashboards open and never reloaded, an
 * article the operator posts with an attachment appears on an agent's dashboard, and a request an
 * agent submits appears in the operator's "new requests" count and its notifications badge.
 */
import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { agentRequest, dayWithRoom } from './support/agent-request.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

const STAFF = 'staff@example.com';
const AGENT = 'agent-free@example.com';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), Buffer.from('運休のお知らせ', 'utf8'), Buffer.from('\n%%EOF\n')]);

/** Marks the page so that a reload (which would clear the mark) is caught. */
async function markLoaded(page: Page) {
  await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));
}
async function neverReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
}

test.describe('live dashboards', () => {
  test("an article the operator posts with a file appears on the agent's open dashboard without a reload", async () => {
    const title = `トロッコ亀岡駅 工事のお知らせ ${Date.now().toString(36)}`;
    const agent = await freshPage(browser, 1400, 1000);
    await logIn(agent.page, AGENT);
    await visible(agent.page.getByTestId('message-board'));
    await markLoaded(agent.page);

    const operator = await freshPage(browser, 1400, 1000);
    await logIn(operator.page, STAFF);
    const board = operator.page.getByTestId('message-board');
    await board.getByRole('button', { name: 'お知らせを追加' }).click();
    const dialog = operator.page.getByRole('dialog', { name: 'お知らせを追加' });
    await dialog.getByLabel('カテゴリ').click();
    await operator.page.getByRole('option', { name: '運行情報', exact: true }).click();
    await dialog.getByLabel('件名').fill(title);
    await dialog.getByLabel('本文').fill('12月1日から10日まで、トロッコ亀岡駅の駅舎を工事します。');
    const chooser = operator.page.waitForEvent('filechooser');
    await dialog.getByTestId('attachment-drop').click();
    await (await chooser).setFiles({ name: '工事のご案内.pdf', mimeType: 'application/pdf', buffer: PDF });
    await visible(dialog.getByText('工事のご案内.pdf'));
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(operator.page.getByText('お知らせを追加しました'));

    // The agent's board, open all along, shows it in its category with its attachment.
    const agentBoard = agent.page.getByTestId('message-board');
    await agent.page.getByRole('tab', { name: /^運行情報/ }).click();
    await visible(agentBoard.getByText(title), 5_000);
    await visible(agentBoard.getByTestId('message-list-OPERATION').getByText('添付ファイル 1 件'));
    await neverReloaded(agent.page);
    await screenshot(agent.page, 'dashboard-live-article-agent-ja');
    await agent.context.close();
    await operator.context.close();
  });

  test("a request an agent submits appears in the operator's open dashboard count and notifications badge", async () => {
    const operator = await freshPage(browser, 1400, 1000);
    await logIn(operator.page, STAFF);
    const value = operator.page.getByTestId('dashboard-count-new_requests-value');
    await visible(value);
    const before = Number(await value.innerText());
    await markLoaded(operator.page);

    await agentRequest({
      agent: AGENT,
      day: await dayWithRoom(),
      adults: 15,
      groupName: '嵯峨野ライブ会',
      applicant: { name: '中村 さくら', email: 'tour-desk@sakura-travel.example.com', phone_number: '075-200-1001' },
      prefecture: 26,
    });

    await operator.page.waitForFunction(
      ([expected]) => Number(document.querySelector('[data-testid="dashboard-count-new_requests-value"]')?.textContent) === expected,
      [before + 1],
      { timeout: 5_000 },
    );
    await visible(operator.page.getByTestId('unread-badge'));
    await neverReloaded(operator.page);
    await screenshot(operator.page, 'dashboard-live-request-operator-ja');
    await operator.context.close();
  });
});
