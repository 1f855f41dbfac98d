import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from './i18n.ts';
import { apiFieldLabel, inSentence, isHhmm, validationMessage as v } from './validation-messages.ts';

beforeAll(async () => {
  await initI18n('ja');
});
afterAll(() => changeLanguage('ja'));

describe('the rules of spec 000 §5, naming the field', () => {
  it('in Japanese', async () => {
    await changeLanguage('ja');
    expect(v.required('団体名')).toBe('団体名を入力してください。');
    expect(v.select('代理店')).toBe('代理店を選択してください。');
    expect(v.invalid('メールアドレス')).toBe('正しいメールアドレスを入力してください。');
    expect(v.atMost('支払期限', 365)).toBe('支払期限は365以下で入力してください。');
    expect(v.positiveInteger('入金額')).toBe('入金額は1以上の整数で入力してください。');
    expect(v.nonNegativeInteger('調整後の請求額')).toBe('調整後の請求額は0以上の整数で入力してください。');
    expect(v.halfWidthDigits('人数')).toBe('人数は半角数字で入力してください。');
    expect(v.range('優先度', 0, 100)).toBe('優先度は0〜100の整数で入力してください。');
    expect(v.digits('支店コード', 3)).toBe('支店コードは3桁の半角数字で入力してください。');
    expect(v.maxLength('名称', 100)).toBe('名称は100文字以内で入力してください。');
    expect(v.dateOrder('開始日', '終了日')).toBe('終了日は開始日以降の日付を入力してください。');
    expect(v.time('嵯峨 発')).toBe('嵯峨 発は「09:30」のように HH:mm の形式で入力してください。');
    expect(v.timeOrder('開始時刻', '終了時刻')).toBe('終了時刻は開始時刻以降の時刻を入力してください。');
    expect(v.timeAfter('嵯峨 発', '亀岡 着')).toBe('亀岡 着は嵯峨 発より後の時刻を入力してください。');
    expect(v.password('新しいパスワード')).toBe('新しいパスワードは8文字以上で、英大文字・英小文字・数字・記号をすべて含めてください。');
    // A field without a label still reads as a sentence.
    expect(v.required('')).toBe('この項目を入力してください。');
  });

  it('in English, the label inside the sentence', async () => {
    await changeLanguage('en');
    expect(v.required('Group name')).toBe('Please enter group name.');
    expect(v.select('Agent')).toBe('Please select agent.');
    expect(v.invalid('E-mail address')).toBe('Enter a valid e-mail address.');
    expect(v.atMost('Payment deadline', 365)).toBe('Enter at most 365 for payment deadline.');
    expect(v.positiveInteger('Amount')).toBe('Enter amount as a positive whole number (1 or more).');
    expect(v.nonNegativeInteger('Total')).toBe('Enter total as a whole number of 0 or more.');
    expect(v.halfWidthDigits('Adults')).toBe('Enter adults in half-width digits (0-9).');
    expect(v.dateOrder('Start date', 'End date')).toBe('The end date must not be before the start date.');
    expect(v.timeOrder('Start time', 'End time')).toBe('The end time must not be before the start time.');
    // An acronym keeps its capitals.
    expect(v.required('API key name')).toBe('Please enter API key name.');
    await changeLanguage('ja');
  });
});

describe('helpers', () => {
  it('reads HH:mm times', () => {
    expect(['00:00', '09:30', '23:59'].every(isHhmm)).toBe(true);
    expect(['9:30', '24:00', '09:60', '0930', ''].some(isHhmm)).toBe(false);
  });

  it('names an API field by its label, else "this field"', async () => {
    await changeLanguage('ja');
    expect(apiFieldLabel('booking_id')).toBe('予約番号');
    expect(apiFieldLabel('applicant.email')).toBe('メールアドレス');
    expect(apiFieldLabel('seat_req.0.seat_ids.2')).toBe('座席');
    expect(apiFieldLabel('something_else')).toBe('この項目');
    expect(apiFieldLabel(undefined)).toBe('この項目');
  });

  it('leaves a Japanese label as it is', async () => {
    await changeLanguage('ja');
    expect(inSentence('Eメール')).toBe('Eメール');
  });
});
