import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateInput } from './dates.ts';

describe('formatDateTime', () => {
  it('shows Japan time whatever the zone of the timestamp', () => {
    expect(formatDateTime('2026-03-31T15:04:05Z')).toBe('2026-04-01 00:04:05');
    expect(formatDateTime('2026-01-02T09:00:00+09:00')).toBe('2026-01-02 09:00:00');
  });

  it('leaves odd input alone', () => {
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('parseDateInput', () => {
  it('reads yyyy-MM-dd and yyyy/M/d', () => {
    expect(parseDateInput('2026-04-01')).toBe('2026-04-01');
    expect(parseDateInput(' 2026/4/1 ')).toBe('2026-04-01');
  });

  it('refuses impossible dates and other text', () => {
    expect(parseDateInput('2026-02-30')).toBeNull();
    expect(parseDateInput('April 1')).toBeNull();
    expect(parseDateInput('')).toBeNull();
  });
});
