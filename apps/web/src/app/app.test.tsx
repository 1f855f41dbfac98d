import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse, SessionUser } from '@sagano/domain/auth/auth-schemas';
import { changeLanguage, initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { App } from './app.tsx';
import { createAppRouter, type AppRouter } from './router.tsx';
import { handleSessionExpiry } from './session-expiry.ts';
import { json } from '../test/screen.ts';

const operator = (overrides: Partial<SessionUser>): SessionUser => ({
  uid: '00000000-0000-4000-8000-000000000001',
  email: 'admin@example.com',
  name: '山田 花子',
  language_code: 'ja',
  kind: 'OPERATOR',
  role: 'saganoAdmin',
  user_group: 'BACK_OFFICE',
  user_type: 'ADMIN',
  agent_id: null,
  agent_sub_group_id: null,
  staff_type: null,
  totp_enrolled: false,
  totp_setup_required: false,
  ...overrides,
});

const ADMIN = operator({});
const agentUser = (overrides: Partial<SessionUser>) =>
  operator({ kind: 'AGENT', role: 'agentAdmin', user_group: null, user_type: null, staff_type: 'ADMIN', agent_id: 1, email: 'agent-free@example.com', name: '中村 さくら', ...overrides });
const STATION = operator({ email: 'station@example.com', name: '駅 太郎', role: 'saganoStaff', user_group: 'STATION', user_type: 'STAFF' });


type Route = (url: string, init: RequestInit | undefined) => Response | undefined;

/** A fake API: the session of `user` (none when null) and empty reference lists; `extra` answers first. */
function fakeApi(user: SessionUser | null, extra: Route = () => undefined) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const special = extra(url, init);
    if (special) return special;
    if (url.startsWith('/v1/auth/me')) {
      if (!user) return json(401, { common: { error_code: 'UNAUTHENTICATED', error_description: 'sign in' } });
      const me: MeResponse = { user, expires_at: '2099-01-01T00:00:00Z' };
      return json(200, me);
    }
    if (url.startsWith('/v1/stations')) return json(200, { stations: [], directions: [] });
    if (url.startsWith('/v1/trains')) return json(200, { trains: [] });
    if (url.startsWith('/v1/units')) return json(200, { units: [] });
    if (url.startsWith('/v1/arrangements-types')) return json(200, { arrangement_types: [] });
    if (url.startsWith('/v1/users')) return json(200, { total: 0, page: 1, per_page: 20, users: [] });
    return json(404, { common: { error_code: 'NOT_FOUND', error_description: 'no route' } });
  });
}

let root: Root | null = null;
let router: AppRouter | null = null;

async function openApp(path: string, user: SessionUser | null, extra?: Route) {
  const api = fakeApi(user, extra);
  vi.stubGlobal('fetch', api);
  // The readable cookie the server sets beside the session's: the app asks /v1/auth/me only with it.
  document.cookie = user ? 'sagano_csrf=csrf-token; path=/' : 'sagano_csrf=; path=/; max-age=0';
  window.history.replaceState(null, '', path);
  const queryClient = createQueryClient();
  router = createAppRouter(queryClient);
  handleSessionExpiry(queryClient, router);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const { default: i18n } = await import('i18next');
  // No act(): the screens load asynchronously and the assertions wait for them, as a user would.
  root.render(<App queryClient={queryClient} router={router} i18n={i18n} />);
  return api;
}

function inputLabelled(text: string): HTMLInputElement {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === text);
  const input = label && document.getElementById(label.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled ${text}`);
  return input;
}

/** Types into a React-controlled input the way a browser does (value setter, then an input event). */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

const page = () => document.body.textContent ?? '';
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });
const links = () =>
  [...document.querySelectorAll('nav[aria-label="メインメニュー"] a')].map((a) => a.textContent?.trim());

beforeAll(async () => {
  await initI18n('ja');
});

beforeEach(async () => {
  await changeLanguage('ja');
});

afterEach(async () => {
  root?.unmount();
  router?.dispose();
  root = null;
  router = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the app', () => {
  it('sends a signed-out visitor to the login screen, remembering where they were going', async () => {
    await openApp('/users?query=yamada', null);
    await eventually(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/users?query=yamada');
    await eventually(() => expect(document.querySelector('input[type="email"]')).not.toBeNull());
    expect(page()).toContain('パスワードをお忘れの方');
    expect(document.title).toBe('嵯峨野トロッコ列車 団体予約');
    // One main landmark holding the form, the language switch in the header (Lighthouse's landmark-one-main).
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelector('main form')).not.toBeNull();
    expect(document.querySelector('header')?.textContent).toContain('English');
  });

  it('shows an admin the built menu, grouped, and redirects / to the dashboard with a greeting', async () => {
    await openApp('/', ADMIN);
    await eventually(() => expect(window.location.pathname).toBe('/dashboard'));
    await eventually(() => expect(page()).toContain('山田 花子さん、ようこそ'));
    expect(page()).toContain('管理者');
    expect(links()).toEqual(['ダッシュボード', '通知', '予約一覧', '空席照会', '一括操作', '入金管理', '売上管理', '月次精算', '枠調整', '帳票出力', '運休・販売停止', '操作ログ', '送信メール', '定期処理', 'ユーザー管理', '代理店管理', 'パスワード変更', '基本情報', '口座情報', '列車・時刻', 'パターンカレンダー', '特別運行日', '枠適用設定', '枠パターン', '料金区分', '無料人数設定', '団体料金プラン', 'キャンセルポリシー', '団体スケジュール', '特約期間', '即時確定ルール', '承認']);
    expect(page()).toContain('サービスメニュー');
    expect(page()).toContain('アカウントメニュー');
  });

  it('gives station users the dashboard and bookings only, and refuses them the users screen', async () => {
    await openApp('/users', STATION);
    await eventually(() => expect(page()).toContain('このページを表示する権限がありません'));
    expect(links()).toEqual(['ダッシュボード', '予約一覧']);
    expect(page()).not.toContain('サービスメニュー');
    expect(page()).not.toContain('ユーザー一覧');
  });

  it('shows a not-found screen for an unknown path, with a way back', async () => {
    await openApp('/no/such/screen', ADMIN);
    await eventually(() => expect(page()).toContain('ページが見つかりません'));
    const back = [...document.querySelectorAll('a')].find((a) => a.textContent === 'ダッシュボードへ戻る');
    expect(back?.getAttribute('href')).toBe('/dashboard');
  });

  it('switches the whole screen to English', async () => {
    await openApp('/dashboard', ADMIN);
    await eventually(() => expect(page()).toContain('山田 花子さん、ようこそ'));
    const english = [...document.querySelectorAll('button')].find((b) => b.textContent === 'English');
    english?.click();
    await eventually(() => expect(page()).toContain('Welcome, 山田 花子'));
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('sagano.lang')).toBe('en');
    expect(document.title).toBe('Sagano Romantic Train — Group Bookings');
  });

  it('asks for the two-factor code when the server wants one, then signs in with it', async () => {
    const loginBodies: unknown[] = [];
    // After login the session comes from the login answer: /me is not asked again.
    await openApp('/login', null, (url, init) => {
      if (!url.startsWith('/v1/auth/login')) return undefined;
      const body = JSON.parse(String(init?.body)) as { totp_code?: string };
      loginBodies.push(body);
      if (!body.totp_code) return json(401, { common: { error_code: 'TOTP_REQUIRED', error_description: 'code needed' } });
      const agent = operator({ kind: 'AGENT', role: 'agentStaff', user_group: null, user_type: null, email: 'agent@example.com', name: '代理 花子' });
      return json(200, { access_token: 'not kept', expires_at: '2099-01-01T00:00:00Z', user: agent });
    });
    await eventually(() => expect(inputLabelled('メールアドレス')).toBeTruthy());
    typeInto(inputLabelled('メールアドレス'), 'agent@example.com');
    typeInto(inputLabelled('パスワード'), 'Sagano#2026');
    button('ログイン').click();
    await eventually(() => expect(inputLabelled('認証コード')).toBeTruthy());
    expect(page()).not.toContain('ログインできませんでした');
    typeInto(inputLabelled('認証コード'), '123456');
    button('ログイン').click();
    await eventually(() => expect(window.location.pathname).toBe('/dashboard'));
    await eventually(() => expect(page()).toContain('代理 花子さん、ようこそ'));
    expect(loginBodies).toEqual([
      { email: 'agent@example.com', password: 'Sagano#2026' },
      { email: 'agent@example.com', password: 'Sagano#2026', totp_code: '123456' },
    ]);
    expect(links()).toEqual(['ダッシュボード', '通知', '予約一覧', '空席照会（新規予約）', 'お支払い', '月次請求', '二段階認証', 'パスワード変更']);
  });

  it('shows a refused login inline, with the e-mail in the message', async () => {
    await openApp('/login', null, (url) =>
      url.startsWith('/v1/auth/login')
        ? json(403, { common: { error_code: 'LOGIN_NOT_ALLOWED', error_description: 'crew@example.com cannot log in' } })
        : undefined,
    );
    await eventually(() => expect(inputLabelled('メールアドレス')).toBeTruthy());
    typeInto(inputLabelled('メールアドレス'), 'crew@example.com');
    typeInto(inputLabelled('パスワード'), 'Sagano#2026');
    button('ログイン').click();
    await eventually(() => expect(document.querySelector('[role="alert"]')?.textContent).toContain('crew@example.com はログインできません'));
  });

  it('shows a wrong two-factor code on the code field, emptied for the next one', async () => {
    await openApp('/login', null, (url, init) => {
      if (!url.startsWith('/v1/auth/login')) return undefined;
      const body = JSON.parse(String(init?.body)) as { totp_code?: string };
      if (!body.totp_code) return json(401, { common: { error_code: 'TOTP_REQUIRED', error_description: 'code needed', field: 'totp_code' } });
      return json(401, { common: { error_code: 'TOTP_INVALID', error_description: 'wrong code', field: 'totp_code' } });
    });
    await eventually(() => expect(inputLabelled('メールアドレス')).toBeTruthy());
    typeInto(inputLabelled('メールアドレス'), 'agent@example.com');
    typeInto(inputLabelled('パスワード'), 'Sagano#2026');
    button('ログイン').click();
    await eventually(() => expect(inputLabelled('認証コード')).toBeTruthy());
    expect(page()).toContain('agent@example.com のログインには、二段階認証の認証コードが必要です');
    typeInto(inputLabelled('認証コード'), '12 34 56');
    expect(inputLabelled('認証コード').value).toBe('123456');
    button('ログイン').click();
    await eventually(() => expect(page()).toContain('認証コードが正しくありません'));
    expect(inputLabelled('認証コード').getAttribute('aria-invalid')).toBe('true');
    expect(inputLabelled('認証コード').value).toBe('');
    expect(page()).not.toContain('ログインできませんでした');
  });

  it('gives an agent admin the portal menu with staff management, and refuses back-office screens', async () => {
    await openApp('/users', agentUser({}));
    await eventually(() => expect(page()).toContain('このページを表示する権限がありません'));
    expect(links()).toEqual(['ダッシュボード', '通知', '予約一覧', '空席照会（新規予約）', 'お支払い', '月次請求', 'スタッフ管理', 'APIキー', 'Webhook 通知', '二段階認証', 'パスワード変更']);
    expect(page()).toContain('予約メニュー');
    expect(page()).toContain('精算メニュー');
    expect(page()).not.toContain('販売メニュー');
    expect(page()).not.toContain('サービスメニュー');
  });

  it('links the API reference from the account menu for the back office and agent admins only', async () => {
    const apiLink = async (user: SessionUser) => {
      await openApp('/dashboard', user);
      await eventually(() => expect(document.querySelector('button[aria-label$="アカウントメニュー"]')).not.toBeNull());
      document.querySelector<HTMLButtonElement>('button[aria-label$="アカウントメニュー"]')!.click();
      await eventually(() => expect(page()).toContain('ログアウト'));
      const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'API仕様書');
      root?.unmount();
      router?.dispose();
      document.body.innerHTML = '';
      return link ? { href: link.getAttribute('href'), target: link.getAttribute('target') } : null;
    };
    expect(await apiLink(ADMIN)).toEqual({ href: '/v1/docs', target: '_blank' });
    expect(await apiLink(operator({ role: 'saganoStaff', user_type: 'STAFF' }))).toEqual({ href: '/v1/docs', target: '_blank' });
    expect(await apiLink(agentUser({}))).toEqual({ href: '/v1/docs', target: '_blank' });
    expect(await apiLink(STATION)).toBeNull();
    expect(await apiLink(agentUser({ role: 'groupStaff', staff_type: 'STAFF' }))).toBeNull();
  });

  it('holds an agent who must set up two-factor sign-in on its screen until a code is confirmed', async () => {
    let user = agentUser({ role: 'groupStaff', staff_type: 'STAFF', agent_sub_group_id: 2, totp_setup_required: true });
    const confirmed: unknown[] = [];
    await openApp('/bookings', user, (url, init) => {
      if (url.startsWith('/v1/auth/me')) return json(200, { user, expires_at: '2099-01-01T00:00:00Z' });
      if (url.startsWith('/v1/auth/totp/setup')) {
        return json(200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>' });
      }
      if (url.startsWith('/v1/auth/totp/confirm')) {
        confirmed.push(JSON.parse(String(init?.body)));
        // The first code is wrong: said on the field; the session stays.
        if (confirmed.length === 1) return json(400, { common: { error_code: 'TOTP_CODE_WRONG', error_description: 'wrong code', field: 'code' } });
        user = { ...user, totp_enrolled: true, totp_setup_required: false };
        return json(200, { ok: true });
      }
      if (url.startsWith('/v1/agent_groups/2')) return json(200, { id: 2, agent_id: 1, is_root: false, name_ja: '大阪支店', name_kana: '', name_en: 'Osaka branch', name_origin: '', fax: '', main_admin: { id: null, name: '', email: '', tel: '' }, staffs: [], agent: { id: 1, name_ja: '京都さくら旅行', name_en: 'Kyoto Sakura Travel', agent_type: 'FREE', ignore_cancellation_policy: false } });
      if (url.startsWith('/v1/bookings/service_orders/search')) return json(200, { total: 0, total_capped: false, page: 1, per_page: 1, service_orders: [] });
      if (url.startsWith('/v1/notifications/')) return json(200, { total: 0, page: 1, per_page: 20, notifications: [] });
      return undefined;
    });
    await eventually(() => expect(window.location.pathname).toBe('/two-factor'));
    await eventually(() => expect(page()).toContain('二段階認証の設定が必要です'));
    expect(links()).toEqual(['二段階認証']);
    button('設定する').click();
    await eventually(() => expect(document.querySelector('[data-testid="totp-qr"] svg')).not.toBeNull());
    expect(document.querySelector('[data-testid="totp-secret"]')?.textContent).toBe('JBSW Y3DP EHPK 3PXP');
    button('確認して有効にする').click();
    // An empty code names the field and the rule (spec 000 §5).
    await eventually(() => expect(page()).toContain('認証コードを入力してください。'));
    typeInto(inputLabelled('認証コード'), '111111');
    button('確認して有効にする').click();
    await eventually(() => expect(page()).toContain('認証コードが正しくありません'));
    expect(window.location.pathname).toBe('/two-factor');
    typeInto(inputLabelled('認証コード'), '654321');
    button('確認して有効にする').click();
    await eventually(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(confirmed).toEqual([{ code: '111111' }, { code: '654321' }]);
    await eventually(() => expect(links()).toEqual(['ダッシュボード', '通知', '予約一覧', '空席照会（新規予約）', 'お支払い', '月次請求', '二段階認証', 'パスワード変更']));
    await eventually(() => expect(page()).toContain('代理店：京都さくら旅行（大阪支店）'));
  });
});
