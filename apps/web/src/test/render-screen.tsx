/**
 * Mounting screens in tests: the app's providers (theme, query client, i18n), an optional
 * signed-in user and a memory router, torn down after every test with the fakes it installed.
 */
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import i18next from 'i18next';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { SessionUser } from '@sagano/domain/auth/auth-schemas';
import { AppProviders } from '../app/providers.tsx';
import { CurrentUserContext } from '../lib/current-user.ts';
import { changeLanguage, initI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { pageText } from './screen.ts';

const mounted: Root[] = [];

/** A back-office staff member, the user most screens are tried as. */
export const BACK_OFFICE_STAFF: SessionUser = {
  uid: 'u1',
  email: 'staff@example.com',
  name: '事務 太郎',
  language_code: 'ja',
  kind: 'OPERATOR',
  role: 'saganoStaff',
  user_group: 'BACK_OFFICE',
  user_type: 'STAFF',
  agent_id: null,
  agent_sub_group_id: null,
  staff_type: null,
  totp_enrolled: false,
  totp_setup_required: false,
};

/** Renders `element` inside the app's providers (and, with `user`, as that user). */
export function renderScreen(element: ReactNode, options: { user?: SessionUser } = {}): void {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push(root);
  root.render(
    <AppProviders queryClient={createQueryClient()} i18n={i18next}>
      {options.user ? <CurrentUserContext value={options.user}>{element}</CurrentUserContext> : element}
    </AppProviders>,
  );
}

/** Renders the routes in a memory router opened at `path`; the router is returned to follow navigation. */
export function renderRoutes(routes: RouteObject[], path: string, options: { user?: SessionUser } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderScreen(<RouterProvider router={router} />, options);
  return router;
}

/**
 * The hooks every screen test file needs: Japanese first (a test may switch), and after each
 * test nothing left mounted, shown (toasts live in a module store) or stubbed.
 */
export function useScreenTests(): void {
  beforeAll(async () => {
    await initI18n('ja');
  });
  beforeEach(async () => {
    await changeLanguage('ja');
  });
  afterEach(() => {
    unmountScreens();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
  });
}

/** Unmounts every screen rendered so far and empties the page (a test may start over in the middle). */
export function unmountScreens(): void {
  for (const root of mounted.splice(0)) root.unmount();
  document.body.innerHTML = '';
}

/**
 * Types into a React-controlled input, textarea or select the way a browser does (the value
 * setter of its own kind, then the event React listens to).
 */
export function typeInto(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')!.set!.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The input, select or textarea whose label reads `label` (the drawn asterisk of a required field aside). */
export function fieldLabelled(label: string, within: ParentNode = document): HTMLInputElement | HTMLSelectElement {
  const element = [...within.querySelectorAll('label')].find((l) => l.textContent?.replace(/\s*\*$/, '').trim() === label);
  const control = element?.htmlFor ? document.getElementById(element.htmlFor) : null;
  if (!control) throw new Error(`no field labelled ${label}; page: ${pageText()}`);
  return control as HTMLInputElement | HTMLSelectElement;
}

/** Put next to a screen, it shows where the router is; `currentLocation()` reads it. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

export const currentLocation = () => document.querySelector('[data-testid="where"]')?.textContent;
