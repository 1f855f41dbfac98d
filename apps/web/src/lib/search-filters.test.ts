import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n.ts';
import { dateRangeRules, readFilterParams, writeFilterParams } from './search-filters.ts';

const TEXT = ['from', 'to', 'name'] as const;
const LISTS = ['status'] as const;

describe('filters in the address', () => {
  it('reads absent filters as empty and lists as comma-separated values', () => {
    expect(readFilterParams(new URLSearchParams('name=%E9%9D%92&status=A,B,'), TEXT, LISTS)).toEqual({ from: '', to: '', name: '青', status: ['A', 'B'] });
  });

  it('writes only what is set (trimmed), except the keys kept even when empty', () => {
    const values = { from: '', to: ' 2026-05-01 ', name: '  ', status: ['A', 'B'] };
    expect(writeFilterParams(values, TEXT, LISTS).toString()).toBe('to=2026-05-01&status=A%2CB');
    expect(writeFilterParams(values, TEXT, LISTS, ['from']).toString()).toBe('from=&to=2026-05-01&status=A%2CB');
    expect(readFilterParams(writeFilterParams(values, TEXT, LISTS), TEXT, LISTS)).toEqual({ from: '', to: '2026-05-01', name: '', status: ['A', 'B'] });
  });
});

describe('dateRangeRules', () => {
  const rules = dateRangeRules('from', 'to', { from: '乗車日(から)', to: '乗車日(まで)' });
  it('wants real dates, the end not before the start, naming the fields', async () => {
    await initI18n('ja');
    expect(rules.from('', { from: '', to: '' })).toBeNull();
    expect(rules.from('2026-02-30', { from: '2026-02-30', to: '' })).toBe('乗車日(から)は yyyy-MM-dd の形式で入力してください。');
    expect(rules.to('2026-04-30', { from: '2026-05-01', to: '2026-04-30' })).toBe('乗車日(まで)は乗車日(から)以降の日付を入力してください。');
    // Typed with slashes and without leading zeros it is still the same day.
    expect(rules.to('2026/5/1', { from: '2026-05-01', to: '2026/5/1' })).toBeNull();
    expect(rules.to('2026-05-01', { from: 'later', to: '2026-05-01' })).toBeNull();
  });
});
