import { describe, expect, it } from 'vitest';
import { labelText, resolveUiLanguage } from './language.ts';

describe('resolveUiLanguage', () => {
  it('takes ?lang first, then the stored choice, then Japanese', () => {
    expect(resolveUiLanguage('en', 'ja')).toBe('en');
    expect(resolveUiLanguage(null, 'en')).toBe('en');
    expect(resolveUiLanguage('fr', 'xx')).toBe('ja');
    expect(resolveUiLanguage(undefined, undefined)).toBe('ja');
  });
});

describe('labelText', () => {
  it('falls back to Japanese, then to the first label', () => {
    const labels = [
      { language_id: 'ko' as const, text: '사가' },
      { language_id: 'ja' as const, text: '嵯峨' },
    ];
    expect(labelText(labels, 'ko')).toBe('사가');
    expect(labelText(labels, 'en')).toBe('嵯峨');
    expect(labelText([{ language_id: 'ko', text: '사가' }], 'en')).toBe('사가');
    expect(labelText([], 'en')).toBe('');
  });
});
