import { useTranslation } from 'react-i18next';

/** What joins words listed on one line in the screen's language (「A、B」, "A, B"). */
export function useListSeparator(): string {
  return useTranslation('common').t('listSeparator');
}
