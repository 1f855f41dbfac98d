import { describe, expect, it } from 'vitest';
import { mailSignature, OperatorBasicInfoBody } from './operator-basic-info-schemas.ts';
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
