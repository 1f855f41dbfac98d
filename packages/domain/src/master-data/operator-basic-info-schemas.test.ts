import { describe, expect, it } from 'vitest';
import { OperatorBasicInfoBody, POSTAL_CODE_MESSAGE } from './operator-basic-info-schemas.ts';

const info = { name: '嵯峨野観光鉄道株式会社', tel: '075-861-7444', business_hours: '9:00〜17:00', address: '京都市右京区', invoice_number: '' };

describe('operator basic info: postal code and fax', () => {
  it('takes 〒 as 123-4567 or empty, and a phone-like fax or empty; both may be left out', () => {
    for (const postal_code of ['616-8373', '', ' 616-8373 ']) expect(OperatorBasicInfoBody.safeParse({ ...info, postal_code }).success, postal_code).toBe(true);
    for (const fax of ['075-861-7445', '', '+81 75 861 7445', '(075) 861-7445']) expect(OperatorBasicInfoBody.safeParse({ ...info, fax }).success, fax).toBe(true);
    expect(OperatorBasicInfoBody.parse(info)).not.toHaveProperty('postal_code');
    expect(OperatorBasicInfoBody.parse({ ...info, postal_code: ' 616-8373 ' }).postal_code).toBe('616-8373');
  });

  it('refuses other shapes, naming the field', () => {
    for (const postal_code of ['6168373', '616-837', '〒616-8373', '６１６-８３７３', '616–8373']) {
      const parsed = OperatorBasicInfoBody.safeParse({ ...info, postal_code });
      expect(parsed.success, postal_code).toBe(false);
      expect(parsed.error!.issues[0]).toMatchObject({ path: ['postal_code'], message: POSTAL_CODE_MESSAGE });
    }
    for (const fax of ['FAX 075-861-7445', '0'.repeat(21), '075.861.7445']) {
      const parsed = OperatorBasicInfoBody.safeParse({ ...info, fax });
      expect(parsed.success, fax).toBe(false);
      expect(parsed.error!.issues[0]!.path, fax).toEqual(['fax']);
    }
  });
});
