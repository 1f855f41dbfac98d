import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { fieldLabelled, renderRoutes, typeInto, useScreenTests } from '../../../test/render-screen.tsx';
import { json, pageText, stubApi, waitFor } from '../../../test/screen.ts';
import { CompleteResetForm } from './complete-reset-form.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

function render(element: React.ReactNode) {
  renderRoutes([{ path: '/', element }, { path: '/login', element: <p>login</p> }], '/');
}

const inputLabelled = (text: string) => fieldLabelled(text) as HTMLInputElement;

const refusal = (code: string) => json(400, { common: { error_code: code, error_description: `password: ${code}`, field: 'password' } });

describe('setting a password from a mailed link', () => {
  useScreenTests();

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
