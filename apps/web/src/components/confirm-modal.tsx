import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Asks before an action; the confirm button names the action (削除, 送信 ...). An irreversible
 * action passes `cancelLabel` 「閉じる」 so that neither button reads like cancelling a booking.
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
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <Text size="sm">{message}</Text>
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
