import { Button, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

/** The bar above a printable policy page: its language, and a button that prints it. */
export function PrintablePageBar() {
  const { t } = useTranslation('bookings');
  return (
    <Group justify="space-between">
      <LanguageSwitch />
      <Button variant="default" size="xs" leftSection={<IconPrinter size={14} aria-hidden />} onClick={() => window.print()}>
        {t('policyDocument.print')}
      </Button>
    </Group>
  );
}
