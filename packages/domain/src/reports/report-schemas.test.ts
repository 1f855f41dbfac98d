import { describe, expect, it } from 'vitest';
import { CsvDownloadQuery, CsvReportQuery } from './report-schemas.ts';

const fieldOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => r.error?.issues[0]?.path.join('.');

describe('CSV report periods', () => {
  it('takes a period of up to 366 days (a leap year whole) for the base64 answer, UTF-8 by default', () => {
    expect(CsvReportQuery.parse({ from_date: '2028-01-01', to_date: '2028-12-31' })).toEqual({ from_date: '2028-01-01', to_date: '2028-12-31', encoding: 'utf-8' });
    expect(CsvReportQuery.safeParse({ from_date: '2027-02-28', to_date: '2027-02-28', encoding: 'shift_jis', lang: 'en' }).success).toBe(true);
  });

  it('refuses an end before the start, a 367-day period and impossible dates, naming the field', () => {
    expect(fieldOf(CsvReportQuery.safeParse({ from_date: '2027-03-02', to_date: '2027-03-01' }))).toBe('to_date');
    expect(fieldOf(CsvReportQuery.safeParse({ from_date: '2027-01-01', to_date: '2028-01-02' }))).toBe('to_date');
    expect(fieldOf(CsvReportQuery.safeParse({ from_date: '2027-02-29', to_date: '2027-03-01' }))).toBe('from_date');
    expect(fieldOf(CsvReportQuery.safeParse({ from_date: '2027-01-01', to_date: '2027-01-02', encoding: 'sjis' }))).toBe('encoding');
  });

  it('lets the streamed download take up to ten years', () => {
    expect(CsvDownloadQuery.safeParse({ from_date: '2020-01-01', to_date: '2029-12-31' }).success).toBe(true);
    expect(fieldOf(CsvDownloadQuery.safeParse({ from_date: '2020-01-01', to_date: '2030-01-10' }))).toBe('to_date');
  });
});
