import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage, initI18n } from '../../../lib/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { json, pageText, stubApi, waitFor } from '../../../test/screen.ts';
import { CompleteResetForm } from './complete-reset-form.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

let root: Root | null = null;

function render(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }, { path: '/login', element: <p>login</p> }], { initialEntries: ['/'] });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <AppProviders queryClient={createQueryClient()} i18n={i18next}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

function inputLabelled(text: string): HTMLInputElement {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim() === text);
  const input = label && document.getElementById(label.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled ${text}; page: ${pageText()}`);
  return input;
}

function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const refusal = (code: string) => json(400, { common: { error_code: code, error_description: `password: ${code}`, field: 'password' } });

describe('setting a password from a mailed link', () => {
  beforeAll(async () => {
    await initI18n('ja');
  });
  afterEach(() => {
    root?.unmount();
    root = null;
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
  });

  for (const [language, code, message] of [
    ['ja', 'PASSWORD_CONTAINS_EMAIL', 'メールアドレス（または@より前の部分）を含むパスワードは使用できません'],
    ['en', 'PASSWORD_CONTAINS_EMAIL', 'A password may not contain your e-mail address'],
    ['ja', 'PASSWORD_PUBLISHED', '公開されているデモ用のパスワードは使用できません'],
    ['en', 'PASSWORD_PUBLISHED', 'This is the published demo password'],
  ] as const) {
    it(`shows the server's ${code} refusal on the password field (${language})`, async () => {
      await changeLanguage(language);
      const calls = stubApi(() => refusal(code));
      render(<CompleteResetForm token="tok" />);
      const labels = language === 'ja' ? ['新しいパスワード', '新しいパスワード（確認）', 'パスワードを設定'] : [i18next.t('auth:resetComplete.password'), i18next.t('auth:resetComplete.confirm'), i18next.t('auth:resetComplete.submit')];
      const password = await waitFor(() => document.querySelector('label') && inputLabelled(labels[0]!));
      typeInto(password, 'Station#Kyoto1');
      typeInto(inputLabelled(labels[1]!), 'Station#Kyoto1');
      const submit = [...document.querySelectorAll('button')].find((b) => b.textContent === labels[2])!;
      submit.click();
      await waitFor(() => pageText().includes(message));
      expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /v1/reset-password']);
    });
  }

  it("lists the e-mail rule in the checklist when the account's address is known and the password holds it", async () => {
    await changeLanguage('ja');
    render(<PasswordChecklist password="Staff#Kyoto2026" email="staff@example.com" />);
    const rule = await waitFor(() => document.querySelector('[data-rule="contains_email"]'));
    expect(rule.getAttribute('data-met')).toBe('false');
    expect(rule.textContent).toContain('メールアドレス（@より前の部分も）を含まない');
  });
});
