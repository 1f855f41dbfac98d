import type { ReactNode } from 'react';
import { Box, Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Asks before an action; the confirm button names the action (削除, 送信 ...). An irreversible
 * action passes `cancelLabel` 「閉じる」 so that neither button reads like cancelling a booking.
 * `children`: what the action will do, in detail, under the message (made only while open).
 */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  loading = false,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened={opened} onClose={onClose} title={title} size="md">
      <Text size="sm">{message}</Text>
      {children && <Box mt="md">{children}</Box>}
      <Group justify="flex-end" mt="lg" gap="xs">
        <Button variant="default" onClick={onClose} disabled={loading}>
          {cancelLabel ?? t('actions.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
