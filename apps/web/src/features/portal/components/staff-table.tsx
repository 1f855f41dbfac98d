import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StaffResponse } from '@sagano/domain/agents/agent-schemas';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';

/** The staff of the agent or branch: who they are, their office and role, and how they sign in. */
export function StaffTable({
  staffs,
  loading,
  groupLabel,
  showGroup,
  onEdit,
  onDelete,
  onSendReset,
}: {
  staffs: readonly StaffResponse[];
  loading: boolean;
  groupLabel: (groupId: number) => string;
  showGroup: boolean;
  onEdit: (staff: StaffResponse) => void;
  onDelete: (staff: StaffResponse) => void;
  onSendReset: (staff: StaffResponse) => void;
}) {
  const { t } = useTranslation(['portal', 'common']);
  const columns = showGroup ? 8 : 7;

  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table aria-label={t('staff.listLabel')} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.columns.email')}</Table.Th>
            <Table.Th>{t('staff.columns.name')}</Table.Th>
            <Table.Th>{t('staff.columns.tel')}</Table.Th>
            {showGroup && <Table.Th>{t('staff.columns.group')}</Table.Th>}
            <Table.Th w={140}>{t('staff.columns.staffType')}</Table.Th>
            <Table.Th>{t('staff.columns.language')}</Table.Th>
            <Table.Th w={170}>{t('staff.columns.status')}</Table.Th>
            <Table.Th w={120}>{t('staff.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staffs.length === 0 && <TableEmptyRow colSpan={columns}>{loading ? t('common:status.loading') : t('staff.empty')}</TableEmptyRow>}
          {staffs.map((staff) => (
            <Table.Tr key={staff.id} data-testid={`staff-row-${staff.email}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {staff.email}
                  </Text>
                  {staff.is_self && (
                    <Badge size="xs" variant="outline" style={{ flexShrink: 0 }}>
                      {t('staff.you')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{staff.name}</Table.Td>
              <Table.Td>{staff.tel}</Table.Td>
              {showGroup && <Table.Td>{groupLabel(staff.group_id)}</Table.Td>}
              <Table.Td>
                <Badge size="sm" variant={staff.staff_type === 'ADMIN' ? 'filled' : 'light'}>
                  {t(`staff.staffTypes.${staff.staff_type}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{t(`common:languageNames.${staff.language_code}`)}</Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  {staff.totp_enrolled && (
                    <Badge size="sm" color="teal" variant="light">
                      {t('staff.badges.totpEnrolled')}
                    </Badge>
                  )}
                  {!staff.has_password && (
                    <Badge size="sm" color="orange" variant="light">
                      {t('staff.badges.noPassword')}
                    </Badge>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('common:actions.edit')} withArrow>
                    <ActionIcon variant="subtle" aria-label={t('staff.actions.edit', { email: staff.email })} onClick={() => onEdit(staff)}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('staff.resetTitle')} withArrow>
                    <ActionIcon variant="subtle" aria-label={t('staff.actions.sendReset', { email: staff.email })} onClick={() => onSendReset(staff)}>
                      <IconMailForward size={18} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={staff.is_self ? t('staff.actions.selfDelete') : t('common:actions.delete')} withArrow>
                    {/* A disabled button takes no pointer events: the span keeps the tooltip's reason. */}
                    <span>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('staff.actions.delete', { email: staff.email })}
                        disabled={staff.is_self}
                        onClick={() => onDelete(staff)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </span>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
