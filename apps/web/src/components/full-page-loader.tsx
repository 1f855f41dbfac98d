import { Center, Loader, Stack } from '@mantine/core';
import { IconTrain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** While a page's code or data comes: the train of the page's first paint (index.html), with a spinner under it. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" role="status" aria-label={t('status.loading')}>
      <Stack align="center" gap="md">
        <IconTrain size={48} color="var(--mantine-primary-color-filled)" aria-hidden />
        <Loader size="sm" />
      </Stack>
    </Center>
  );
}
