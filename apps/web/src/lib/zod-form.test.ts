import { beforeAll, describe, expect, it } from 'vitest';
import { CreateUserBody } from '@sagano/domain/users/user-schemas';
import { SearchOperationLogsBody } from '@sagano/domain/audit/operation-log-schemas';
import { initI18n } from './i18n.ts';
import { zodValidate } from './zod-form.ts';

beforeAll(async () => {
  await initI18n('ja');
});

describe('zodValidate', () => {
  const valid = { email: 'a@example.com', name: '山田 花子', tel: '075-000-0000', language_code: 'ja', user_group: 'BACK_OFFICE', user_type: 'STAFF' };

  it('passes valid values', () => {
    expect(zodValidate(CreateUserBody)(valid)).toEqual({});
  });

  it('gives one translated message per field', () => {
    const errors = zodValidate(CreateUserBody, { tel: () => '電話番号の形式' })({ ...valid, email: 'nope', name: ' ', tel: 'abc', user_group: '' });
    expect(errors).toEqual({
      email: '正しいメールアドレスを入力してください',
      name: '入力してください',
      tel: '電話番号の形式',
      user_group: '選択してください',
    });
  });

  it('says "required" for an empty e-mail rather than "invalid"', () => {
    expect(zodValidate(CreateUserBody)({ ...valid, email: '' })).toEqual({ email: '入力してください' });
  });

  it('puts a refinement on the field it names', () => {
    const errors = zodValidate(SearchOperationLogsBody, { to_date: () => '終了日が前です' })({
      page: 1,
      per_page: 20,
      from_date: '2026-05-01',
      to_date: '2026-04-01',
    });
    expect(errors).toEqual({ to_date: '終了日が前です' });
  });
});
