import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentResponse } from '@sagano/domain/agents/agent-schemas';
import { initI18n } from '../../../lib/i18n.ts';
import { agentCountryOptions, agentFormFromResponse, emptyAgentForm, monthDayChoice, toCreateBody, toUpdateBody, validateAgentForm } from './agent-form-values.ts';
import { base64Bytes } from '../../../lib/save-file.ts';
import { SAGANO_TOURIST } from '../../../test/agents.ts';

beforeAll(async () => {
  await initI18n('ja');
});

const admin = { id: 'a1', name: '嵯峨 花子', email: 'hanako@example.com', tel: '075-000-0000' };
const agent = { ...SAGANO_TOURIST, root_group_main_admin: admin, ignore_cancellation_policy: true, require_totp: true } as AgentResponse;

describe('agent form values', () => {
  it('reads month end or a day into one choice, and back', () => {
    expect(monthDayChoice(null, true)).toBe('END');
    expect(monthDayChoice(12, false)).toBe('12');
    expect(monthDayChoice(null, false)).toBe('');
    const values = agentFormFromResponse(agent);
    expect(values).toMatchObject({ payment_day: '25', billing_day: 'END', main_admin_name: '嵯峨 花子', root_group_fax: '075-111-1111' });
    expect(toUpdateBody(values)).toEqual({
      name_ja: '嵯峨野ツーリスト',
      name_kana: 'サガノツーリスト',
      name_en: 'Sagano Tourist',
      name_origin: '',
      main_admin_name: '嵯峨 花子',
      main_admin_tel: '075-000-0000',
      root_group_fax: '075-111-1111',
      country_code: 'JPN',
      agent_type: 'SPECIAL_CONTRACTED',
      payment_day: 25,
      payment_day_end_of_month: false,
      billing_day: null,
      billing_day_end_of_month: true,
      ignore_cancellation_policy: true,
      // Saving the form keeps the two-factor rule as it is.
      require_totp: true,
    });
  });

  it('trims the create body and leaves the edit-only fields out', () => {
    const body = toCreateBody({ ...emptyAgentForm(), name_ja: ' 京都観光 ', main_admin_email: ' a@example.com ', main_admin_name: ' 山田 ' });
    expect(body).toEqual({
      name_ja: '京都観光',
      name_kana: '',
      name_en: '',
      name_origin: '',
      main_admin_email: 'a@example.com',
      main_admin_name: '山田',
      main_admin_tel: '',
      agent_type: 'FREE',
      ignore_cancellation_policy: false,
      country_code: 'JPN',
      root_group_fax: '',
    });
  });

  it('gives translated messages on the form fields, naming each field and its rule', () => {
    expect(validateAgentForm('create')({ ...emptyAgentForm(), main_admin_email: 'nope', main_admin_tel: 'abc' })).toEqual({
      name_ja: '代理店名を入力してください。',
      main_admin_name: '主管理者 氏名を入力してください。',
      main_admin_email: '正しい主管理者 メールアドレスを入力してください。',
      main_admin_tel: '主管理者 電話番号は半角数字と + - ( ) で入力してください。',
    });
    expect(validateAgentForm('update')({ ...agentFormFromResponse(agent), payment_day: '' })).toEqual({ payment_day: '支払日を選択してください。' });
  });

  it('offers alpha-3 countries only, Japan first', () => {
    const options = agentCountryOptions('ja');
    expect(options[0]).toEqual({ value: 'JPN', label: '日本' });
    expect(options.every((o) => o.value.length === 3)).toBe(true);
  });

  it('decodes the CSV answer byte for byte (the BOM kept)', () => {
    expect([...base64Bytes('77u/aWQsbmFtZQ==')]).toEqual([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('id,name')]);
  });
});
