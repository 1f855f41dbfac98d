/**
 * Dashboard articles: the operator posts an article with an attachment and reorders its category
 * by keyboard drag and drop; an agent signs in, finds it on the portal's dashboard, opens it and
 * downloads the file byte for byte; deleted while the agent has it open, the page asks to reload.
 */
import { readFile } from 'node:fs/promises';
import { test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api, apiAs } from './support/api.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'), Buffer.from('団体のご案内', 'utf8'), Buffer.from('\n%%EOF\n')]);
const FILE_NAME = '2027年度 団体のご案内.pdf';

type Board = { messages: { id: number; title: string; category: string; sort_id: number }[] };

/** The titles of the category's rows, top to bottom, as the board shows them. */
async function shownTitles(page: Page, category: string): Promise<string[]> {
  const list = page.getByTestId(`message-list-${category}`);
  await visible(list);
  return list.getByTestId('message-row').locator('a').allInnerTexts();
}

test.describe('dashboard articles', () => {
  test('an operator posts an article with a file and reorders; an agent reads it and downloads the file', async () => {
    const stamp = Date.now().toString(36);
    const older = `紅葉シーズンの臨時列車 ${stamp}`;
    const title = `団体運賃改定のお知らせ ${stamp}`;
    await apiAs('staff@example.com', 'POST', '/v1/messages', { category: 'NOTICE', title: older, body: '11月は臨時列車を運行します。' });

    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    const board = page.getByTestId('message-board');
    // Another journey on this server may have posted operations news, whose tab then opens first.
    await board.getByRole('tab', { name: /^お知らせ/ }).click();
    await visible(board.getByText(older));

    await board.getByRole('button', { name: 'お知らせを追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'お知らせを追加' });
    await dialog.getByLabel('カテゴリ').click();
    await page.getByRole('option', { name: 'お知らせ', exact: true }).click();
    await dialog.getByLabel('件名').fill(title);
    await dialog.getByLabel('本文').fill('2027年4月より団体運賃を改定します。\n詳しくは https://www.sagano-kanko.co.jp/ をご覧ください。<b>太字にはなりません</b>');
    // A file whose content is not what its name says is refused before it is sent.
    let chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('attachment-drop').click();
    await (await chooser).setFiles({ name: '偽物.pdf', mimeType: 'application/pdf', buffer: Buffer.from('ただのテキスト') });
    await visible(dialog.getByRole('alert').getByText('「偽物.pdf」は、ファイルの中身が拡張子と一致しません'));
    chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('attachment-drop').click();
    await (await chooser).setFiles({ name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF });
    await visible(dialog.getByText(FILE_NAME));
    await screenshot(page, 'messages-form-ja');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('お知らせを追加しました'));

    // The new article is on top of its category, with its attachment.
    await page.getByRole('tab', { name: /^お知らせ/ }).click();
    let titles = await shownTitles(page, 'NOTICE');
    if (titles[0] !== title || titles[1] !== older) throw new Error(`new article not on top: ${titles.join(' / ')}`);
    await visible(board.getByText('添付ファイル 1 件'));
    await screenshot(page, 'messages-board-ja');

    // Reordered with the keyboard (the drag handle): picked up, moved down one, dropped.
    await board.getByRole('button', { name: `「${title}」を並べ替え（スペースキーで持ち上げ、矢印キーで移動）` }).focus();
    // dnd-kit measures the list between key presses: give each step a moment.
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await visible(page.getByText('並び順を保存しました'));
    titles = await shownTitles(page, 'NOTICE');
    if (titles[0] !== older || titles[1] !== title) throw new Error(`not reordered on screen: ${titles.join(' / ')}`);
    const saved = (await api<Board>(page, 'GET', '/v1/messages?category=NOTICE&per_page=100')).messages;
    if (saved[0]?.title !== older || saved[1]?.title !== title || saved[0].sort_id !== saved.length * 10) throw new Error(`order not saved: ${JSON.stringify(saved)}`);

    // Edited: the title changes in place, and the tab of the article's category stays open.
    const renamed = `${older}（延長）`;
    await board.getByRole('button', { name: `編集: ${older}` }).click();
    const edit = page.getByRole('dialog', { name: 'お知らせを編集' });
    await edit.getByLabel('件名').fill(renamed);
    await edit.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('お知らせを保存しました'));
    titles = await shownTitles(page, 'NOTICE');
    if (titles[0] !== renamed || titles[1] !== title) throw new Error(`not edited in place: ${titles.join(' / ')}`);

    await page.getByRole('button', { name: 'English' }).click();
    await visible(board.getByRole('tab', { name: /^Notices/ }));
    await screenshot(page, 'messages-board-en');
    await context.close();

    // The agent: the portal's dashboard shows it read-only; the article's page offers the file.
    const agent = await freshPage(browser);
    await logIn(agent.page, 'agent-free@example.com');
    const agentBoard = agent.page.getByTestId('message-board');
    await agentBoard.getByRole('tab', { name: /^お知らせ/ }).click();
    await visible(agentBoard.getByText(title));
    if ((await agentBoard.getByRole('button', { name: 'お知らせを追加' }).count()) !== 0) throw new Error('an agent may not add articles');
    if ((await agentBoard.getByTestId('message-drag-handle').count()) !== 0) throw new Error('an agent may not reorder');
    await screenshot(agent.page, 'messages-agent-dashboard-ja');
    await agentBoard.getByRole('link', { name: title }).click();
    await agent.page.waitForURL('**/dashboard/*');
    await visible(agent.page.getByTestId('message-title').getByText(title));
    const link = agent.page.getByTestId('message-body').getByRole('link', { name: 'https://www.sagano-kanko.co.jp/' });
    await visible(link);
    if ((await link.getAttribute('rel')) !== 'noopener noreferrer') throw new Error('the link may reach back to this page');
    if ((await agent.page.getByTestId('message-body').locator('b').count()) !== 0) throw new Error('markup in the body was rendered');
    await visible(agent.page.getByTestId('message-body').getByText('<b>太字にはなりません</b>', { exact: false }));
    await screenshot(agent.page, 'messages-page-ja');
    await agent.page.getByRole('button', { name: 'English' }).click();
    await visible(agent.page.getByRole('link', { name: 'Back to the dashboard' }));
    await visible(agent.page.getByTestId('message-category').getByText('Notices'));
    await screenshot(agent.page, 'messages-page-en');
    await agent.page.getByRole('button', { name: '日本語' }).click();
    await visible(agent.page.getByRole('link', { name: 'ダッシュボードに戻る' }));

    const download = agent.page.waitForEvent('download');
    await agent.page.getByRole('link', { name: `「${FILE_NAME}」をダウンロード` }).click();
    const file = await download;
    if (file.suggestedFilename() !== FILE_NAME) throw new Error(`downloaded as ${file.suggestedFilename()}`);
    const bytes = await readFile((await file.path())!);
    if (!bytes.equals(PDF)) throw new Error('the downloaded file differs from the uploaded one');

    // Deleted while open: when the page looks again (the window regains focus), it asks to reload.
    const id = Number(agent.page.url().split('/').pop());
    await apiAs('staff@example.com', 'DELETE', `/v1/messages/${id}`, {});
    // As when the user comes back to the tab (the document's visibilitychange, which bubbles to the window).
    await agent.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await visible(agent.page.getByText('このお知らせは削除されました'));
    await screenshot(agent.page, 'messages-deleted-ja');
    await agent.page.getByRole('button', { name: 'ダッシュボードを再読み込み' }).click();
    await agent.page.waitForURL('**/dashboard');
    await agentBoard.getByRole('tab', { name: /^お知らせ/ }).click();
    await visible(agentBoard.getByText(`${older}（延長）`));
    if ((await agentBoard.getByText(title).count()) !== 0) throw new Error('the deleted article is still on the board');
    await agent.context.close();
  });
});
