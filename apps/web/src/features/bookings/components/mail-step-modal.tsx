import { useState } from 'react';
import { Anchor, Button, Group, LoadingOverlay, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REFUSAL_REASONS, type RefusalReason } from '@sagano/domain/bookings/booking-state';
import { MAX_MAIL_BODY, MAX_MAIL_SUBJECT } from '@sagano/domain/common/text-limits';
import { counted } from '../../../components/length-counter.tsx';
import { validationMessage } from '../../../lib/validation-messages.ts';
import { useMailTemplate, type MailTemplateName } from '../api/get-mail-template.ts';

/** Every mail a booking step sends from a template: booking OK / NG, the seat table and the voucher. */
export type MailStepTemplate = MailTemplateName;

/** The PDF a seat-table or voucher mail carries, to look at before sending. */
const ATTACHMENTS: Partial<Record<MailStepTemplate, { path: string; label: 'mail.seatTablePdf' | 'mail.voucherPdf' }>> = {
  seat_table: { path: 'seat_table.pdf', label: 'mail.seatTablePdf' },
  voucher: { path: 'voucher.pdf', label: 'mail.voucherPdf' },
};

/**
 * Confirm (booking_ok) or refuse (booking_ng, with a reason), send the seat table (seat_table) or the
 * voucher (voucher): the mail from its template, editable before sending.
 */
export function MailStepModal({
  bookingId,
  template,
  opened,
  sending,
  onClose,
  onSend,
}: {
  bookingId: string;
  template: MailStepTemplate;
  opened: boolean;
  sending: boolean;
  onClose: () => void;
  onSend: (mail: { subject: string; body: string }, reason: RefusalReason | null) => void;
}) {
  const { t } = useTranslation(['bookings', 'common', 'seats']);
  const refusing = template === 'booking_ng';
  // A refusal names its reason: nothing is chosen for the operator (not even 満席).
  const [reason, setReason] = useState<RefusalReason | null>(null);
  const mail = useMailTemplate(bookingId, template, refusing ? reason : null, opened && (!refusing || reason !== null));
  const attachment = ATTACHMENTS[template];
  const title = {
    booking_ok: t('steps.confirmTitle'),
    booking_ng: t('steps.refuseTitle'),
    seat_table: t('seats:mail.seatTableTitle'),
    voucher: t('seats:mail.voucherTitle'),
  }[template];
  const sendLabel = {
    booking_ok: t('steps.send'),
    booking_ng: t('steps.sendRefusal'),
    seat_table: t('seats:mail.sendSeatTable'),
    voucher: t('seats:mail.sendVoucher'),
  }[template];
  // Edits belong to the template they were made on: a new reason brings its own text.
  const templateKey = `${template}:${reason}`;
  const [edit, setEdit] = useState<{ key: string; subject: string; body: string } | null>(null);
  const current = edit?.key === templateKey ? edit : { subject: mail.data?.subject ?? '', body: mail.data?.body ?? '' };
  const { subject, body } = current;
  const setSubject = (value: string) => setEdit({ key: templateKey, subject: value, body });
  const setBody = (value: string) => setEdit({ key: templateKey, subject, body: value });
  // An emptied subject or body says which field it is (spec 000 §5 'please enter {name}'), beside the send button it disables.
  const subjectError = mail.data && !subject.trim() ? validationMessage.required(t('steps.subject')) : undefined;
  const bodyError = mail.data && !body.trim() ? validationMessage.required(t('steps.body')) : undefined;

  return (
    <Modal closeButtonProps={{ 'aria-label': t('common:actions.close') }} opened={opened} onClose={onClose} title={title} size="xl">
      <Stack gap="sm" pos="relative">
        <LoadingOverlay visible={mail.isFetching} />
        {refusing && (
          <NativeSelect
            label={t('steps.reason')}
            required
            data={[{ value: '', label: t('steps.reasonPlaceholder'), disabled: true }, ...REFUSAL_REASONS.map((r) => ({ value: r, label: t(`refusal.${r}`) }))]}
            value={reason ?? ''}
            onChange={(e) => setReason((REFUSAL_REASONS as readonly string[]).includes(e.currentTarget.value) ? (e.currentTarget.value as RefusalReason) : null)}
          />
        )}
        {refusing && reason === null && (
          <Text size="sm" c="dimmed" data-testid="reason-first">
            {t('steps.reasonFirst')}
          </Text>
        )}
        <TextInput label={t('steps.mailTo')} value={mail.data?.to_address ?? ''} readOnly />
        <TextInput label={t('steps.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} required error={subjectError} {...counted(subject, MAX_MAIL_SUBJECT)} />
        <Textarea label={t('steps.body')} value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={8} maxRows={18} required error={bodyError} {...counted(body, MAX_MAIL_BODY)} />
        {attachment && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t('seats:mail.attachment')}
            </Text>
            <Anchor href={`/v1/bookings/${encodeURIComponent(bookingId)}/${attachment.path}`} target="_blank" rel="noopener" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
              <IconFileTypePdf size={16} aria-hidden />
              {t(`seats:${attachment.label}`)}
            </Anchor>
          </Group>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={sending}>
            {t('common:actions.close')}
          </Button>
          <Button
            color={refusing ? 'red' : undefined}
            loading={sending}
            disabled={!mail.data || !subject.trim() || !body.trim() || (refusing && reason === null)}
            onClick={() => onSend({ subject, body }, refusing ? reason : null)}
          >
            {sendLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
