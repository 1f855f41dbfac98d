import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface RowAction {
  /** The accessible name, naming the row (「山田 花子 を編集」). */
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/** Another action between edit and delete: its own tooltip and icon. */
export interface ExtraRowAction extends RowAction {
  tooltip: string;
  icon: Icon;
}

/** The icon buttons at the end of a list row: edit, any others, then delete (red). */
export function RowActions({ edit, extra = [], remove }: { edit?: RowAction; extra?: readonly ExtraRowAction[]; remove?: RowAction }) {
  const { t } = useTranslation('common');
  const buttons = [
    ...(edit ? [{ ...edit, tooltip: t('actions.edit'), icon: IconPencil, color: undefined }] : []),
    ...extra.map((action) => ({ ...action, color: undefined })),
    ...(remove ? [{ ...remove, tooltip: t('actions.delete'), icon: IconTrash, color: 'red' }] : []),
  ];
  return (
    <Group gap={4} wrap="nowrap">
      {buttons.map(({ label, onClick, disabled, tooltip, icon: ButtonIcon, color }) => (
        <Tooltip key={label} label={tooltip} withArrow disabled={disabled}>
          <ActionIcon variant="subtle" color={color} aria-label={label} disabled={disabled} onClick={onClick}>
            <ButtonIcon size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}
