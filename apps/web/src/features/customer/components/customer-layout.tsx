import type { ReactNode } from 'react';
import { Box, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconLanguage, IconTrain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_LANGUAGES, htmlLangOf, isCustomerLanguage } from '@sagano/domain/common/ui-language';
import { changeLanguage, currentLanguage } from '../../../lib/i18n.ts';

/** The page's five languages in a compact list (five buttons do not fit beside the name on a phone); each name in its own language. */
function CustomerLanguageSelect() {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      w={120}
      style={{ flex: 'none' }}
      aria-label={t('languageLabel')}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={currentLanguage()}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (isCustomerLanguage(language)) void changeLanguage(language);
      }}
      data-testid="customer-language"
    >
      {CUSTOMER_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={htmlLangOf(language)}>
          {t(`languages.${language}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The frame of the group's page: the operator's name, the language switch, one column that suits a phone. */
export function CustomerLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('customer');
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        bg="white"
        style={{ borderTop: '4px solid var(--mantine-primary-color-filled)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size={1200} px="md" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <IconTrain size={30} color="var(--mantine-primary-color-filled)" aria-hidden style={{ flex: 'none' }} />
              <Stack gap={0} miw={0}>
                <Text fw={700} size="lg" lh={1.25} c="var(--mantine-primary-color-filled)">
                  {t('operatorName')}
                </Text>
                <Text size="xs" c="dimmed" lh={1.3}>
                  {t('headerSubtitle')}
                </Text>
              </Stack>
            </Group>
            <CustomerLanguageSelect />
          </Group>
        </Container>
      </Box>
      <Container component="main" size={1200} px="sm" py="md" w="100%" style={{ flex: 1 }}>
        {children}
      </Container>
      <Box component="footer" py="lg">
        <Container size={1200} px="md">
          <Text size="xs" c="dimmed" ta="center">
            {t('footer')}
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
