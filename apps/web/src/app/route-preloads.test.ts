import { afterEach, describe, expect, it, vi } from 'vitest';
import { patternRegExp, PRELOAD_SLICE, routeModules, routePreloadScript, type RouteModules } from '../../route-preloads.ts';

// The web app's src folder, as the build's module ids spell it (this file is in src/app).
const srcDir = import.meta.dirname.replace(/[\\/]app$/, '');
const routerFile = `${srcDir}/app/router.tsx`;
const src = (path: string) => `${srcDir}/${path}`;

describe("the router's routes as the build reads them", () => {
  const routes = routeModules(routerFile);
  const route = (pattern: string) => routes.find((r) => r.pattern === pattern);

  it('names each address with the screens it and its parents load, a layout and its index child together', () => {
    expect(route('/bookings')?.modules).toEqual(expect.arrayContaining([src('app/shell/shell-layout.tsx'), src('features/bookings/routes/bookings.tsx')]));
    expect(route('/bookings/:bookingId')?.modules).toEqual(
      expect.arrayContaining([src('app/shell/shell-layout.tsx'), src('features/bookings/routes/booking-detail-layout.tsx'), src('app/routes/booking-detail.tsx')]),
    );
    expect(route('/bookings/:bookingId/cancel')?.modules).toContain(src('features/bookings/routes/booking-cancel.tsx'));
    expect(route('/bookings/:bookingId/cancel')?.modules).not.toContain(src('app/routes/booking-detail.tsx'));
  });

  it("counts a loader's on-demand query module, and the sign-in page (in the entry) loads nothing more", () => {
    expect(route('/customer/bookings/:bookingId')?.modules).toEqual([src('features/customer/api/customer-api.ts'), src('features/customer/routes/customer-booking.tsx')]);
    expect(route('/login')?.modules).toEqual([]);
    expect(route('/*')?.modules).toEqual([src('app/shell/shell-layout.tsx')]);
  });
});

describe('a route pattern as a regular expression', () => {
  it('matches parameters within one segment, a trailing slash, and everything for the catch-all', () => {
    const detail = new RegExp(patternRegExp('/bookings/:bookingId'));
    expect(detail.test('/bookings/B123')).toBe(true);
    expect(detail.test('/bookings/B123/')).toBe(true);
    expect(detail.test('/bookings/B123/cancel')).toBe(false);
    expect(detail.test('/bookingsX/1')).toBe(false);
    expect(new RegExp(patternRegExp('/')).test('/')).toBe(true);
    expect(new RegExp(patternRegExp('/*')).test('/any/where')).toBe(true);
  });
});

describe('the preload script put in the page', () => {
  afterEach(() => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
    history.replaceState(null, '', '/');
  });

  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], extra: Record<string, unknown> = {}) => ({
    type: 'chunk',
    fileName,
    facadeModuleId,
    imports,
    isEntry: false,
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
    ...extra,
  });
  const bundle = {
    'assets/index.js': chunk('assets/index.js', '/src/main.tsx', ['assets/react.js'], { isEntry: true }),
    'assets/react.js': chunk('assets/react.js', null, []),
    'assets/shell.js': chunk('assets/shell.js', '/src/shell.tsx', ['assets/common.js', 'assets/react.js']),
    'assets/common.js': chunk('assets/common.js', null, ['assets/react.js']),
    'assets/list.js': chunk('assets/list.js', '/src/list.tsx', ['assets/common.js', 'assets/table.js'], {
      viteMetadata: { importedCss: new Set(['assets/list.css']), importedAssets: new Set() },
    }),
    'assets/table.js': chunk('assets/table.js', null, []),
    'assets/detail.js': chunk('assets/detail.js', '/src/detail.tsx', ['assets/common.js']),
    'assets/board.js': chunk('assets/board.js', '/src/board.tsx', ['assets/common.js']),
    'assets/ja.js': chunk('assets/ja.js', '/src/lib/i18n-bundle-ja.ts', []),
    'assets/ja-boards.js': chunk('assets/ja-boards.js', '/src/locales/ja/boards.json', []),
    'assets/ja-notes.js': chunk('assets/ja-notes.js', '/src/locales/ja/notes.json', []),
    'assets/en.js': chunk('assets/en.js', '/src/lib/i18n-bundle-en.ts', []),
    'assets/en-boards.js': chunk('assets/en-boards.js', '/src/locales/en/boards.json', []),
    'assets/en-notes.js': chunk('assets/en-notes.js', '/src/locales/en/notes.json', []),
  };
  /** The namespaces beyond the first part each module names (message-namespaces.ts reads them from the source). */
  const namespacesOf = (module: string) => ({ '/src/board.tsx': ['boards'], '/src/detail.tsx': ['notes'] })[module] ?? [];
  const routes: RouteModules[] = [
    { pattern: '/login', modules: [] },
    { pattern: '/board', modules: ['/src/shell.tsx', '/src/board.tsx'] },
    { pattern: '/list', modules: ['/src/shell.tsx', '/src/list.tsx'] },
    { pattern: '/list/:id', modules: ['/src/shell.tsx', '/src/detail.tsx'] },
    { pattern: '/*', modules: ['/src/shell.tsx'] },
  ];
  const links = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel}${l.getAttribute('as') ? `:${l.getAttribute('as')}` : ''} ${l.getAttribute('href')}`);
  /**
   * Runs `script` and every task it schedules (the frame, then its slices of links) on fake
   * timers: the order of the tasks, not the machine's speed, decides what is there afterwards.
   */
  const runScript = (script: string) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    try {
      new Function(script)();
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
  };
  /** Runs the script at `path` and answers the links it has added once the page has painted. */
  const run = async (path: string) => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
    history.replaceState(null, '', path);
    runScript(routePreloadScript(bundle as never, routes, '/', namespacesOf));
    return links();
  };

  it("announces the address's screens and what they import, not what the entry brings", async () => {
    expect((await run('/list')).sort()).toEqual([
      'modulepreload /assets/common.js',
      'modulepreload /assets/ja.js',
      'modulepreload /assets/list.js',
      'modulepreload /assets/shell.js',
      'modulepreload /assets/table.js',
      'preload:style /assets/list.css',
    ]);
  });

  it('takes the most exact route: a parameter before the catch-all, a named page before both', async () => {
    expect((await run('/list/7')).sort()).toEqual([
      'modulepreload /assets/common.js',
      'modulepreload /assets/detail.js',
      'modulepreload /assets/ja-notes.js',
      'modulepreload /assets/ja.js',
      'modulepreload /assets/shell.js',
    ]);
    expect(await run('/login')).toEqual(['modulepreload /assets/ja.js']);
  });

  it('falls back to the catch-all (the shell) for an address no screen has', async () => {
    expect((await run('/nowhere')).sort()).toEqual(['modulepreload /assets/common.js', 'modulepreload /assets/ja.js', 'modulepreload /assets/shell.js']);
  });

  it("adds the first part of the messages in the language the app will start in, and the namespaces the route's screens name", async () => {
    const screen = ['modulepreload /assets/board.js', 'modulepreload /assets/common.js', 'modulepreload /assets/shell.js'];
    expect((await run('/board')).sort()).toEqual([...screen, 'modulepreload /assets/ja-boards.js', 'modulepreload /assets/ja.js'].sort());
    localStorage.setItem('sagano.lang', 'en');
    try {
      expect((await run('/board')).sort()).toEqual([...screen, 'modulepreload /assets/en-boards.js', 'modulepreload /assets/en.js'].sort());
      expect((await run('/board?lang=ja')).sort()).toEqual([...screen, 'modulepreload /assets/ja-boards.js', 'modulepreload /assets/ja.js'].sort());
      expect(await run('/login?lang=fr')).toEqual(['modulepreload /assets/en.js']);
    } finally {
      localStorage.removeItem('sagano.lang');
    }
  });

  it("leaves the group's page's messages to the page (it picks its language from the browser's)", async () => {
    const withCustomer: RouteModules[] = [{ pattern: '/customer/bookings/:id', modules: ['/src/board.tsx'] }, ...routes];
    for (const link of document.head.querySelectorAll('link')) link.remove();
    history.replaceState(null, '', '/customer/bookings/1');
    runScript(routePreloadScript(bundle as never, withCustomer, '/', namespacesOf));
    expect(links().sort()).toEqual(['modulepreload /assets/board.js', 'modulepreload /assets/common.js']);
  });

  it('adds a screen with many files a few links per task, so that no one task starts them all', async () => {
    const parts = Array.from({ length: 2 * PRELOAD_SLICE + 3 }, (_, i) => `assets/part-${i}.js`);
    const big = { ...bundle, 'assets/big.js': chunk('assets/big.js', '/src/big.tsx', parts) };
    for (const part of parts) Object.assign(big, { [part]: chunk(part, null, []) });
    for (const link of document.head.querySelectorAll('link')) link.remove();
    history.replaceState(null, '', '/big');
    // The links one task adds reach a mutation observer together, at the end of that task.
    const batches: number[] = [];
    const observer = new MutationObserver((records) => batches.push(records.reduce((n, r) => n + r.addedNodes.length, 0)));
    observer.observe(document.head, { childList: true });
    new Function(routePreloadScript(big as never, [{ pattern: '/big', modules: ['/src/big.tsx'] }], '/', namespacesOf))();
    // Real tasks here (the observer reports at the end of each): waited for until every link is in, however busy the machine.
    await vi.waitFor(() => expect(links()).toHaveLength(parts.length + 2), { timeout: 10_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    observer.disconnect();
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...batches)).toBe(PRELOAD_SLICE);
    expect(links().sort()).toEqual(['modulepreload /assets/big.js', 'modulepreload /assets/ja.js', ...parts.map((p) => `modulepreload /${p}`)].sort());
  });

  // (The scripts of the tests before this one listen too: the links are compared as a set.)
  it("announces a link's screen and its messages, in the page's language, when the pointer or focus reaches it", async () => {
    await run('/login');
    document.documentElement.lang = 'en';
    for (const l of document.head.querySelectorAll('link')) l.remove();
    const link = document.createElement('a');
    link.href = '/list/7';
    link.innerHTML = '<span>open</span>';
    document.body.append(link);
    link.querySelector('span')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect([...new Set(links())].sort()).toEqual(['modulepreload /assets/common.js', 'modulepreload /assets/detail.js', 'modulepreload /assets/en-notes.js', 'modulepreload /assets/shell.js']);
    const list = document.createElement('a');
    list.href = '/list';
    document.body.append(list);
    list.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect([...new Set(links())].sort()).toEqual([
      'modulepreload /assets/common.js',
      'modulepreload /assets/detail.js',
      'modulepreload /assets/en-notes.js',
      'modulepreload /assets/list.js',
      'modulepreload /assets/shell.js',
      'modulepreload /assets/table.js',
      'preload:style /assets/list.css',
    ]);
    link.remove();
    list.remove();
    document.documentElement.lang = '';
  });
});
