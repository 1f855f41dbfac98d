import { describe, expect, it, vi } from 'vitest';
import type { AgentGroupResponse, AgentResponse, StaffResponse } from '@sagano/domain/agents/agent-schemas';
import { changeLanguage } from '../../../lib/i18n.ts';
import { currentLocation as where, fieldLabelled as field, LocationProbe, renderRoutes, typeInto as fill, useScreenTests } from '../../../test/render-screen.tsx';
import { Component as AgentCreate } from './agent-create.tsx';
import { Component as AgentDetail } from './agent-detail.tsx';
import { Component as AgentGroup } from './agent-group.tsx';
import { Component as AgentUpdate } from './agent-update.tsx';
import { Component as Agents } from './agents.tsx';
import { enabledButton, json, pageText, stubApi, waitFor, type ApiCall } from '../../../test/screen.ts';
import { SAGANO_TOURIST } from '../../../test/agents.ts';

const error = (status: number, code: string, description: string, field?: string) =>
  json(status, { common: { error_code: code, error_description: description, ...(field ? { field } : {}) } });

function staff(over: Partial<StaffResponse>): StaffResponse {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'hanako@example.com',
    name: '嵯峨 花子',
    tel: '',
    language_code: 'ja',
    staff_type: 'ADMIN',
    group_id: 10,
    agent_id: 7,
    is_self: false,
    totp_enrolled: false,
    has_password: true,
    ...over,
  };
}

const hanako = staff({});
const taro = staff({ id: '00000000-0000-4000-8000-000000000002', email: 'taro@example.com', name: '保津 太郎', staff_type: 'STAFF', totp_enrolled: true });
const jiro = staff({ id: '00000000-0000-4000-8000-000000000003', email: 'jiro@example.com', name: '亀岡 次郎', group_id: 11, has_password: false });

function group(over: Partial<AgentGroupResponse>): AgentGroupResponse {
  return {
    id: 10,
    agent_id: 7,
    is_root: true,
    name_ja: '嵯峨野ツーリスト 本社',
    name_kana: '',
    name_en: '',
    name_origin: '',
    fax: '075-111-1111',
    main_admin: { id: hanako.id, name: hanako.name, email: hanako.email, tel: '' },
    staffs: [hanako, taro],
    ...over,
  };
}

const root = group({});
const branch = group({ id: 11, is_root: false, name_ja: '亀岡支店', fax: '', main_admin: { id: jiro.id, name: jiro.name, email: jiro.email, tel: '' }, staffs: [jiro] });

const agent: AgentResponse = {
  ...SAGANO_TOURIST,
  root_group_main_admin: root.main_admin,
  ignore_cancellation_policy: false,
  require_totp: false,
  root_group: root,
  groups: [root, branch],
  created_at: '2026-04-01T00:00:00.000Z',
  updated_at: '2026-04-02T00:00:00.000Z',
};

let calls: ApiCall[] = [];
type Handler = (call: ApiCall) => Response | undefined;

function fakeApi(handler: Handler = () => undefined) {
  calls = stubApi(async (call) => {
    const answer = handler(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url.startsWith('/v1/agents?'))
      return json(200, { total: 1, page: 1, per_page: 20, agents: [{ ...agent, groups: agent.groups.map(({ id, name_ja, is_root }) => ({ id, name_ja, is_root })) }] });
    if (call.method === 'GET' && call.url === '/v1/agents/7') return json(200, agent);
    if (call.method === 'GET' && call.url === '/v1/agent_groups/10') return json(200, root);
    if (call.method === 'GET' && call.url === '/v1/agent_groups/11') return json(200, branch);
    if (call.method === 'GET' && call.url === '/v1/csv/agents') return json(200, { csv_base64: '77u/aWQsbmFtZQ==', filename: 'agents.csv' });
    if (call.method === 'POST' && call.url === '/v1/agents') return json(200, { id: 7 });
    if (call.method === 'POST' && call.url === '/v1/agent_staffs') return json(200, staff({ id: 'new', email: 'new@example.com' }));
    if (call.method !== 'GET') return json(200, { ok: true });
    return error(404, 'NOT_FOUND', 'not found');
  });
}

function open(path: string) {
  renderRoutes(
    [
      { path: '/agents', Component: Agents },
      { path: '/agents/create', Component: AgentCreate },
      { path: '/agents/:agentId', Component: AgentDetail },
      { path: '/agents/:agentId/update', Component: AgentUpdate },
      { path: '/agents/:agentId/groups/:groupId', Component: AgentGroup },
    ].map((route) => ({ ...route, Component: undefined, element: <><route.Component /><LocationProbe /></> })),
    path,
  );
}

const anyButton = (label: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label) as HTMLButtonElement | undefined;
const labelled = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
const click = (element: HTMLElement | null | undefined) => {
  if (!element) throw new Error(`nothing to click; page: ${pageText()}`);
  element.click();
};
const sent = (method: string, url: string) => calls.find((c) => c.method === method && c.url === url);

describe('agent screens', () => {
  useScreenTests();

  it('lists, searches by name, e-mail and type, and downloads the CSV', async () => {
    fakeApi();
    const createObjectURL = vi.fn(() => 'blob:agents');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    open('/agents');
    await waitFor(() => pageText().includes('嵯峨野ツーリスト'));
    expect(pageText()).toContain('特約代理店');
    expect(pageText()).toContain('月締め請求');
    expect(document.querySelector('[data-testid="agent-row-7"]')?.textContent).toContain('1');
    expect(document.querySelector<HTMLAnchorElement>('[data-testid="agent-row-7"] a')?.getAttribute('href')).toBe('/agents/7');

    fill(field('代理店名'), 'サガノ');
    fill(field('主管理者メールアドレス'), 'hanako@example.com');
    fill(field('代理店種別'), 'CONTRACTED');
    click(enabledButton('検索'));
    await waitFor(() => calls.some((c) => c.url.includes('query=')));
    const search = calls.filter((c) => c.url.startsWith('/v1/agents?')).at(-1)!.url;
    const params = new URL(search, 'http://x').searchParams;
    expect(Object.fromEntries(params)).toEqual({ query: 'サガノ', email: 'hanako@example.com', 'agent_type.value': 'CONTRACTED', page: '1', per_page: '20' });
    expect(where()).toBe('/agents?query=%E3%82%B5%E3%82%AC%E3%83%8E&email=hanako%40example.com&agent_type=CONTRACTED');

    click(enabledButton('CSV出力'));
    await waitFor(() => clicked.mock.calls.length > 0);
    expect(sent('GET', '/v1/csv/agents')).toBeTruthy();
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(blob.size).toBe(10);
    await waitFor(() => pageText().includes('代理店一覧のCSVをダウンロードしました'));
  });

  it('creates an agent after checking the form, then opens it with the success message', async () => {
    fakeApi();
    open('/agents/create');
    await waitFor(() => enabledButton('登録する'));
    click(enabledButton('登録する'));
    await waitFor(() => pageText().includes('入力してください'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fill(field('代理店名'), '京都観光');
    fill(field('代理店種別'), 'CONTRACTED');
    await waitFor(() => (field('決済方法') as HTMLInputElement).value === 'クーポン');
    fill(field('主管理者 氏名'), '山田 一郎');
    fill(field('主管理者 メールアドレス'), 'yamada@example.com');
    click(enabledButton('登録する'));
    await waitFor(() => where() === '/agents/7');
    expect(sent('POST', '/v1/agents')?.body).toEqual({
      name_ja: '京都観光',
      name_kana: '',
      name_en: '',
      name_origin: '',
      main_admin_email: 'yamada@example.com',
      main_admin_name: '山田 一郎',
      main_admin_tel: '',
      agent_type: 'CONTRACTED',
      ignore_cancellation_policy: false,
      country_code: 'JPN',
      root_group_fax: '',
    });
    await waitFor(() => pageText().includes('代理店を登録しました。主管理者に招待メールを送信しました。'));
  });

  it('shows an e-mail already in use on the main admin field', async () => {
    fakeApi((call) =>
      call.method === 'POST' && call.url === '/v1/agents' ? error(409, 'EMAIL_ALREADY_REGISTERED', 'already registered', 'main_admin_email') : undefined,
    );
    open('/agents/create');
    await waitFor(() => enabledButton('登録する'));
    fill(field('代理店名'), '京都観光');
    fill(field('主管理者 氏名'), '山田 一郎');
    fill(field('主管理者 メールアドレス'), 'hanako@example.com');
    click(enabledButton('登録する'));
    const input = field('主管理者 メールアドレス');
    await waitFor(() => input.getAttribute('aria-invalid') === 'true');
    expect(input.closest('.mantine-InputWrapper-root')?.textContent).toContain('このメールアドレスは既に登録されています');
    expect(where()).toBe('/agents/create');
  });

  it('shows the agent, its branches and staff, and sets the two-factor rule', async () => {
    fakeApi();
    open('/agents/7');
    await waitFor(() => pageText().includes('本社のスタッフ'));
    expect(pageText()).toContain('25日');
    expect(pageText()).toContain('月末');
    expect(pageText()).toContain('月締め請求');
    expect(pageText()).toContain('日本');
    const branches = labelled('支店一覧')!;
    expect(branches.textContent).toContain('本社');
    expect(branches.querySelector<HTMLAnchorElement>('[data-testid="group-row-11"] a')?.getAttribute('href')).toBe('/agents/7/groups/11');

    const toggle = field('全スタッフに二段階認証を必須にする') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    click(toggle);
    await waitFor(() => sent('PUT', '/v1/agents/7/two_factor'));
    expect(sent('PUT', '/v1/agents/7/two_factor')?.body).toEqual({ require_totp: true });
    await waitFor(() => pageText().includes('二段階認証を必須にしました'));
  });

  it('adds a branch from the agent screen', async () => {
    fakeApi();
    open('/agents/7');
    await waitFor(() => enabledButton('支店を追加'));
    click(enabledButton('支店を追加'));
    const dialog = await waitFor(() => labelled('支店を追加')?.closest('form'));
    fill(field('支店名', dialog), '嵐山支店');
    fill(field('主管理者 メールアドレス', dialog), 'arashiyama@example.com');
    fill(field('主管理者 氏名', dialog), '嵐山 三郎');
    fill(field('FAX番号', dialog), '075-222-2222');
    click(enabledButton('保存'));
    await waitFor(() => sent('POST', '/v1/agent_groups'));
    expect(sent('POST', '/v1/agent_groups')?.body).toEqual({
      agent_id: 7,
      name_ja: '嵐山支店',
      name_kana: '',
      name_en: '',
      name_origin: '',
      fax: '075-222-2222',
      main_admin_email: 'arashiyama@example.com',
      main_admin_name: '嵐山 三郎',
      main_admin_tel: '',
    });
    await waitFor(() => pageText().includes('支店を登録しました。主管理者に招待メールを送信しました。'));
  });

  it('deletes an agent after confirming, and shows why when the server refuses', async () => {
    fakeApi((call) => (call.method === 'DELETE' ? error(409, 'AGENT_HAS_LIVE_BOOKINGS', 'the agent has 2 bookings that are neither cancelled nor refused') : undefined));
    open('/agents/7');
    await waitFor(() => enabledButton('削除'));
    click(enabledButton('削除'));
    await waitFor(() => pageText().includes('嵯峨野ツーリスト を削除します。'));
    click([...document.querySelectorAll<HTMLButtonElement>('.mantine-Modal-root button')].find((b) => b.textContent === '削除'));
    await waitFor(() => pageText().includes('取消済・お断り以外の予約があるため、この代理店は削除できません。'));
    expect(sent('DELETE', '/v1/agents/7')).toBeTruthy();
    expect(where()).toBe('/agents/7');
  });

  it('goes back to the list when the agent is deleted', async () => {
    fakeApi();
    open('/agents/7');
    await waitFor(() => enabledButton('削除'));
    click(enabledButton('削除'));
    const confirm = await waitFor(() => [...document.querySelectorAll<HTMLButtonElement>('.mantine-Modal-root button')].find((b) => b.textContent === '削除'));
    click(confirm);
    await waitFor(() => where() === '/agents');
    await waitFor(() => pageText().includes('代理店を削除しました'));
    // The deleted agent is not asked for again.
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/v1/agents/7')).toHaveLength(1);
  });

  it('edits the agent: payment day, month-end billing, payment type from the agent type', async () => {
    fakeApi((call) => (call.method === 'PUT' && call.url === '/v1/agents/7' ? json(200, { ...agent, agent_type: 'FREE', updated_at: '2026-04-03T00:00:00.000Z' }) : undefined));
    open('/agents/7/update');
    await waitFor(() => enabledButton('保存'));
    expect((field('支払日') as HTMLSelectElement).value).toBe('25');
    expect((field('請求日') as HTMLSelectElement).value).toBe('END');
    expect((field('主管理者 メールアドレス') as HTMLInputElement).readOnly).toBe(true);
    fill(field('代理店種別'), 'FREE');
    await waitFor(() => (field('決済方法') as HTMLInputElement).value === '事前カード決済');
    fill(field('支払日'), '');
    click(enabledButton('保存'));
    await waitFor(() => pageText().includes('選択してください'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fill(field('支払日'), 'END');
    fill(field('請求日'), '10');
    click(enabledButton('保存'));
    await waitFor(() => where() === '/agents/7');
    expect(sent('PUT', '/v1/agents/7')?.body).toMatchObject({
      agent_type: 'FREE',
      payment_day: null,
      payment_day_end_of_month: true,
      billing_day: 10,
      billing_day_end_of_month: false,
      require_totp: false,
    });
    await waitFor(() => pageText().includes('代理店の情報を保存しました'));
  });

  it('manages a branch staff: badges, add, edit, reset mail, two-factor removal only when enrolled', async () => {
    fakeApi();
    open('/agents/7/groups/10');
    await waitFor(() => pageText().includes('保津 太郎'));
    expect(pageText()).toContain('嵯峨野ツーリスト の本社');
    // The head office cannot be deleted.
    expect(anyButton('削除')?.disabled).toBe(true);
    const taroRow = document.querySelector('[data-testid="staff-row-taro@example.com"]')!;
    expect(taroRow.textContent).toContain('二段階認証 登録済');
    const hanakoRow = document.querySelector('[data-testid="staff-row-hanako@example.com"]')!;
    expect(hanakoRow.textContent).toContain('主管理者');
    expect(labelled('嵯峨 花子 の二段階認証を解除')).toBeNull();

    click(labelled('保津 太郎 の二段階認証を解除'));
    await waitFor(() => pageText().includes('保津 太郎（taro@example.com）の二段階認証の登録を解除します。'));
    click(enabledButton('解除する'));
    await waitFor(() => sent('POST', `/v1/agent_staffs/${taro.id}/unenroll_totp`));
    await waitFor(() => pageText().includes('二段階認証の登録を解除しました'));

    click(labelled('嵯峨 花子 にパスワード再設定メールを送信'));
    await waitFor(() => enabledButton('送信'));
    click(enabledButton('送信'));
    await waitFor(() => sent('POST', `/v1/agent_staffs/${hanako.id}/send_password_reset_email`));

    click(enabledButton('スタッフを追加'));
    let dialog = await waitFor(() => labelled('スタッフを追加')?.closest('form'));
    fill(field('メールアドレス', dialog), 'new@example.com');
    fill(field('氏名', dialog), '新人 花子');
    fill(field('権限', dialog), 'ADMIN');
    fill(field('言語', dialog), 'en');
    click(enabledButton('保存'));
    await waitFor(() => sent('POST', '/v1/agent_staffs'));
    expect(sent('POST', '/v1/agent_staffs')?.body).toEqual({ group_id: 10, email: 'new@example.com', name: '新人 花子', tel: '', language_code: 'en', staff_type: 'ADMIN' });
    await waitFor(() => !labelled('スタッフを追加')?.closest('form'));

    click(labelled('保津 太郎 を編集'));
    dialog = await waitFor(() => labelled('スタッフの編集')?.closest('form'));
    fill(field('所属', dialog), '11');
    fill(field('電話番号', dialog), '075-333-3333');
    click(enabledButton('保存'));
    await waitFor(() => sent('PUT', `/v1/agent_staffs/${taro.id}`));
    expect(sent('PUT', `/v1/agent_staffs/${taro.id}`)?.body).toEqual({ group_id: 11, name: '保津 太郎', tel: '075-333-3333', language_code: 'ja', staff_type: 'STAFF' });
  });

  it('edits and deletes a branch, and marks staff without a password', async () => {
    fakeApi();
    open('/agents/7/groups/11');
    await waitFor(() => pageText().includes('亀岡 次郎'));
    expect(pageText()).toContain('嵯峨野ツーリスト の支店');
    expect(document.querySelector('[data-testid="staff-row-jiro@example.com"]')?.textContent).toContain('パスワード未設定');

    click(enabledButton('編集'));
    const dialog = await waitFor(() => labelled('支店の編集')?.closest('form'));
    expect((field('主管理者 メールアドレス', dialog) as HTMLInputElement).readOnly).toBe(true);
    fill(field('支店名（カナ）', dialog), 'カメオカシテン');
    click(enabledButton('保存'));
    await waitFor(() => sent('PUT', '/v1/agent_groups/11'));
    expect(sent('PUT', '/v1/agent_groups/11')?.body).toEqual({
      name_ja: '亀岡支店',
      name_kana: 'カメオカシテン',
      name_en: '',
      name_origin: '',
      fax: '',
      main_admin_name: '亀岡 次郎',
      main_admin_tel: '',
    });
    await waitFor(() => pageText().includes('支店の情報を保存しました'));

    click(enabledButton('削除'));
    const confirm = await waitFor(() => [...document.querySelectorAll<HTMLButtonElement>('.mantine-Modal-root button')].find((b) => b.textContent === '削除'));
    click(confirm);
    await waitFor(() => where() === '/agents/7');
    expect(sent('DELETE', '/v1/agent_groups/11')).toBeTruthy();
  });

  it('reads in English', async () => {
    await changeLanguage('en');
    fakeApi();
    open('/agents/7/groups/10');
    await waitFor(() => pageText().includes('Head office of 嵯峨野ツーリスト'));
    expect(pageText()).toContain('Two-factor enrolled');
    expect(pageText()).toContain('Main admin');
    expect(labelled('Remove the two-factor enrollment of 保津 太郎')).not.toBeNull();
  });

  it('says the page is missing for an unknown agent', async () => {
    fakeApi();
    open('/agents/99');
    await waitFor(() => pageText().includes('ページが見つかりません'));
  });
});
