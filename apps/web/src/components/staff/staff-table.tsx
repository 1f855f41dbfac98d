import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconPencil, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StaffResponse } from '@sagano/domain/agents/agent-schemas';
import { TableEmptyRow } from '../table-empty-row.tsx';

export type StaffAction = 'edit' | 'reset' | 'unenroll' | 'delete';

/**
 * Agent staff with their sign-in state and what may be done to each: `actions` lists what this
 * screen offers (two-factor removal only shows for an enrolled member; nobody deletes their own
 * account). With `groupLabel`, an office column is shown. Words come from the `agents` namespace.
 */
export function StaffTable<A extends StaffAction>({
  label,
  staffs,
  actions,
  onAction,
  mainAdminId = null,
  groupLabel,
  loading = false,
}: {
  label: string;
  staffs: readonly StaffResponse[];
  actions: readonly A[];
  onAction: (action: A, staff: StaffResponse) => void;
  /** The group's main admin, marked with a badge. */
  mainAdminId?: string | null;
  groupLabel?: (groupId: number) => string;
  loading?: boolean;
}) {
  const { t } = useTranslation(['agents', 'common']);
  const offers = (action: StaffAction) => (actions as readonly StaffAction[]).includes(action);
  // Only offered actions are drawn, so only they reach `onAction`.
  const run = (action: StaffAction, staff: StaffResponse) => () => onAction(action as A, staff);
  const columns = groupLabel ? 8 : 7;
  return (
    <Table.ScrollContainer minWidth={groupLabel ? 1000 : 900}>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.columns.name')}</Table.Th>
            <Table.Th>{t('staff.columns.email')}</Table.Th>
            <Table.Th>{t('staff.columns.tel')}</Table.Th>
            {groupLabel && <Table.Th>{t('staff.columns.group')}</Table.Th>}
            <Table.Th>{t('staff.columns.staffType')}</Table.Th>
            <Table.Th>{t('staff.columns.language')}</Table.Th>
            <Table.Th>{t('staff.columns.status')}</Table.Th>
            <Table.Th w={150}>{t('staff.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staffs.length === 0 && <TableEmptyRow colSpan={columns}>{loading ? t('common:status.loading') : t('staff.empty')}</TableEmptyRow>}
          {staffs.map((staff) => (
            <Table.Tr key={staff.id} data-testid={`staff-row-${staff.email}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {staff.name}
                  </Text>
                  {staff.id === mainAdminId && (
                    <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>
                      {t('staff.badges.mainAdmin')}
                    </Badge>
                  )}
                  {staff.is_self && (
                    <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                      {t('staff.badges.self')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {staff.email}
                </Text>
              </Table.Td>
              <Table.Td>{staff.tel}</Table.Td>
              {groupLabel && <Table.Td>{groupLabel(staff.group_id)}</Table.Td>}
              <Table.Td>
                <Badge size="sm" variant={staff.staff_type === 'ADMIN' ? 'filled' : 'light'}>
                  {t(`staff.staffTypes.${staff.staff_type}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{t(`common:languageNames.${staff.language_code}`)}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {staff.totp_enrolled && (
                    <Badge size="sm" color="teal" variant="light">
                      {t('staff.badges.totpEnrolled')}
                    </Badge>
                  )}
                  {!staff.has_password && (
                    <Badge size="sm" color="yellow" variant="light">
                      {t('staff.badges.noPassword')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {offers('edit') && (
                    <Tooltip label={t('common:actions.edit')} withArrow>
                      <ActionIcon variant="subtle" aria-label={t('staff.actions.edit', { name: staff.name })} onClick={run('edit', staff)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {offers('reset') && (
                    <Tooltip label={t('staff.resetTitle')} withArrow>
                      <ActionIcon variant="subtle" aria-label={t('staff.actions.sendReset', { name: staff.name })} onClick={run('reset', staff)}>
                        <IconMailForward size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {offers('unenroll') && staff.totp_enrolled && (
                    <Tooltip label={t('staff.unenrollTitle')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="orange"
                        aria-label={t('staff.actions.unenroll', { name: staff.name })}
                        onClick={run('unenroll', staff)}
                      >
                        <IconShieldOff size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {offers('delete') && (
                    <Tooltip label={staff.is_self ? t('staff.actions.selfDelete') : t('common:actions.delete')} withArrow>
                      {/* A disabled button takes no pointer events: the span keeps the tooltip's reason. */}
                      <span>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('staff.actions.delete', { name: staff.name })}
                          disabled={staff.is_self}
                          onClick={run('delete', staff)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </span>
                    </Tooltip>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
