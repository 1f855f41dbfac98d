import { describe, expect, it } from 'vitest';
import { customerLanguageOfTag, htmlLangOf, resolveCustomerLanguage } from './ui-language.ts';

describe("the group's page language", () => {
  it('takes ?lang first, then the stored choice, then the browser languages in order, then Japanese', () => {
    expect(resolveCustomerLanguage('ko', 'en', ['zh-CN'])).toBe('ko');
    expect(resolveCustomerLanguage('fr', 'zh-hant', ['ko'])).toBe('zh-hant');
    expect(resolveCustomerLanguage(null, null, ['fr-FR', 'zh-TW', 'en'])).toBe('zh-hant');
    expect(resolveCustomerLanguage(null, null, ['de', 'fr'])).toBe('ja');
    expect(resolveCustomerLanguage(undefined, undefined, [])).toBe('ja');
  });

  it('reads browser tags by script, then by region for Chinese', () => {
    expect(customerLanguageOfTag('zh-CN')).toBe('zh-hans');
    expect(customerLanguageOfTag('zh')).toBe('zh-hans');
    expect(customerLanguageOfTag('zh-SG')).toBe('zh-hans');
    expect(customerLanguageOfTag('zh-Hans-HK')).toBe('zh-hans');
    expect(customerLanguageOfTag('zh-HK')).toBe('zh-hant');
    expect(customerLanguageOfTag('zh-Hant')).toBe('zh-hant');
    expect(customerLanguageOfTag('zh_HK')).toBe('zh-hant');
    expect(customerLanguageOfTag('ko-KR')).toBe('ko');
    expect(customerLanguageOfTag('en-GB')).toBe('en');
    expect(customerLanguageOfTag('JA')).toBe('ja');
    expect(customerLanguageOfTag('fr')).toBeNull();
  });

  it('spells the script subtag the BCP 47 way for <html lang>', () => {
    expect(htmlLangOf('zh-hans')).toBe('zh-Hans');
    expect(htmlLangOf('zh-hant')).toBe('zh-Hant');
    expect(htmlLangOf('ko')).toBe('ko');
    expect(htmlLangOf('ja')).toBe('ja');
  });
});
