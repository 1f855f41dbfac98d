import { describe, expect, it } from 'vitest';
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
    expect(specialContractTermProblem({ ...term, service_to_date: '2027-09-30' })).toEqual({ field: 'service_to_date', message: 'the end of the service period must be after the start' });
    expect(specialContractTermProblem({ ...term, answer_date: '2027-06-29' })?.field).toBe('answer_date');
    expect(specialContractTermProblem({ ...term, answer_date: '2027-10-01' })).toEqual({ field: 'answer_date', message: 'the answer date must be before the service period starts' });
    const parsed = CheckedSpecialContractTermBody.safeParse({ ...term, answer_date: '2027-06-01' });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'))).toEqual(['answer_date']);
  });
});
