import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useBookingSeats } from '../api/get-booking-seats.ts';
import { seatTablePdfUrl, voucherPdfUrl } from '../api/seat-steps.ts';
import { SeatSheetCard } from './seat-sheet-card.tsx';
import { useSeatLabels } from './use-seat-labels.ts';

function SeatsOfGroup({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation('seats');
  const labels = useSeatLabels();
  const seats = useBookingSeats(booking.booking_id);
  const slope = booking.main_params.participant_group.wheel_chairs.filter((w) => w.need_slope).length;
  if (seats.isError) {
    return (
      <Text size="sm" c="red">
        {t('loadFailed')}
      </Text>
    );
  }
  if (!seats.data) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: seats.data.directions.length > 1 ? 2 : 1 }} spacing="md">
      {seats.data.directions.map((d) => (
        <SeatSheetCard key={d.direction} direction={d} labels={labels} slope={slope} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The booking's documents for agent staff and station staff: the voucher (can_show_voucher) and
 * the seat table (can_show_seat_table) as PDF downloads, and the seats the group got, car by car.
 * The back office has its own seat and voucher steps.
 */
export function BookingDocuments({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation('seats');
  const { can_show_voucher: voucher, can_show_seat_table: seatTable } = booking.flags;
  const id = booking.booking_id;
  // A document mailed before the booking changed what it prints: the download is the current version.
  const updated = (doc: 'seat_table' | 'voucher') => booking.documents.outdated.includes(doc);
  const badge = <Badge color="yellow" autoContrast variant="filled" size="sm" ml={6}>{t('documents.updatedBadge')}</Badge>;
  return (
    <TitledSection id="booking-documents-title" title={t('documents.title')}>
      <Stack gap="md">
        <Group gap="xs">
          {voucher && (
            <Button component="a" href={voucherPdfUrl(id)} download={`voucher-${id}.pdf`} leftSection={<IconDownload size={16} aria-hidden />}>
              {t('documents.voucher')}
              {updated('voucher') && badge}
            </Button>
          )}
          {seatTable && (
            <Button component="a" href={seatTablePdfUrl(id)} download={`seat-table-${id}.pdf`} variant="light" leftSection={<IconDownload size={16} aria-hidden />}>
              {t('documents.seatTable')}
              {updated('seat_table') && badge}
            </Button>
          )}
          {!voucher && !seatTable && (
            <Text size="sm" c="dimmed">
              {t('documents.notYet')}
            </Text>
          )}
          {!voucher && seatTable && (
            <Text size="sm" c="dimmed">
              {t('documents.voucherNotYet')}
            </Text>
          )}
        </Group>
        {((voucher && updated('voucher')) || (seatTable && updated('seat_table'))) && (
          <Text size="sm" fw={600} data-testid="documents-updated">
            {t('documents.updated')}
          </Text>
        )}
        {seatTable && <SeatsOfGroup booking={booking} />}
      </Stack>
    </TitledSection>
  );
}
