import { useState } from 'react';
import { Button, Group, LoadingOverlay, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { REFUSAL_REASONS, type RefusalReason } from '@sagano/domain/bookings/booking-state';
import { useMailTemplate, type MailTemplateName } from '../api/get-mail-template.ts';

/** Confirm (booking_ok) or refuse (booking_ng, with a reason): the mail from its template, editable before sending. */
export function MailStepModal({
  bookingId,
  template,
  opened,
  sending,
  onClose,
  onSend,
}: {
  bookingId: string;
  template: MailTemplateName;
  opened: boolean;
  sending: boolean;
  onClose: () => void;
  onSend: (mail: { subject: string; body: string }, reason: RefusalReason | null) => void;
}) {
  const { t } = useTranslation(['bookings', 'common']);
  const refusing = template === 'booking_ng';
  const [reason, setReason] = useState<RefusalReason>('FULL');
  const mail = useMailTemplate(bookingId, template, refusing ? reason : null, opened);
  // Edits belong to the template they were made on: a new reason brings its own text.
  const templateKey = `${template}:${reason}`;
  const [edit, setEdit] = useState<{ key: string; subject: string; body: string } | null>(null);
  const current = edit?.key === templateKey ? edit : { subject: mail.data?.subject ?? '', body: mail.data?.body ?? '' };
  const { subject, body } = current;
  const setSubject = (value: string) => setEdit({ key: templateKey, subject: value, body });
  const setBody = (value: string) => setEdit({ key: templateKey, subject, body: value });

  return (
    <Modal opened={opened} onClose={onClose} title={t(refusing ? 'steps.refuseTitle' : 'steps.confirmTitle')} size="xl">
      <Stack gap="sm" pos="relative">
        <LoadingOverlay visible={mail.isFetching} />
        {refusing && (
          <NativeSelect
            label={t('steps.reason')}
            data={REFUSAL_REASONS.map((r) => ({ value: r, label: t(`refusal.${r}`) }))}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value as RefusalReason)}
          />
        )}
        <TextInput label={t('steps.mailTo')} value={mail.data?.to_address ?? ''} readOnly />
        <TextInput label={t('steps.subject')} value={subject} onChange={(e) => setSubject(e.currentTarget.value)} required />
        <Textarea label={t('steps.body')} value={body} onChange={(e) => setBody(e.currentTarget.value)} autosize minRows={8} maxRows={18} required />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={sending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color={refusing ? 'red' : undefined}
            loading={sending}
            disabled={!mail.data || !subject.trim() || !body.trim()}
            onClick={() => onSend({ subject, body }, refusing ? reason : null)}
          >
            {t(refusing ? 'steps.sendRefusal' : 'steps.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
