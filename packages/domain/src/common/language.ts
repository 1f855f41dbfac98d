import { z } from 'zod';

/** Languages the screens are offered in; ja is the default. */
export const UI_LANGUAGES = ['ja', 'en'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: UiLanguage = 'ja';

/** Languages that data labels (station names and the like) may carry. */
export const LABEL_LANGUAGES = ['ja', 'en', 'ko', 'zh-hans', 'zh-hant'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

export const LocalizedLabel = z.object({
  language_id: z.enum(LABEL_LANGUAGES),
  text: z.string(),
});
export type LocalizedLabel = z.infer<typeof LocalizedLabel>;

/** Picks the label in `language`, falling back to Japanese, then to the first one. */
export function labelText(labels: readonly LocalizedLabel[], language: string): string {
  return (
    labels.find((l) => l.language_id === language)?.text ??
    labels.find((l) => l.language_id === 'ja')?.text ??
    labels[0]?.text ??
    ''
  );
}

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
