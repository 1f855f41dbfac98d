import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, freshPage, screenshot } from './support/browser.ts';
import { addDays, tokyoToday } from '@sagano/domain/common/business-date';
import { fillDate, fillLogin, logIn, logOut, sidebarLinks, visible } from './support/actions.ts';
import { seriousAxeViolations } from './support/axe.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

test.describe('the back-office shell', () => {
  test('an admin logs in in Japanese, sees the whole menu, adds a user and signs out', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto('/');
    await page.waitForURL('**/login**');
    await fillLogin(page, 'admin@example.com');
    await page.waitForURL('**/dashboard');
    await visible(page.getByText('山田 花子'));
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    expect(await sidebarLinks(page)).toEqual([
      'ダッシュボード',
      '通知', '予約一覧', '空席照会', '一括操作',
      '入金管理', '売上管理', '月次精算',
      '枠調整', '帳票出力', '運休・販売停止', '操作ログ', '送信メール', '定期処理',
      'ユーザー管理', '代理店管理', 'パスワード変更',
      '基本情報', '口座情報', '列車・時刻', 'パターンカレンダー', '特別運行日', '枠適用設定', '枠パターン', '料金区分', '無料人数設定', '団体料金プラン', 'キャンセルポリシー', '団体スケジュール', '特約期間', '即時確定ルール', '承認',
    ]);
    await screenshot(page, 'dashboard-admin-ja');

    await page.getByRole('link', { name: 'ユーザー管理' }).click();
    await page.waitForURL('**/users');
    await visible(page.getByRole('cell', { name: 'staff@example.com' }));
    await page.getByRole('button', { name: 'ユーザーを追加' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('メールアドレス').fill('kimura.e2e@example.com');
    await dialog.getByLabel('氏名').fill('木村 太郎');
    await dialog.getByLabel('電話番号').fill('075-123-4567');
    await dialog.getByLabel('ユーザーグループ').selectOption({ label: '駅' });
    await dialog.getByLabel('ユーザー種別').selectOption({ label: 'スタッフ' });
    await screenshot(page, 'users-create-ja');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('ユーザーを追加しました。パスワード設定の案内メールを送信しました。'));
    await visible(page.getByRole('cell', { name: 'kimura.e2e@example.com' }));
    await screenshot(page, 'users-ja');

    // The invitation went to the outbox, readable by admins.
    await page.getByRole('link', { name: '送信メール' }).click();
    // The users table also has a cell with this address: wait for the mail list to replace it.
    await page.waitForURL('**/mails');
    await visible(page.getByRole('heading', { name: '送信メール', level: 1 }));
    await visible(page.getByRole('cell', { name: 'kimura.e2e@example.com', exact: true }));
    await screenshot(page, 'mails-ja');
    await page.getByRole('cell', { name: 'kimura.e2e@example.com', exact: true }).click();
    const mail = page.getByRole('dialog', { name: 'メールの内容' });
    await visible(mail.getByText('宛先'));
    await visible(mail.getByText('kimura.e2e@example.com'));
    // The kind by its name only, never its code.
    await visible(mail.getByText('アカウント登録のご案内', { exact: true }));
    expect(await mail.getByText('account.invitation').count()).toBe(0);
    await screenshot(page, 'mail-detail-ja');
    await mail.getByRole('button', { name: '閉じる' }).click();
    await mail.waitFor({ state: 'hidden' });

    await logOut(page);
    await page.goto('/users');
    await page.waitForURL('**/login**');
    await context.close();
  });

  test('an admin works in English with ?lang=en, and the choice is kept', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com', 'en');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await sidebarLinks(page, 'en')).toEqual([
      'Dashboard',
      'Notifications', 'Bookings', 'Seat inquiry', 'Bulk operation',
      'Payments', 'Sales summary', 'Monthly settlements',
      'Inventory arrangements', 'Reports', 'Suspensions', 'Operation logs', 'Sent mails', 'Scheduled jobs',
      'Users', 'Agents', 'Change password',
      'Basic info', 'Bank accounts', 'Trains and times', 'Pattern calendar', 'Special days', 'Arrangement application', 'Arrangement patterns', 'Fare units', 'Free count plans', 'Group pricing plans', 'Cancellation policy', 'Group schedules', 'Special contract terms', 'Instant confirmation rules', 'Approvals',
    ]);
    await screenshot(page, 'dashboard-admin-en');
    await page.getByRole('link', { name: 'Operation logs' }).click();
    await page.waitForURL('**/operation-logs');
    // An operation reads as its label (no raw operation name on screen).
    await visible(page.locator('[data-testid^="operation-log-row-"]').getByText('Sign in', { exact: true }).first());
    await screenshot(page, 'operation-logs-en');
    await page.getByRole('button', { name: 'Details' }).first().click();
    const log = page.getByRole('dialog', { name: 'Operation log details' });
    await visible(log.getByText('Sign in', { exact: true }).first());
    await visible(log.getByText('Request'));
    // The request's box scrolls, so the keyboard reaches it: a region named by its caption.
    const request = log.getByRole('region', { name: 'Request' });
    const focused = () => request.evaluate((box) => box === document.activeElement);
    for (let presses = 0; presses < 10 && !(await focused()); presses++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    await screenshot(page, 'operation-log-detail-en');
    await log.getByRole('button', { name: 'Close' }).click();
    await log.waitFor({ state: 'hidden' });
    await page.goto('/users');
    await visible(page.getByRole('button', { name: 'Add user' }));
    await screenshot(page, 'users-en');
    await context.close();
  });

  test('a station user sees only the dashboard and bookings and cannot open back-office screens', async () => {
    const { context, page } = await freshPage(browser);
    // Every call the station's screens make is one the server lets station staff make (least privilege: DESIGN §1).
    const refused: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes('/v1/') && (res.status() === 401 || res.status() === 403)) refused.push(`${res.status()} ${res.url()}`);
    });
    await logIn(page, 'station@example.com');
    expect(await sidebarLinks(page)).toEqual(['ダッシュボード', '予約一覧']);
    await visible(page.getByText('駅スタッフ'));
    await screenshot(page, 'dashboard-station-ja');
    // The bookings they work with: the list, a booking, its history.
    await page.getByRole('link', { name: '予約一覧' }).click();
    await page.waitForURL('**/bookings');
    // The next 30 days by default, which in the winter pause have no trains: the next half year.
    await fillDate(page.getByLabel('乗車日（まで）'), addDays(tokyoToday(), 180));
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.waitForURL('**/bookings?*service_to=*');
    const open = page.getByRole('link', { name: /^予約 \d{8} を開く$/ }).first();
    await visible(open);
    await open.click();
    await page.waitForURL(/\/bookings\/\d{8}$/);
    await visible(page.getByRole('heading', { name: 'メモ', exact: true }));
    await page.getByRole('link', { name: '変更履歴' }).click();
    await visible(page.getByRole('heading', { name: /の変更履歴$/ }));
    expect(refused).toEqual([]);
    // Money, booking, seat inquiry, master data, accounts: the no-permission screen, before any call.
    for (const path of ['/users', '/operation-logs', '/mails', '/notifications', '/search-allotments', '/payments', '/sales', '/monthly-report', '/report', '/agents', '/basic-info', '/bank-accounts', '/approvals', '/bookings/create']) {
      await page.goto(path);
      await visible(page.getByText(/ページが見つかりません|このページを表示する権限がありません/));
      expect(await page.getByRole('table').count(), path).toBe(0);
    }
    expect(refused).toEqual([]);
    await context.close();
  });

  test('a wrong password shows the specification message', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto('/login');
    await fillLogin(page, 'staff@example.com', 'Wrong#Pass99');
    await visible(page.getByText('メールアドレスまたはパスワードが正しくありません').first());
    expect(page.url()).toContain('/login');
    await screenshot(page, 'login-error-ja');
    await context.close();
  });

  test('a deep link opened while logged out returns there after login', async () => {
    const { context, page } = await freshPage(browser);
    await page.goto('/operation-logs?from=deep-link');
    await page.waitForURL('**/login**');
    await fillLogin(page, 'staff@example.com');
    await page.waitForURL('**/operation-logs?from=deep-link');
    await visible(page.getByRole('heading', { name: '操作ログ' }));
    await context.close();
  });

  test('an unknown path shows the not-found screen', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'staff@example.com');
    await page.goto('/no-such-screen');
    await visible(page.getByText('ページが見つかりません'));
    await page.getByRole('link', { name: 'ダッシュボードへ戻る' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  test('the accessibility check reports a grey-on-white text, and not a message that is fading away', async () => {
    // A context of its own, not watched: the planted violation is this test's to find.
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto('/login');
    await visible(page.getByRole('button', { name: 'ログイン' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A message caught mid-fade by the first reading (faint: it fails contrast) and gone by the
    // second, as a toast closing just after the page settled: it is not part of the screen.
    await plant(page, 'fading-toast', 'position:fixed;top:0;left:0;color:#000;background:#fff;opacity:0.2');
    await page.evaluate(() => {
      // Gone once axe's first run is over (axe marks itself running while it reads the page).
      let seenRunning = false;
      const timer = setInterval(() => {
        const running = (window as unknown as { axe?: { _running?: boolean } }).axe?._running === true;
        if (running) seenRunning = true;
        else if (seenRunning) {
          document.getElementById('fading-toast')?.remove();
          clearInterval(timer);
        }
      }, 5);
    });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await plant(page, 'grey-text', 'color:#ddd;background:#fff');
    const found = await seriousAxeViolations(page);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^color-contrast: .*#grey-text/);
    await context.close();
  });
});

/** Adds a paragraph of text with the given style to the page. */
function plant(page: Page, id: string, style: string): Promise<void> {
  return page.evaluate(
    ({ id, style }) => {
      const p = document.createElement('p');
      p.id = id;
      p.textContent = id.replace('-', ' ');
      p.style.cssText = style;
      document.body.append(p);
    },
    { id, style },
  );
}
