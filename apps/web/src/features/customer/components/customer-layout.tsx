import type { ReactNode } from 'react';
import { Box, Container, Group, Stack, Text } from '@mantine/core';
import { IconTrain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

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
            <LanguageSwitch />
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
