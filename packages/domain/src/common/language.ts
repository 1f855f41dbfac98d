import { z } from 'zod';

// The screens' languages live in a zod-free module the web app's first download can import.
export { DEFAULT_LANGUAGE, UI_LANGUAGES, resolveUiLanguage, type UiLanguage } from './ui-language.ts';
export { labelText } from './label-text.ts';

/** Languages that data labels (station names and the like) may carry. */
export const LABEL_LANGUAGES = ['ja', 'en', 'ko', 'zh-hans', 'zh-hant'] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];

export const LocalizedLabel = z.object({
  language_id: z.enum(LABEL_LANGUAGES),
  text: z.string(),
});
export type LocalizedLabel = z.infer<typeof LocalizedLabel>;

