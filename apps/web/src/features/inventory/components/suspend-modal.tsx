import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AffectedBookingsTable } from '../../../components/affected-bookings-table.tsx';
import { useAffectedBookings } from '../api/get-affected-bookings.ts';

/**
 * 運休の確認: what will happen, and the live bookings on the chosen trains that the suspension
 * refuses (read before anything is written), then the final, irreversible confirmation.
 */
export function SuspendModal({
  opened,
  date,
  serviceIds,
  trains,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  date: string;
  serviceIds: readonly number[];
  trains: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['inventory', 'common']);
  const affected = useAffectedBookings(date, serviceIds, opened);
  const bookings = affected.data?.bookings ?? [];
  const count = new Set(bookings.map((b) => b.booking_id)).size;
  return (
    <Modal opened={opened} onClose={onClose} title={t('suspended.confirmTitle')} size={960} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="sm">
        <Text size="sm">{t('suspended.confirmMessage', { date, trains })}</Text>
        {affected.isPending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('suspended.affected.loading')}
            </Text>
          </Group>
        ) : affected.isError ? (
          <Text size="sm" c="red">
            {t('suspended.affected.failed')}
          </Text>
        ) : count > 0 ? (
          <>
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('suspended.affected.title', { count })}>
              {t('suspended.affected.message')}
            </Alert>
            <AffectedBookingsTable bookings={bookings} label={t('suspended.affected.title', { count })} />
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="affected-bookings-none">
            {t('suspended.affected.none')}
          </Text>
        )}
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('common:actions.close')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} disabled={affected.isPending || affected.isError}>
            {count > 0 ? t('suspended.confirmActionWithBookings', { count }) : t('suspended.confirmAction')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
