import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { ChangeComparison } from './change-decision.tsx';
import type { BookingLabels } from './use-booking-labels.ts';

type DocumentName = BookingResponse['documents']['outdated'][number];

/** Whether the agent's pending change rides other trains (date, train or segment) than the booking does now. */
export function changeMovesTrains(booking: BookingResponse): boolean {
  const change = booking.pending_change;
  if (!change) return false;
  const key = (direction: string, date: string, id: number, from: number, to: number) => `${direction}|${date}|${id}|${from}|${to}`;
  const now = booking.main_params.service_order.services.map((s) => key(s.direction, s.service_day, s.service_id, s.from_station_id, s.to_station_id)).sort();
  const next = (['down', 'up'] as const)
    .map((direction) => {
      const leg = direction === 'down' ? change.service_order.down_service : change.service_order.up_service;
      return leg ? key(direction, leg.service_date, leg.service_id, leg.from_station_id, leg.to_station_id) : null;
    })
    .filter((k): k is string => k !== null)
    .sort();
  return now.join() !== next.join();
}

function useDocumentNames() {
  const { t } = useTranslation('bookings');
  return (names: readonly DocumentName[]) => names.map((n) => t(`detail.documents.${n}`)).join(t('detail.documentsSeparator'));
}

/**
 * Asks before the operator applies an agent's change: a change of trains releases the seats, and a
 * seat table or voucher already sent stops being valid (it is marked outdated on the booking).
 */
export function AcceptChangeModal({ booking, labels, opened, loading, onClose, onConfirm }: { booking: BookingResponse; labels: BookingLabels; opened: boolean; loading: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation(['bookings', 'common']);
  const names = useDocumentNames();
  const moves = changeMovesTrains(booking);
  const sent: DocumentName[] = [
    ...(booking.documents.seat_table_sent_at ? (['seat_table'] as const) : []),
    ...(booking.documents.voucher_sent_at ? (['voucher'] as const) : []),
  ];
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={opened} onClose={onClose} title={t('steps.acceptChangeTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm">{t('steps.acceptChangeMessage')}</Text>
        {booking.pending_change_summary && <ChangeComparison summary={booking.pending_change_summary} labels={labels} showSeats={!moves} />}
        {moves && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="accept-change-warning">
            <List size="sm" spacing={4}>
              <List.Item>{t('steps.acceptChangeTrains')}</List.Item>
              {sent.length > 0 && <List.Item>{t('steps.acceptChangeDocuments', { documents: names(sent) })}</List.Item>}
            </List>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('common:actions.close')}
          </Button>
          <Button color="teal" onClick={onConfirm} loading={loading}>
            {t('steps.acceptChangeButton')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** On the booking: the seat table or voucher sent before the latest train change, to send again. */
export function OutdatedDocuments({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation('bookings');
  const names = useDocumentNames();
  if (booking.documents.outdated.length === 0) return null;
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('detail.outdatedTitle')} data-testid="outdated-documents" mb="md">
      {t('detail.outdated', { documents: names(booking.documents.outdated) })}
    </Alert>
  );
}
