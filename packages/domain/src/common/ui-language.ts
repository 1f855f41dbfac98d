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
