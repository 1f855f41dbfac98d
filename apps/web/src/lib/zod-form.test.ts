import { beforeAll, describe, expect, it } from 'vitest';
import { CreateUserBody } from '@sagano/domain/users/user-schemas';
import { SearchOperationLogsBody } from '@sagano/domain/audit/operation-log-schemas';
import { GroupScheduleBody } from '@sagano/domain/master-data/group-schedule-schemas';
import { changeLanguage, initI18n } from './i18n.ts';
import { labelAt, zodValidate } from './zod-form.ts';

beforeAll(async () => {
  await initI18n('ja');
});

const userLabels = {
  email: () => 'メールアドレス',
  name: () => '氏名',
  tel: () => '電話番号',
  user_group: () => 'ユーザーグループ',
  user_type: () => 'ユーザー種別',
  language_code: () => '言語',
};

describe('zodValidate', () => {
  const valid = { email: 'a@example.com', name: '山田 花子', tel: '075-000-0000', language_code: 'ja', user_group: 'BACK_OFFICE', user_type: 'STAFF' };

  it('passes valid values', () => {
    expect(zodValidate(CreateUserBody, userLabels)(valid)).toEqual({});
  });

  it('gives one message per field, naming the field and the rule', () => {
    const errors = zodValidate(CreateUserBody, userLabels, { tel: () => '電話番号の形式' })({ ...valid, email: 'nope', name: ' ', tel: 'abc', user_group: '' });
    expect(errors).toEqual({
      email: '正しいメールアドレスを入力してください。',
      name: '氏名を入力してください。',
      tel: '電話番号の形式',
      user_group: 'ユーザーグループを選択してください。',
    });
  });

  it('says "please enter" for an empty e-mail rather than "invalid", and the length limit with its number', () => {
    expect(zodValidate(CreateUserBody, userLabels)({ ...valid, email: '' })).toEqual({ email: 'メールアドレスを入力してください。' });
    expect(zodValidate(CreateUserBody, userLabels)({ ...valid, name: 'あ'.repeat(101) })).toEqual({ name: '氏名は100文字以内で入力してください。' });
  });

  it('words whole numbers: non-negative, at most, whole, half-width digits', () => {
    const labels = { name: () => '名称', service_from_date: () => '適用開始日', service_to_date: () => '適用終了日', group_arrangement_release_day_before: () => '団体枠の開放', payment_day_before: () => '支払期限', remind_day_before: () => 'リマインド' };
    const schedule = { name: '通常期', service_from_date: '2026-04-01', service_to_date: '2026-09-30', group_arrangement_release_day_before: 10, payment_day_before: 7, remind_day_before: 3 };
    expect(zodValidate(GroupScheduleBody, labels)({ ...schedule, group_arrangement_release_day_before: -1, payment_day_before: 400, remind_day_before: 1.5 })).toEqual({
      group_arrangement_release_day_before: '団体枠の開放は0以上の整数で入力してください。',
      payment_day_before: '支払期限は365以下で入力してください。',
      remind_day_before: 'リマインドは整数で入力してください。',
    });
    expect(zodValidate(GroupScheduleBody, labels)({ ...schedule, payment_day_before: '１２' })).toEqual({ payment_day_before: '支払期限は半角数字で入力してください。' });
  });

  it('puts a refinement on the field it names', () => {
    const errors = zodValidate(SearchOperationLogsBody, {}, { to_date: () => '終了日が前です' })({
      page: 1,
      per_page: 20,
      from_date: '2026-05-01',
      to_date: '2026-04-01',
    });
    expect(errors).toEqual({ to_date: '終了日が前です' });
  });

  it('says the same in English, the label inside the sentence', async () => {
    await changeLanguage('en');
    try {
      const labels = { ...userLabels, email: () => 'E-mail address', name: () => 'Name', user_group: () => 'User group' };
      expect(zodValidate(CreateUserBody, labels)({ ...valid, email: 'nope', name: '', user_group: '' })).toEqual({
        email: 'Enter a valid e-mail address.',
        name: 'Please enter name.',
        user_group: 'Please select user group.',
      });
    } finally {
      await changeLanguage('ja');
    }
  });
});

describe('labelAt', () => {
  it('finds a list row by its position or by *', () => {
    const labels = { 'rows.*.min': () => '下限', name: () => '名称' };
    expect(labelAt(labels, 'rows.3.min')).toBe('下限');
    expect(labelAt(labels, 'name')).toBe('名称');
    expect(labelAt(labels, 'other')).toBe('');
  });
});
