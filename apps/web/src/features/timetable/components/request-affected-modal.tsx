import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AffectedBooking } from '@sagano/domain/inventory/suspension-schemas';
import { AffectedBookingsTable } from '../../../components/affected-bookings-table.tsx';

/** After a calendar request: the bookings on trains it stops, which its approval will refuse. */
export function RequestAffectedModal({ bookings, onClose }: { bookings: readonly AffectedBooking[] | null; onClose: () => void }) {
  const { t } = useTranslation(['timetable', 'common']);
  const count = new Set((bookings ?? []).map((b) => b.booking_id)).size;
  return (
    <Modal opened={bookings !== null && bookings.length > 0} onClose={onClose} title={t('affected.title')} size={960} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="sm">
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('affected.heading', { count })}>
          {t('affected.message')}
        </Alert>
        <AffectedBookingsTable bookings={bookings ?? []} label={t('affected.heading', { count })} />
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
