import { Anchor, Code, DataList, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailModal, DetailRow } from '../../../components/detail-modal.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useOutboxMail } from '../api/get-outbox-mail.ts';
import { MailStatusBadge } from './mail-status-badge.tsx';
import { useMailKindLabel } from './mail-kind-label.ts';

export function OutboxMailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(['mails', 'common']);
  const mail = useOutboxMail(id).data;
  const mailKindLabel = useMailKindLabel();

  return (
    <DetailModal opened={id !== null} onClose={onClose} title={t('detailTitle')} loading={!mail}>
      {mail && (
        <Stack gap="md">
          <DataList labelWidth={110} size="sm">
            <DetailRow label={t('fields.to')}>{mail.to_address}</DetailRow>
            <DetailRow label={t('fields.subject')}>{mail.subject}</DetailRow>
            <DetailRow label={t('fields.status')}>
              <MailStatusBadge status={mail.status} />
            </DetailRow>
            <DetailRow label={t('fields.kind')}>{mailKindLabel(mail.kind)}</DetailRow>
            <DetailRow label={t('fields.createdAt')}>{formatDateTime(mail.created_at)}</DetailRow>
            <DetailRow label={t('fields.sentAt')}>{mail.sent_at ? formatDateTime(mail.sent_at) : t('notSent')}</DetailRow>
            <DetailRow label={t('fields.attempts')}>{mail.attempts}</DetailRow>
            {mail.attachments.length > 0 && (
              <DetailRow label={t('fields.attachments')}>
                <Stack gap={2}>
                  {mail.attachments.map((a) => (
                    <Anchor key={a.attachment_id} href={`/v1/outbox-mails/${encodeURIComponent(mail.id)}/attachments/${a.attachment_id}`} target="_blank" rel="noopener" size="sm">
                      {t('attachment', { name: a.filename, size: Math.max(1, Math.round(a.size / 1024)) })}
                    </Anchor>
                  ))}
                </Stack>
              </DetailRow>
            )}
            {mail.booking_id && (
              <DetailRow label={t('fields.bookingId')}>{mail.booking_id}</DetailRow>
            )}
            {mail.last_error && (
              <DetailRow label={t('fields.lastError')}>
                <Text size="sm" c="red">
                  {mail.last_error}
                </Text>
              </DetailRow>
            )}
          </DataList>
          <Stack gap={4}>
            <Text size="xs" fw={700} c="dimmed" id="mail-body-label">
              {t('fields.body')}
            </Text>
            <Code block fz="sm" aria-labelledby="mail-body-label" data-testid="mail-body" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {mail.body_text}
            </Code>
          </Stack>
        </Stack>
      )}
    </DetailModal>
  );
}
