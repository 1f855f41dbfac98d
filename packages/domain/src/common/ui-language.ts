/** Languages the screens are offered in; ja is the default. */
export const UI_LANGUAGES = ['ja', 'en'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: UiLanguage = 'ja';

export function resolveUiLanguage(
  queryLang: string | null | undefined,
  stored: string | null | undefined,
): UiLanguage {
  for (const candidate of [queryLang, stored]) {
    if (candidate && (UI_LANGUAGES as readonly string[]).includes(candidate)) {
      return candidate as UiLanguage;
    }
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The group's own page (and its voucher) speaks these too: groups come from abroad. The staff
 * screens stay ja/en (UI_LANGUAGES).
 */
export const CUSTOMER_LANGUAGES = ['ja', 'en', 'zh-hans', 'zh-hant', 'ko'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

export const isCustomerLanguage = (value: string | null | undefined): value is CustomerLanguage =>
  (CUSTOMER_LANGUAGES as readonly (string | null | undefined)[]).includes(value);

/**
 * A browser's language tag (navigator.languages: zh-CN, zh-Hant-TW, ko-KR, en-GB) as one of the
 * customer languages, or null. Chinese goes by its script, else by region: TW, HK, MO write
 * traditional characters, the rest simplified.
 */
export function customerLanguageOfTag(tag: string): CustomerLanguage | null {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  const [primary, ...rest] = parts;
  if (primary === 'zh') {
    if (rest.includes('hans')) return 'zh-hans';
    if (rest.includes('hant') || rest.some((p) => ['tw', 'hk', 'mo'].includes(p))) return 'zh-hant';
    return 'zh-hans';
  }
  if (primary === 'ja' || primary === 'en' || primary === 'ko') return primary;
  return null;
}

/** The customer page's language: `?lang=`, then the stored choice, then the browser's languages in order, then ja. */
export function resolveCustomerLanguage(
  queryLang: string | null | undefined,
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): CustomerLanguage {
  for (const candidate of [queryLang, stored]) {
    if (isCustomerLanguage(candidate)) return candidate;
  }
  for (const tag of browserLanguages) {
    const language = customerLanguageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The BCP 47 spelling for <html lang> and the like: zh-hans → zh-Hans. */
export function htmlLangOf(language: string): string {
  return language.replace(/-(hans|hant)$/, (_, script: string) => `-${script[0]!.toUpperCase()}${script.slice(1)}`);
}
