import { describe, expect, it } from 'vitest';
import { mailSignature, OperatorBasicInfoBody } from './operator-basic-info-schemas.ts';
import { BankAccountBody } from './bank-account-schemas.ts';
import { CancellationPolicyBody, repeatedDaysBefore } from './cancellation-policy-schemas.ts';
import { CreateUnitBody } from './unit-schemas.ts';
import { CheckedSpecialContractTermBody, specialContractTermProblem } from './special-contract-term-schemas.ts';

const term = { name: '2027年 秋の特約', submission_deadline: '2027-06-30', answer_date: '2027-07-15', service_from_date: '2027-10-01', service_to_date: '2027-11-30' };

describe('special contract term dates', () => {
  it('accepts a deadline, then the answer, then the period', () => {
    expect(specialContractTermProblem(term)).toBeNull();
    expect(CheckedSpecialContractTermBody.safeParse(term).success).toBe(true);
    // The answer may fall on the deadline day itself.
    expect(specialContractTermProblem({ ...term, answer_date: term.submission_deadline })).toBeNull();
  });

  it('names the field to fix first', () => {
    expect(specialContractTermProblem({ ...term, service_to_date: '2027-09-30' })).toEqual({ field: 'service_to_date', rule: 'periodOrder', message: 'the end of the service period must be after the start' });
    expect(specialContractTermProblem({ ...term, answer_date: '2027-06-29' })?.field).toBe('answer_date');
    expect(specialContractTermProblem({ ...term, answer_date: '2027-10-01' })).toEqual({ field: 'answer_date', rule: 'answerBeforeService', message: 'the answer date must be before the service period starts' });
    const parsed = CheckedSpecialContractTermBody.safeParse({ ...term, answer_date: '2027-06-01' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))).toEqual(['answer_date']);
  });
});

describe('operator basic info', () => {
  const info = { name: '嵯峨野観光鉄道株式会社', tel: '075-861-7444', business_hours: '9:00〜17:00', address: '京都市右京区', invoice_number: 'T1234567890123' };

  it('takes an invoice number of T and 13 digits, or none', () => {
    expect(OperatorBasicInfoBody.safeParse(info).success).toBe(true);
    expect(OperatorBasicInfoBody.safeParse({ ...info, invoice_number: '' }).success).toBe(true);
    for (const bad of ['1234567890123', 'T123456789012', 'T12345678901234', 't1234567890123']) {
      const parsed = OperatorBasicInfoBody.safeParse({ ...info, invoice_number: bad });
      expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.')), bad).toEqual(['invoice_number']);
    }
  });

  it('signs mails with the name, the phone and the hours when there are any', () => {
    expect(mailSignature(info)).toBe('嵯峨野観光鉄道株式会社 団体予約係\nTEL 075-861-7444（9:00〜17:00）');
    expect(mailSignature({ ...info, business_hours: '' })).toBe('嵯峨野観光鉄道株式会社 団体予約係\nTEL 075-861-7444');
  });
});

describe('bank accounts', () => {
  const account = {
    company_name: '嵯峨野観光鉄道株式会社',
    bank_name: '京都中央銀行',
    branch_name: '嵐山支店',
    branch_code: '123',
    account_code: '1234567',
    account_name: 'サガノカンコウテツドウ（カ',
    account_type: 'ordinary',
  };
  const fieldsOf = (value: object) => {
    const parsed = BankAccountBody.safeParse(value);
    return parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.path.join('.')))];
  };

  it('takes the codes as digits of their length, full-width digits too, and is not the transfer account unless marked', () => {
    const parsed = BankAccountBody.parse({ ...account, branch_code: ' ０１２ ', account_code: '０１２３４５６' });
    expect(parsed).toMatchObject({ branch_code: '012', account_code: '0123456', is_transfer_account: false });
    for (const bad of ['12', '1234', '12a', '']) expect(fieldsOf({ ...account, branch_code: bad }), bad).toEqual(['branch_code']);
    for (const bad of ['123456', '12345678', '123-456']) expect(fieldsOf({ ...account, account_code: bad }), bad).toEqual(['account_code']);
  });

  it('takes the holder in kana as banks write it, not kanji, hiragana or lower case', () => {
    for (const good of ['サガノカンコウテツドウ（カ', 'ｻｶﾞﾉｶﾝｺｳﾃﾂﾄﾞｳ(ｶ', 'カ）サガノ　トロッコ', 'ヤマダ タロウ', 'ABCトラベル.ｶ-/ｼﾃﾝ', 'ｶ)ｻｶﾞﾉ,ｼﾞﾑｼｮ']) {
      expect(fieldsOf({ ...account, account_name: good }), good).toEqual([]);
    }
    for (const bad of ['嵯峨野観光鉄道', 'さがの', 'sagano', 'サガノ＊', '']) expect(fieldsOf({ ...account, account_name: bad }), bad).toEqual(['account_name']);
  });

  it('names every missing field', () => {
    expect(fieldsOf({ ...account, company_name: ' ', bank_name: '', account_type: 'current' })).toEqual(['company_name', 'bank_name', 'account_type']);
  });
});

describe('cancellation policy', () => {
  const policy = [
    { days_before: 20, rate_e6: 0 },
    { days_before: 7, rate_e6: 200_000 },
    { days_before: 0, rate_e6: 1_000_000 },
  ];
  const fieldsOf = (value: object) => {
    const parsed = CancellationPolicyBody.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
  };

  it('takes rows of days 0–365 and rates 0–100%, each number of days once', () => {
    expect(fieldsOf({ policy })).toEqual([]);
    expect(fieldsOf({ policy: [...policy, { days_before: 7, rate_e6: 300_000 }] })).toEqual(['policy.3.days_before']);
    expect(repeatedDaysBefore(policy)).toBe(-1);
    expect(fieldsOf({ policy: [{ days_before: -1, rate_e6: 0 }] })).toEqual(['policy.0.days_before']);
    expect(fieldsOf({ policy: [{ days_before: 1, rate_e6: 1_000_001 }] })).toEqual(['policy.0.rate_e6']);
    expect(fieldsOf({ policy: [{ days_before: 1.5, rate_e6: 0 }] })).toEqual(['policy.0.days_before']);
    expect(fieldsOf({ policy: [] })).toEqual(['policy']);
  });
});

describe('units', () => {
  const unit = {
    segment: 'NORMAL',
    annotation: 'SUPPORTER',
    fare_type: 'CHILD',
    name_label: [
      { language_id: 'ja', text: '一般団体 介護者 小人' },
      { language_id: 'en', text: 'Group Caregiver Child' },
    ],
    display_order: 80,
    count_inclusive: true,
    auto_calculated: false,
  };
  const fieldsOf = (value: object) => {
    const parsed = CreateUnitBody.safeParse(value);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
  };

  it('needs a Japanese and an English name, one per language, and FREE units calculated', () => {
    expect(fieldsOf(unit)).toEqual([]);
    expect(fieldsOf({ ...unit, name_label: [...unit.name_label, { language_id: 'ko', text: '단체' }, { language_id: 'zh-hans', text: '团体' }] })).toEqual([]);
    expect(fieldsOf({ ...unit, name_label: unit.name_label.slice(0, 1) })).toEqual(['name_label']);
    expect(fieldsOf({ ...unit, name_label: [...unit.name_label, { language_id: 'ja', text: '重複' }] })).toEqual(['name_label.2.language_id']);
    expect(fieldsOf({ ...unit, auto_calculated: true })).toEqual(['auto_calculated']);
    expect(fieldsOf({ ...unit, annotation: 'FREE' })).toEqual(['auto_calculated']);
    expect(fieldsOf({ ...unit, annotation: 'FREE', auto_calculated: true })).toEqual([]);
    expect(fieldsOf({ ...unit, fare_type: 'BICYCLE' })).toEqual(['fare_type']);
  });

  it('takes the fare types of spec 000 §4, LUGGAGE and CHANGE_HANDLE_FEE as items: plain annotation, not participants', () => {
    const item = { ...unit, annotation: 'NORMAL', count_inclusive: false, name_label: [{ language_id: 'ja', text: '大型手荷物' }, { language_id: 'en', text: 'Large luggage' }] };
    for (const fare_type of ['LUGGAGE', 'CHANGE_HANDLE_FEE']) {
      expect(fieldsOf({ ...item, fare_type }), fare_type).toEqual([]);
      expect(fieldsOf({ ...item, fare_type, count_inclusive: true }), fare_type).toEqual(['count_inclusive']);
      expect(fieldsOf({ ...item, fare_type, annotation: 'SUPPORTER' }), fare_type).toEqual(['annotation']);
      expect(fieldsOf({ ...item, fare_type, annotation: 'FREE', auto_calculated: true }), fare_type).toEqual(['annotation']);
    }
    // A passenger fare may still be a participant or not, as before.
    expect(fieldsOf({ ...unit, fare_type: 'ADULT' })).toEqual([]);
  });
});
