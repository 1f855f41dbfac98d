import { useTranslation } from 'react-i18next';

/** A word with a note after it in the screen's language: 「A（note）」, "A (note)". */
export function useWithNote(): (text: string, note: string) => string {
  const { t } = useTranslation('common');
  return (text, note) => t('withNote', { text, note });
}
