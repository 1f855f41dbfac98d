import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions, isCountryCode, PREFECTURES_EN, PREFECTURES_JA } from './countries.ts';

describe('countries', () => {
  it('holds the ISO alpha-3 codes once each, plus OTHER', () => {
    expect(COUNTRY_CODES.length).toBe(249);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{3}$/.test(c))).toBe(true);
    expect(isCountryCode('JPN')).toBe(true);
    expect(isCountryCode('OTHER')).toBe(true);
    expect(isCountryCode('XXX')).toBe(false);
  });
  it('names countries in the screen language, Japan first and other last', () => {
    expect(countryName('JPN', 'ja')).toBe('日本');
    expect(countryName('USA', 'en')).toBe('United States');
    const options = countryOptions('ja', 'その他');
    expect(options[0]).toEqual({ value: 'JPN', label: '日本' });
    expect(options.at(-1)).toEqual({ value: 'OTHER', label: 'その他' });
  });
  it('lists 47 prefectures', () => {
    expect(PREFECTURES_JA).toHaveLength(47);
    expect(PREFECTURES_EN).toHaveLength(47);
    expect(PREFECTURES_JA[25]).toBe('京都府');
  });
});
