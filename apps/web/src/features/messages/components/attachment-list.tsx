import { ActionIcon, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypeDocx, IconFileTypePdf, IconFileTypeXls, IconFileText, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MessageAttachmentResponse } from '@sagano/domain/messages/message-schemas';

/** An icon for the attachment's type (decided by the server from its bytes). */
export function AttachmentIcon({ contentType, size = 16 }: { contentType: string; size?: number }) {
  if (contentType === 'application/pdf') return <IconFileTypePdf size={size} aria-hidden />;
  if (contentType.startsWith('image/')) return <IconPhoto size={size} aria-hidden />;
  if (contentType.includes('spreadsheetml')) return <IconFileTypeXls size={size} aria-hidden />;
  if (contentType.includes('wordprocessingml')) return <IconFileTypeDocx size={size} aria-hidden />;
  if (contentType === 'text/csv') return <IconFileTypeCsv size={size} aria-hidden />;
  return <IconFileText size={size} aria-hidden />;
}

/** A size in words: 12 KB, 3.4 MB. */
function sizeOf(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The article's attachments as download links (the signed-in session's cookie goes with them); `onRemove` adds a delete button. */
export function AttachmentList({ attachments, onRemove }: { attachments: MessageAttachmentResponse[]; onRemove?: (attachment: MessageAttachmentResponse) => void }) {
  const { t } = useTranslation('messages');
  if (attachments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('attachments.none')}
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {attachments.map((a) => (
        <Group key={a.id} gap={6} wrap="nowrap">
          <AttachmentIcon contentType={a.content_type} />
          <Anchor href={a.download_url} download={a.filename} size="sm" aria-label={t('attachments.download', { name: a.filename })} data-testid="attachment-link">
            {a.filename}
          </Anchor>
          <Text size="xs" c="dimmed">
            {sizeOf(a.byte_size)}
          </Text>
          {onRemove && (
            <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('attachments.remove', { name: a.filename })} onClick={() => onRemove(a)}>
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}
