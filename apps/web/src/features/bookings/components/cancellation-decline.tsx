import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_REQUEST_NOTE } from '@sagano/domain/bookings/booking-constants';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { counted } from '../../../components/length-counter.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { closeAndNotify } from '../../../lib/notify.ts';
import { declineCancellation, useBookingStep } from '../api/booking-steps.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';

/**
 * 取消を承認しない (the operator, on an agent's request) or 取消料に同意しない (the agent, on the
 * fee the operator quoted), by the booking's can_decline_cancellation: a dialog asks for the
 * reason and says where the booking goes back to.
 */
export function DeclineCancellationButton({ booking, agent, variant = 'outline' }: { booking: BookingResponse; agent: boolean; variant?: 'outline' | 'subtle' }) {
  const { t } = useTranslation(['bookings', 'common']);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decline = useBookingStep((text: string) => declineCancellation(booking.booking_id, { reason: text }));
  if (!booking.flags.can_decline_cancellation) return null;
  const side = agent ? 'agent' : 'operator';
  const back = booking.status_before_cancellation;
  const close = () => {
    setOpen(false);
    setError(null);
  };
  const submit = () => {
    if (!reason.trim()) {
      setError(validationMessage.required(t('declineCancellation.reason')));
      return;
    }
    decline.mutate(reason, closeAndNotify(() => { close(); setReason(''); }, t(`declineCancellation.${side}.done`)));
  };
  return (
    <>
      <Button color="red" variant={variant} onClick={() => setOpen(true)} data-testid="decline-cancellation">
        {t(`declineCancellation.${side}.button`)}
      </Button>
      <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={open} onClose={close} title={t(`declineCancellation.${side}.title`)} size="md">
        <Stack gap="sm">
          <Text size="sm">{back ? t(`declineCancellation.${side}.message`, { status: t(`status.${back}`) }) : t(`declineCancellation.${side}.messageUnknown`)}</Text>
          <Textarea
            label={t('declineCancellation.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            {...counted(reason, MAX_REQUEST_NOTE, t(`declineCancellation.${side}.reasonHint`))}
            error={error}
            required
            autosize
            minRows={3}
            maxRows={10}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={decline.isPending}>
              {t('common:actions.close')}
            </Button>
            <Button color="red" loading={decline.isPending} onClick={submit}>
              {t(`declineCancellation.${side}.confirm`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The last declined cancellation, with its reason, while no new one is open (both sides see it). */
export function CancellationDeclinedNotice({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation('bookings');
  const declined = booking.cancellation_declined;
  if (!declined) return null;
  const by = declined.declined_by === 'AGENT' ? 'agent' : 'operator';
  return (
    <Alert color="orange" variant="light" mt="md" icon={<IconInfoCircle size={18} aria-hidden />} title={t(`declineCancellation.${by}.noticeTitle`)} data-testid="cancellation-declined">
      <Stack gap={4}>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t('declineCancellation.noticeReason', { reason: declined.reason })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('declineCancellation.noticeAt', { at: formatDateTime(declined.declined_at) })}
        </Text>
      </Stack>
    </Alert>
  );
}
