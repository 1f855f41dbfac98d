import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse, SessionUser } from '@sagano/domain/auth/auth-schemas';
import { changeLanguage, initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { App } from './app.tsx';
import { createAppRouter, type AppRouter } from './router.tsx';
import { handleSessionExpiry } from './session-expiry.ts';

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
  ...overrides,
});

const ADMIN = operator({});
const STATION = operator({ email: 'station@example.com', name: '駅 太郎', role: 'saganoStaff', user_group: 'STATION', user_type: 'STAFF' });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: the session of `user` (none when null) and empty reference lists. */
function fakeApi(user: SessionUser | null) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
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

async function openApp(path: string, user: SessionUser | null) {
  vi.stubGlobal('fetch', fakeApi(user));
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
  });

  it('shows an admin the built menu, grouped, and redirects / to the dashboard with a greeting', async () => {
    await openApp('/', ADMIN);
    await eventually(() => expect(window.location.pathname).toBe('/dashboard'));
    await eventually(() => expect(page()).toContain('山田 花子さん、ようこそ'));
    expect(page()).toContain('管理者');
    expect(links()).toEqual(['ダッシュボード', '操作ログ', '送信メール', 'ユーザー管理', 'パスワード変更']);
    expect(page()).toContain('サービスメニュー');
    expect(page()).toContain('アカウントメニュー');
  });

  it('gives station users the dashboard only, and refuses them the users screen', async () => {
    await openApp('/users', STATION);
    await eventually(() => expect(page()).toContain('このページを表示する権限がありません'));
    expect(links()).toEqual(['ダッシュボード']);
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
});
