import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTrain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { PageTitle } from '../../../components/page-header.tsx';

/** The frame of the screens outside the shell: product name, one card, the language switch. */
export function AuthLayout({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      {/* Landmarks as on the group's page: a page needs one main region (Lighthouse 13 counts it). */}
      <Group component="header" justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center component="main" px="md" pb={64}>
        <Stack w="100%" maw={420} gap="lg">
          <Group gap="xs" justify="center" wrap="nowrap">
            <IconTrain size={30} color="var(--mantine-primary-color-filled)" aria-hidden />
            <Text fw={700} size="lg" ta="center">
              {t('appTitle')}
            </Text>
          </Group>
          <Paper withBorder shadow="xs" p="xl" radius="md">
            <Stack gap="md">
              <PageTitle title={title} description={description} gap={4} />
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
