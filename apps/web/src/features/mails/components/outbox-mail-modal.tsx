import { Anchor, Center, Code, DataList, Loader, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates.ts';
import { useOutboxMail } from '../api/get-outbox-mail.ts';
import { MailStatusBadge } from './mail-status-badge.tsx';

export function OutboxMailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(['mails', 'common']);
  const mail = useOutboxMail(id).data;

  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={t('detailTitle')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {!mail ? (
        <Center py="xl">
          <Loader aria-label={t('common:status.loading')} />
        </Center>
      ) : (
        <Stack gap="md">
          <DataList labelWidth={110} size="sm">
            <DataList.Item>
              <DataList.ItemLabel>{t('fields.to')}</DataList.ItemLabel>
              <DataList.ItemValue>{mail.to_address}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('fields.subject')}</DataList.ItemLabel>
              <DataList.ItemValue>{mail.subject}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('fields.status')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <MailStatusBadge status={mail.status} />
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('fields.kind')}</DataList.ItemLabel>
              <DataList.ItemValue>{mail.kind}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('fields.createdAt')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(mail.created_at)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('fields.sentAt')}</DataList.ItemLabel>
              <DataList.ItemValue>{mail.sent_at ? formatDateTime(mail.sent_at) : t('notSent')}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('fields.attempts')}</DataList.ItemLabel>
              <DataList.ItemValue>{mail.attempts}</DataList.ItemValue>
            </DataList.Item>
            {mail.attachments.length > 0 && (
              <DataList.Item>
                <DataList.ItemLabel>{t('fields.attachments')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Stack gap={2}>
                    {mail.attachments.map((a) => (
                      <Anchor key={a.attachment_id} href={`/v1/outbox-mails/${encodeURIComponent(mail.id)}/attachments/${a.attachment_id}`} target="_blank" rel="noopener" size="sm">
                        {t('attachment', { name: a.filename, size: Math.max(1, Math.round(a.size / 1024)) })}
                      </Anchor>
                    ))}
                  </Stack>
                </DataList.ItemValue>
              </DataList.Item>
            )}
            {mail.booking_id && (
              <DataList.Item>
                <DataList.ItemLabel>{t('fields.bookingId')}</DataList.ItemLabel>
                <DataList.ItemValue>{mail.booking_id}</DataList.ItemValue>
              </DataList.Item>
            )}
            {mail.last_error && (
              <DataList.Item>
                <DataList.ItemLabel>{t('fields.lastError')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Text size="sm" c="red">
                    {mail.last_error}
                  </Text>
                </DataList.ItemValue>
              </DataList.Item>
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
    </Modal>
  );
}
