import { Suspense, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconArmchair, IconArrowRight, IconMailForward, IconTable, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MAX_SPECIAL_NOTE } from '@sagano/domain/bookings/booking-constants';
import { MAX_OVERRIDE_REASON } from '@sagano/domain/seats/seat-limits';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import type { NextBookingStep } from '@sagano/domain/bookings/booking-progress';
import { counted } from '../../components/length-counter.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { closeAndNotify } from '../../lib/notify.ts';
import { useBookingStep } from '../../features/bookings/api/booking-steps.ts';
import { MailStepModal } from '../../features/bookings/components/lazy-step-modals.ts';
import { confirmVoucher, resendDocuments, sendVoucher, type Mail } from '../../features/seats/api/seat-steps.ts';

const SEATED: readonly BookingResponse['sub_status'][] = ['SAGANO_SEAT_ASSIGNING', 'SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'];

/** A prepaid voucher with its fare unpaid: why it waits, and the operator's reason to send it anyway (kept in the history). */
function AwaitsPayment({ reason, onReason }: { reason: string; onReason: (reason: string) => void }) {
  const { t } = useTranslation('seats');
  return (
    <>
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('steps.awaitsPaymentTitle')} data-testid="voucher-awaits-payment">
        {t('steps.awaitsPayment')}
      </Alert>
      <Textarea label={t('steps.overrideReason')} value={reason} onChange={(e) => onReason(e.currentTarget.value)} {...counted(reason, MAX_OVERRIDE_REASON)} autosize minRows={2} required />
    </>
  );
}

/** Re-sending the outdated documents when the voucher among them waits for its fare: the reason first. */
function ResendModal({ loading, onClose, onSend }: { loading: boolean; onClose: () => void; onSend: (reason: string) => void }) {
  const { t } = useTranslation(['seats', 'common']);
  const [reason, setReason] = useState('');
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened onClose={onClose} title={t('steps.resendTitle')}>
      <Stack gap="sm">
        <AwaitsPayment reason={reason} onReason={setReason} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('common:actions.close')}
          </Button>
          <Button loading={loading} disabled={reason.trim() === ''} onClick={() => onSend(reason.trim())}>
            {t('steps.resendSend')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The voucher's first step: the note printed on it, the current one to start from. Going on
 * confirms the voucher (confirm_voucher) when it is not confirmed yet or the note changed; the
 * mail with the PDF to check comes next.
 */
function VoucherNoteModal({ booking, loading, onClose, onNext }: { booking: BookingResponse; loading: boolean; onClose: () => void; onNext: (note: string, confirm: boolean, overrideReason: string | undefined) => void }) {
  const { t } = useTranslation(['seats', 'common']);
  const initial = booking.main_params.voucherNote;
  const [note, setNote] = useState(initial);
  const [reason, setReason] = useState('');
  const awaits = booking.documents.voucher_awaits_payment;
  const confirmed = booking.flags.can_send_voucher;
  const sentAt = booking.documents.voucher_sent_at;
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened onClose={onClose} title={t('steps.voucherFlowTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {`1. ${t('steps.voucherStepNote')} → 2. ${t('steps.voucherStepSend')}`}
        </Text>
        <Textarea
          label={t('steps.voucherNote')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          {...counted(note, MAX_SPECIAL_NOTE, t('steps.voucherNoteHint'))}
          autosize
          minRows={4}
          maxRows={12}
          data-autofocus
        />
        {sentAt && (
          <Text size="xs" c="dimmed">
            {t('steps.voucherLastSent', { at: formatDateTime(sentAt) })}
          </Text>
        )}
        {awaits && <AwaitsPayment reason={reason} onReason={setReason} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('common:actions.close')}
          </Button>
          <Button
            loading={loading}
            disabled={awaits && reason.trim() === ''}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            onClick={() => onNext(note, !confirmed || note !== initial, awaits ? reason.trim() : undefined)}
          >
            {t('steps.voucherNoteNext')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The seat and voucher steps of the booking detail (operator only), each by its flag: 座席指定
 * and 座席表 (links to their screens) and the voucher as one flow, バウチャーを送る: the note
 * (バウチャー確定), then the mail with the PDF to check (バウチャー送信). `part` picks the one
 * that is the booking's next step (filled, under its own name) or the others (secondary).
 */
export function SeatStepButtons({ booking, next, part }: { booking: BookingResponse; next: NextBookingStep | null; part: 'primary' | 'secondary' }) {
  const { t } = useTranslation(['seats', 'bookings']);
  const bookingId = booking.booking_id;
  const flags = booking.flags;
  const [stage, setStage] = useState<'note' | 'mail' | 'resend' | null>(null);
  const [overrideReason, setOverrideReason] = useState<string | undefined>(undefined);
  const confirm = useBookingStep((note: string) => confirmVoucher(bookingId, note));
  const send = useBookingStep((mail: Mail) => sendVoucher(bookingId, mail, overrideReason));
  const resend = useBookingStep((reason: string | undefined) => resendDocuments(bookingId, reason));
  const resendDone = closeAndNotify(() => setStage(null), t('bookings:progress.actions.resendDone'));
  // The voucher among the documents to re-send waits for its fare: the reason is asked first.
  const resendNeedsReason = booking.documents.voucher_awaits_payment && booking.documents.outdated.includes('voucher');
  const seated = SEATED.includes(booking.sub_status);
  const shows = (step: NextBookingStep) => (part === 'primary') === (next === step);

  return (
    <>
      {(flags.can_assign_seats || seated) && shows('assign_seats') && (
        <Button component={Link} to="assign-seats" variant={part === 'primary' ? 'filled' : 'default'} leftSection={<IconArmchair size={16} aria-hidden />}>
          {part === 'primary' ? t('bookings:progress.actions.assignSeats') : t('steps.assignSeats')}
        </Button>
      )}
      {(flags.can_confirm_seats || flags.can_release_seats) && shows('confirm_seats') && (
        <Button component={Link} to="ensure-seats" variant={part === 'primary' ? 'filled' : 'default'} leftSection={<IconTable size={16} aria-hidden />}>
          {part === 'primary' ? t('bookings:progress.actions.sendSeatTable') : t('steps.seatTable')}
        </Button>
      )}
      {part === 'primary' && next === 'resend_documents' && (
        <Button
          color="orange"
          loading={resend.isPending}
          leftSection={<IconMailForward size={16} aria-hidden />}
          onClick={() => (resendNeedsReason ? setStage('resend') : resend.mutate(undefined, resendDone))}
        >
          {t('bookings:progress.actions.resendDocuments')}
        </Button>
      )}
      {(flags.can_generate_voucher || flags.can_send_voucher) && shows('confirm_voucher') && (
        <Button variant={part === 'primary' ? 'filled' : 'default'} leftSection={<IconTicket size={16} aria-hidden />} onClick={() => setStage('note')}>
          {t('steps.voucher')}
        </Button>
      )}

      {stage === 'note' && (
        <VoucherNoteModal
          booking={booking}
          loading={confirm.isPending}
          onClose={() => setStage(null)}
          onNext={(note, mustConfirm, reason) => {
            setOverrideReason(reason);
            if (mustConfirm) confirm.mutate(note, { onSuccess: () => setStage('mail') });
            else setStage('mail');
          }}
        />
      )}
      {stage === 'resend' && <ResendModal loading={resend.isPending} onClose={() => setStage(null)} onSend={(reason) => resend.mutate(reason, resendDone)} />}
      {stage === 'mail' && (
        <Suspense fallback={null}>
          <MailStepModal
            bookingId={bookingId}
            template="voucher"
            opened
            sending={send.isPending}
            onClose={() => setStage(null)}
            onSend={(mail) => send.mutate(mail, closeAndNotify(() => setStage(null), t('steps.sendVoucherDone')))}
          />
        </Suspense>
      )}
    </>
  );
}
