import { afterEach, describe, expect, it } from 'vitest';
import { patternRegExp, routeModules, routePreloadScript, type RouteModules } from '../../route-preloads.ts';

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
  };
  const routes: RouteModules[] = [
    { pattern: '/login', modules: [] },
    { pattern: '/list', modules: ['/src/shell.tsx', '/src/list.tsx'] },
    { pattern: '/list/:id', modules: ['/src/shell.tsx', '/src/detail.tsx'] },
    { pattern: '/*', modules: ['/src/shell.tsx'] },
  ];
  const links = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel}${l.getAttribute('as') ? `:${l.getAttribute('as')}` : ''} ${l.getAttribute('href')}`);
  const run = (path: string) => {
    for (const link of document.head.querySelectorAll('link')) link.remove();
    history.replaceState(null, '', path);
    new Function(routePreloadScript(bundle as never, routes, '/'))();
    return links();
  };

  it("announces the address's screens and what they import, not what the entry brings", () => {
    expect(run('/list').sort()).toEqual(['modulepreload /assets/common.js', 'modulepreload /assets/list.js', 'modulepreload /assets/shell.js', 'modulepreload /assets/table.js', 'preload:style /assets/list.css']);
  });

  it('takes the most exact route: a parameter before the catch-all, a named page before both', () => {
    expect(run('/list/7').sort()).toEqual(['modulepreload /assets/common.js', 'modulepreload /assets/detail.js', 'modulepreload /assets/shell.js']);
    expect(run('/login')).toEqual([]);
  });

  it('falls back to the catch-all (the shell) for an address no screen has', () => {
    expect(run('/nowhere').sort()).toEqual(['modulepreload /assets/common.js', 'modulepreload /assets/shell.js']);
  });

  // (The scripts of the tests before this one listen too: the links are compared as a set.)
  it("announces a link's screen when the pointer or focus reaches it", () => {
    run('/login');
    const link = document.createElement('a');
    link.href = '/list/7';
    link.innerHTML = '<span>open</span>';
    document.body.append(link);
    link.querySelector('span')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect([...new Set(links())].sort()).toEqual(['modulepreload /assets/common.js', 'modulepreload /assets/detail.js', 'modulepreload /assets/shell.js']);
    const list = document.createElement('a');
    list.href = '/list';
    document.body.append(list);
    list.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect([...new Set(links())].sort()).toEqual([
      'modulepreload /assets/common.js',
      'modulepreload /assets/detail.js',
      'modulepreload /assets/list.js',
      'modulepreload /assets/shell.js',
      'modulepreload /assets/table.js',
      'preload:style /assets/list.css',
    ]);
    link.remove();
    list.remove();
  });
});
