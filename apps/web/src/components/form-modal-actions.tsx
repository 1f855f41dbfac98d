import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The footer of a form in a modal: キャンセル closes it, 保存 submits the form (busy while saving).
 * A form that does something else names its own buttons, in red when it cannot be undone.
 */
export function FormModalActions({ saving, onCancel, cancelLabel, submitLabel, color }: { saving: boolean; onCancel: () => void; cancelLabel?: string; submitLabel?: string; color?: 'red' }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="sm" gap="xs">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        {cancelLabel ?? t('actions.cancel')}
      </Button>
      <Button type="submit" color={color} loading={saving}>
        {submitLabel ?? t('actions.save')}
      </Button>
    </Group>
  );
}
