import { useState } from 'react';
import { Alert, Button, Grid, Group, Stack } from '@mantine/core';
import { IconArmchair, IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { ForbiddenScreen } from '../../components/forbidden-screen.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { closeAndNotify, notifySuccess } from '../../lib/notify.ts';
import { useBookingStep } from '../../features/bookings/api/booking-steps.ts';
import { useBooking } from '../../features/bookings/api/get-booking.ts';
import { MailStepModal } from '../../features/bookings/components/mail-step-modal.tsx';
import { BookingStatusBadges } from '../../features/bookings/components/status-badges.tsx';
import { useBookingSeats } from '../../features/seats/api/get-booking-seats.ts';
import { SeatsLoadState } from '../../features/seats/components/seats-load-state.tsx';
import { releaseSeats, seatTablePdfUrl, sendSeatTable, type Mail, type ReleaseSeatsRequest } from '../../features/seats/api/seat-steps.ts';
import { SameDayRelease } from '../../features/seats/components/same-day-release.tsx';
import { SeatSheetCard } from '../../features/seats/components/seat-sheet-card.tsx';
import { sortDirections } from '../../features/seats/components/seat-logic.ts';
import { useSeatLabels } from '../../features/seats/components/use-seat-labels.ts';
import { BackToBooking } from '../components/back-to-booking.tsx';

/** /bookings/{bookingId}/ensure-seats: the seat sheet per train, mailed to the applicant; same-day release on the day. */
export function Component() {
  const { t } = useTranslation(['seats', 'common']);
  const { bookingId = '' } = useParams();
  const user = useCurrentUser();
  const { data: booking } = useBooking(bookingId);
  const seats = useBookingSeats(bookingId);
  const labels = useSeatLabels();
  const [mailing, setMailing] = useState(false);
  // The service day is compared with today in Japan, read once when the screen opens.
  const [today] = useState(() => tokyoToday());
  const send = useBookingStep((mail: Mail) => sendSeatTable(bookingId, mail));
  const release = useBookingStep((body: ReleaseSeatsRequest) => releaseSeats(bookingId, body));

  if (user.kind !== 'OPERATOR') return <ForbiddenScreen />;
  if (!booking) return null;

  const flags = booking.flags;
  const slope = booking.main_params.participant_group.wheel_chairs.filter((w) => w.need_slope).length;
  const directions = seats.data ? sortDirections(seats.data.directions) : [];
  const sent = booking.sub_status === 'SAGANO_SEAT_TABLE_SENT';

  return (
    <>
      <PageHeader
        title={t('sheet.title', { id: booking.booking_id })}
        description={`${t('group', { name: booking.group.name })} — ${t('sheet.description')}`}
        actions={
          <>
            <span data-testid="booking-status">
              <BookingStatusBadges status={booking.status} subStatus={booking.sub_status} />
            </span>
            {flags.can_assign_seats && (
              <Button component={Link} to={`/bookings/${booking.booking_id}/assign-seats`} variant="default" size="xs" leftSection={<IconArmchair size={14} aria-hidden />}>
                {t('sheet.toAssign')}
              </Button>
            )}
          </>
        }
      />
      <BackToBooking bookingId={booking.booking_id} />

      <Group gap="xs" mb="md" wrap="wrap">
        <Button component="a" href={seatTablePdfUrl(booking.booking_id)} target="_blank" rel="noopener" variant="default" leftSection={<IconFileTypePdf size={16} aria-hidden />}>
          {t('sheet.openPdf')}
        </Button>
        <Button leftSection={<IconMail size={16} aria-hidden />} disabled={!flags.can_confirm_seats} onClick={() => setMailing(true)}>
          {sent ? t('sheet.resendMail') : t('sheet.sendMail')}
        </Button>
      </Group>
      {sent && (
        <Alert color="teal" variant="light" mb="md">
          {t('sheet.sent')}
        </Alert>
      )}

      <SeatsLoadState seats={seats} />
      <Stack gap="md">
        {directions.map((d) => (
          <Grid key={d.direction} gap="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <SeatSheetCard direction={d} labels={labels} slope={slope} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <SameDayRelease
                direction={d}
                labels={labels}
                today={today}
                allowed={flags.can_release_seats}
                releasing={release.isPending}
                onRelease={(seatIds, done) =>
                  release.mutate(
                    { direction: d.direction, seat_ids: seatIds },
                    {
                      onSuccess: () => {
                        done();
                        notifySuccess(t('release.done', { count: seatIds.length }));
                      },
                    },
                  )
                }
              />
            </Grid.Col>
          </Grid>
        ))}
      </Stack>

      {mailing && (
        <MailStepModal
          bookingId={booking.booking_id}
          template="seat_table"
          opened
          sending={send.isPending}
          onClose={() => setMailing(false)}
          onSend={(mail) =>
            send.mutate(mail, closeAndNotify(() => setMailing(false), t('sheet.sendDone')))
          }
        />
      )}
    </>
  );
}
