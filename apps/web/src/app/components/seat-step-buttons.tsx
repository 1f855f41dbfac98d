import { useState } from 'react';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { IconArmchair, IconFileTypePdf, IconMail, IconTable, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { closeAndNotify } from '../../lib/notify.ts';
import { useBookingStep } from '../../features/bookings/api/booking-steps.ts';
import { MailStepModal } from '../../features/bookings/components/mail-step-modal.tsx';
import { confirmVoucher, sendVoucher, voucherPdfUrl, type Mail } from '../../features/seats/api/seat-steps.ts';

const SEATED: readonly BookingResponse['sub_status'][] = ['SAGANO_SEAT_ASSIGNING', 'SAGANO_SEAT_RESERVED', 'SAGANO_SEAT_TABLE_SENT'];

/** バウチャー確定: the note printed on the voucher, the current one to start from. */
function VoucherConfirmModal({ initialNote, loading, onClose, onConfirm }: { initialNote: string; loading: boolean; onClose: () => void; onConfirm: (note: string) => void }) {
  const { t } = useTranslation(['seats', 'common']);
  const [note, setNote] = useState(initialNote);
  return (
    <Modal opened onClose={onClose} title={t('steps.confirmVoucherTitle')} size="lg">
      <Stack gap="sm">
        <Textarea
          label={t('steps.voucherNote')}
          description={t('steps.voucherNoteHint')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={4}
          maxRows={12}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('common:actions.close')}
          </Button>
          <Button color="teal" loading={loading} onClick={() => onConfirm(note)}>
            {t('steps.confirmVoucherSubmit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The seat and voucher steps of the booking detail (operator only): links to 座席指定 and 座席表,
 * バウチャー確定 (note), バウチャー確認 (PDF in a new tab) and バウチャー送信 (mail), each by its flag.
 */
export function SeatStepButtons({ booking }: { booking: BookingResponse }) {
  const { t } = useTranslation('seats');
  const bookingId = booking.booking_id;
  const flags = booking.flags;
  const [confirming, setConfirming] = useState(false);
  const [mailing, setMailing] = useState(false);
  const confirm = useBookingStep((note: string) => confirmVoucher(bookingId, note));
  const send = useBookingStep((mail: Mail) => sendVoucher(bookingId, mail));
  const seated = SEATED.includes(booking.sub_status);

  return (
    <>
      {(flags.can_assign_seats || seated) && (
        <Button component={Link} to="assign-seats" variant="light" leftSection={<IconArmchair size={16} aria-hidden />}>
          {t('steps.assignSeats')}
        </Button>
      )}
      {(flags.can_confirm_seats || flags.can_release_seats) && (
        <Button component={Link} to="ensure-seats" variant="light" leftSection={<IconTable size={16} aria-hidden />}>
          {t('steps.seatTable')}
        </Button>
      )}
      {flags.can_generate_voucher && (
        <Button color="teal" leftSection={<IconTicket size={16} aria-hidden />} onClick={() => setConfirming(true)}>
          {t('steps.confirmVoucher')}
        </Button>
      )}
      {(flags.can_generate_voucher || flags.can_show_voucher) && (
        <Button component="a" href={voucherPdfUrl(bookingId)} target="_blank" rel="noopener" variant="default" leftSection={<IconFileTypePdf size={16} aria-hidden />}>
          {t('steps.showVoucher')}
        </Button>
      )}
      {flags.can_send_voucher && (
        <Button leftSection={<IconMail size={16} aria-hidden />} onClick={() => setMailing(true)}>
          {t('steps.sendVoucher')}
        </Button>
      )}

      {confirming && (
        <VoucherConfirmModal
          initialNote={booking.main_params.voucherNote}
          loading={confirm.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={(note) =>
            confirm.mutate(note, closeAndNotify(() => setConfirming(false), t('steps.confirmVoucherDone')))
          }
        />
      )}
      {mailing && (
        <MailStepModal
          bookingId={bookingId}
          template="voucher"
          opened
          sending={send.isPending}
          onClose={() => setMailing(false)}
          onSend={(mail) =>
            send.mutate(mail, closeAndNotify(() => setMailing(false), t('steps.sendVoucherDone')))
          }
        />
      )}
    </>
  );
}
