import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The footer of a form in a modal: キャンセル closes it, 保存 submits the form (busy while saving). */
export function FormModalActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt="sm" gap="xs">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {t('actions.save')}
      </Button>
    </Group>
  );
}
