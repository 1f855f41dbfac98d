import { expect, test } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { stepAt, totpCode } from '../apps/server/src/lib/totp.ts';
import { freshPage, screenshot } from './support/browser.ts';
import { logIn, visible } from './support/actions.ts';
import { api } from './support/api.ts';
import { demoDate } from './support/demo-days.ts';

let browser: Browser;
test.beforeAll(async ({ browser: workerBrowser }) => {
  browser = workerBrowser;
});

// A Thursday of the demo season, away from the other journeys' days.
const DAY = demoDate('2027-06-24');
const PASSWORD = 'Kiyomizu#2027';

type MailsAnswer = { mails: { kind: string; body_text: string; to_address: string }[] };
type DayAnswer = { services: { service_id: number; direction: string; vacant_seats: number }[] };
type AgentAnswer = { id: number; root_group: { id: number }; groups: { id: number; is_root: boolean; name_ja: string }[] };
type UnitsAnswer = { units: { id: number; segment: string; annotation: string; fare_type: string }[] };

/** The link in the latest invitation mail to the address, read from the outbox by an administrator. */
async function invitationLink(admin: Page, email: string): Promise<string> {
  const { mails } = await api<MailsAnswer>(admin, 'GET', `/v1/outbox-mails?to_address=${encodeURIComponent(email)}&per_page=20`);
  const mail = mails.find((m) => m.kind === 'account.invitation');
  const link = mail && /https?:\/\/\S+\/reset-password\S*/.exec(mail.body_text)?.[0];
  if (!link) throw new Error(`no invitation mail to ${email}`);
  return link;
}

test.describe('agents, branches, staff and the agent portal', () => {
  test('the operator creates an agent with a branch and a staff member; the staff member sets a password, enrols two-factor, logs in with a code, books, and cannot see the head office booking', async () => {
    const stamp = Date.now().toString(36);
    const staffEmail = `kiyomizu.${stamp}@example.com`;
    const { context, page } = await freshPage(browser);
    await logIn(page, 'admin@example.com');

    // The agent, from the agents screen.
    await page.goto('/agents');
    await page.getByRole('link', { name: '新規登録' }).or(page.getByRole('button', { name: '新規登録' })).first().click();
    await page.waitForURL('**/agents/create');
    await visible(page.getByRole('heading', { name: '代理店の新規登録' }));
    await page.waitForLoadState('networkidle');
    await page.getByLabel('代理店名', { exact: true }).fill(`清水観光 ${stamp}`);
    await page.getByLabel('代理店種別').selectOption('CONTRACTED');
    await page.getByLabel('主管理者 氏名').fill('清水 太郎');
    await page.getByLabel('主管理者 メールアドレス').fill(`head.${stamp}@example.com`);
    await screenshot(page, 'agent-create-ja');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.waitForURL(/\/agents\/\d+$/);
    await visible(page.getByText('代理店を登録しました。主管理者に招待メールを送信しました。'));
    const agentId = Number(page.url().split('/').pop());

    // A branch, then a staff member of the branch.
    await page.getByRole('button', { name: '支店を追加' }).click();
    const branchDialog = page.getByRole('dialog');
    await branchDialog.getByLabel('支店名', { exact: true }).fill('京都駅前支店');
    await branchDialog.getByLabel('主管理者 メールアドレス').fill(`branch.${stamp}@example.com`);
    await branchDialog.getByLabel('主管理者 氏名').fill('駅前 花子');
    await branchDialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('支店を登録しました。主管理者に招待メールを送信しました。'));
    await screenshot(page, 'agent-detail-ja');
    const agent = await api<AgentAnswer>(page, 'GET', `/v1/agents/${agentId}`);
    const branch = agent.groups.find((g) => !g.is_root)!;
    await page.goto(`/agents/${agentId}/groups/${branch.id}`);
    await page.getByRole('button', { name: 'スタッフを追加' }).click();
    const staffDialog = page.getByRole('dialog');
    await staffDialog.getByLabel('メールアドレス', { exact: true }).fill(staffEmail);
    await staffDialog.getByLabel('氏名', { exact: true }).fill('清水 次郎');
    await staffDialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('スタッフを追加しました。招待メールを送信しました。'));
    await visible(page.getByRole('cell', { name: staffEmail }));

    // A booking of the head office: the branch must not see it.
    const { units } = await api<UnitsAnswer>(page, 'GET', '/v1/units');
    const adult = units.find((u) => u.segment === 'NORMAL' && u.annotation === 'NORMAL' && u.fare_type === 'ADULT')!;
    const day = await api<DayAnswer>(page, 'GET', `/v1/allotments/${DAY}?from_station_id=1&to_station_id=4`);
    const train = day.services.find((s) => s.direction === 'down' && s.vacant_seats >= 30)!;
    const headOffice = await api<{ booking_id: string }>(page, 'POST', '/v1/bookings', {
      applicant: { name: '清水 太郎', email: `head.${stamp}@example.com`, phone_number: '075-000-3333' },
      group: { group_type: 'NORMAL', name: '本社の団体', name_kana: '', country_code: 'JPN', japan_prefecture_code: 26 },
      service_order: { down_service: { service_date: DAY, service_id: train.service_id, from_station_id: 1, to_station_id: 4 } },
      participant_group: { unit_quantity_items: [{ unit_id: adult.id, quantity: 10 }], wheel_chairs: [] },
      agent_id: agentId,
      agent_sub_group_id: agent.root_group.id,
    });
    const link = await invitationLink(page, staffEmail);
    await context.close();

    // The staff member sets a password from the mail.
    const member = await freshPage(browser);
    const p = member.page;
    await p.goto(link);
    await p.getByLabel('新しいパスワード', { exact: true }).fill(PASSWORD);
    await p.getByLabel('新しいパスワード（確認）').fill(PASSWORD);
    await p.getByRole('button', { name: 'パスワードを設定' }).click();
    await visible(p.getByText('パスワードを設定しました'));

    // Logs in and enrols two-factor by reading the setup key (as the authenticator app would).
    await p.goto('/login');
    await p.getByLabel('メールアドレス').fill(staffEmail);
    await p.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    await p.getByRole('button', { name: 'ログイン', exact: true }).click();
    await p.waitForURL('**/dashboard');
    await p.goto('/two-factor');
    await p.getByRole('button', { name: '設定する' }).click();
    const secret = (await (await visible(p.getByTestId('totp-secret'))).first().innerText()).replace(/\s/g, '');
    await visible(p.getByTestId('totp-qr').locator('svg'));
    await screenshot(p, 'two-factor-setup-ja');
    const enrolStep = stepAt(new Date());
    await p.getByLabel('認証コード').fill(totpCode(secret, enrolStep));
    await p.getByRole('button', { name: '確認して有効にする' }).click();
    await visible(p.getByText('二段階認証を有効にしました。次回のログインから認証コードが必要です。'));

    // Signs in again: password, then a fresh code; a wrong code is refused on the field.
    await p.context().clearCookies();
    await p.goto('/login');
    await p.getByLabel('メールアドレス').fill(staffEmail);
    await p.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    await p.getByRole('button', { name: 'ログイン', exact: true }).click();
    await visible(p.getByLabel('認証コード'));
    await p.getByLabel('認証コード').fill(totpCode(secret, enrolStep - 3));
    await p.getByRole('button', { name: 'ログイン', exact: true }).click();
    await visible(p.getByText('認証コードが正しくありません'));
    await p.getByLabel('認証コード').fill(totpCode(secret, enrolStep + 1));
    await p.getByRole('button', { name: 'ログイン', exact: true }).click();
    await p.waitForURL('**/dashboard');
    // The dashboard names the branch and its agent (read with the branch: branch staff may not read the agent).
    await visible(p.getByTestId('portal-workplace').getByText(`代理店：清水観光 ${stamp}（京都駅前支店）`));
    await screenshot(p, 'portal-dashboard-ja');

    // Books a group for the branch from the seat inquiry's hand-over.
    await p.goto(`/bookings/create?date=${DAY}&trip=single&from=1&to=4&down_service_id=${train.service_id}`);
    await visible(p.getByRole('heading', { name: '予約申込', level: 1 }));
    await p.getByLabel('申込者名').fill('清水 次郎');
    await p.getByLabel('メールアドレス').fill(staffEmail);
    await p.getByLabel('電話番号', { exact: true }).fill('075-000-4444');
    await p.getByLabel('団体名', { exact: true }).fill('駅前支店の団体');
    await p.getByLabel('一般団体 一般 大人', { exact: true }).fill('12');
    await visible(p.getByTestId('total-amount'));
    await p.getByRole('button', { name: '確認画面へ' }).click();
    await p.waitForURL('**/bookings/confirm');
    await p.getByLabel('キャンセルポリシーに同意します').check();
    await p.getByRole('button', { name: 'この内容で申し込む' }).click();
    await p.waitForURL(/\/bookings\/\d{8}$/);
    const own = p.url().split('/').pop()!;
    await visible(p.getByTestId('booking-status').getByText('申込受付'));

    // The list shows the branch's booking and not the head office's; the head office booking is not found.
    await p.goto(`/bookings?service_from=${DAY}&service_to=${DAY}`);
    await visible(p.getByTestId(`booking-row-${own}`));
    expect(await p.getByTestId(`booking-row-${headOffice.booking_id}`).count()).toBe(0);
    await screenshot(p, 'portal-bookings-ja');
    const res = await p.request.get(`/v1/bookings/${headOffice.booking_id}`);
    expect(res.status()).toBe(404);
    await p.goto(`/bookings/${headOffice.booking_id}`);
    await visible(p.getByText('本社の団体').or(p.getByText(/見つかりません|not found/i)).first());
    expect(await p.getByText('本社の団体').count()).toBe(0);
    await member.context.close();
  });

  test('an agent admin manages the agent\'s staff in the portal, in Japanese and English', async () => {
    const { context, page } = await freshPage(browser);
    await logIn(page, 'agent-free@example.com');
    await (await visible(page.getByRole('link', { name: 'スタッフ管理' }))).click();
    await page.waitForURL('**/staff');
    const email = `portal.${Date.now().toString(36)}@example.com`;
    await page.getByRole('button', { name: 'スタッフを追加' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('メールアドレス', { exact: true }).fill(email);
    await dialog.getByLabel('氏名', { exact: true }).fill('嵐山 三郎');
    await dialog.getByRole('button', { name: '保存' }).click();
    await visible(page.getByText('スタッフを追加しました。招待メールを送信しました。'));
    await visible(page.getByRole('cell', { name: email }));
    await screenshot(page, 'portal-staff-ja');
    await page.goto('/staff?lang=en');
    await visible(page.getByRole('cell', { name: email }));
    await screenshot(page, 'portal-staff-en');
    await context.close();
  });
});
