import { describe, expect, it } from 'vitest';
import { COUNTRY_NAMES_EN, COUNTRY_NAMES_JA } from './country-names.ts';
import { COUNTRY_CODES, countryAlpha2, countryName, countryOptions, isCountryCode, PREFECTURES_EN, PREFECTURES_JA } from './countries.ts';

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
  it('names and orders the Japanese and English tables as Intl.DisplayNames and Intl.Collator do', () => {
    for (const [language, text] of [['ja', COUNTRY_NAMES_JA], ['en', COUNTRY_NAMES_EN]] as const) {
      const entries = text.split('|').map((entry) => entry.split(':') as [string, string]);
      expect(entries.map(([code]) => code).sort()).toEqual([...COUNTRY_CODES].sort());
      const intl = new Intl.DisplayNames([language], { type: 'region' });
      for (const [code, name] of entries) expect(name, `${language} ${code}`).toBe(intl.of(countryAlpha2(code)!));
      const collator = new Intl.Collator(language);
      const names = entries.map(([, name]) => name);
      expect(names).toEqual([...names].sort((a, b) => collator.compare(a, b)));
    }
    // The options follow the table: Japan first, the rest in the table's order, OTHER last.
    const options = countryOptions('en', 'Other');
    expect(options.slice(1, 4).map((o) => o.label)).toEqual(COUNTRY_NAMES_EN.split('|').slice(0, 3).map((e) => e.split(':')[1]));
  });
  it('lists 47 prefectures', () => {
    expect(PREFECTURES_JA).toHaveLength(47);
    expect(PREFECTURES_EN).toHaveLength(47);
    expect(PREFECTURES_JA[25]).toBe('京都府');
  });
});
