import { Box, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES } from '@sagano/domain/common/ui-language';
import { changeLanguage, currentLanguage } from '../lib/i18n.ts';

/** 日本語 / English: each name is written in its own language (common:languages), so anyone finds theirs. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Box role="group" aria-label={t('languageLabel')}>
      <Button.Group>
      {UI_LANGUAGES.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant={language === active ? 'filled' : 'default'}
          aria-pressed={language === active}
          lang={language}
          onClick={() => void changeLanguage(language)}
        >
          {t(`languages.${language}`)}
        </Button>
      ))}
      </Button.Group>
    </Box>
  );
}
