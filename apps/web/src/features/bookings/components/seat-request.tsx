import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconArmchair } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { MAX_SEAT_REQUEST_MESSAGE } from '@sagano/domain/bookings/booking-constants';
import { counted } from '../../../components/length-counter.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useRequestSeatAssignment } from '../api/request-seat-assignment.ts';

/**
 * 座席指定を依頼 (the agent, while its confirmed booking has no seats: flags.can_request_seat_assignment):
 * a dialog with an optional message; the operator gets a SEAT_ASSIGNMENT_REQUEST. Says when seats
 * were last asked for.
 */
export function SeatRequestButton({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation(['portal', 'common']);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const request = useRequestSeatAssignment(booking.booking_id);
  if (!booking.flags.can_request_seat_assignment) return null;
  const askedAt = booking.seat_assignment_requested_at;
  const submit = () => {
    const text = message.trim();
    request.mutate(text ? { message: text } : {}, {
      onSuccess: (answer) => {
        setOpen(false);
        setMessage('');
        notifySuccess(answer.already_requested ? t('seatRequest.already', { at: formatDateTime(answer.requested_at) }) : t('seatRequest.done'));
      },
    });
  };
  return (
    <Stack gap={4} mt="md" data-testid="seat-request">
      {askedAt && (
        <Text size="sm" c="dimmed" data-testid="seat-requested-at">
          {t('seatRequest.requestedAt', { at: formatDateTime(askedAt) })}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="outline" leftSection={<IconArmchair size={16} aria-hidden />} onClick={() => setOpen(true)}>
          {t('seatRequest.button')}
        </Button>
      </Group>
      <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={open} onClose={() => setOpen(false)} title={t('seatRequest.title')} size="md">
        <Stack gap="sm">
          <Text size="sm">{t('seatRequest.description')}</Text>
          <Textarea
            label={t('seatRequest.message')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            {...counted(message, MAX_SEAT_REQUEST_MESSAGE)}
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)} disabled={request.isPending}>
              {t('common:actions.close')}
            </Button>
            <Button loading={request.isPending} onClick={submit}>
              {t('seatRequest.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The operator's side: the agent asked for seats that are not assigned yet. */
export function SeatRequestNotice({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation('bookings');
  const askedAt = booking.seat_assignment_requested_at;
  if (!askedAt || !booking.flags.can_assign_seats) return null;
  return (
    <Text size="sm" c="blue.9" data-testid="seat-request-notice">
      {t('seatRequest.notice', { at: formatDateTime(askedAt) })}
    </Text>
  );
}
