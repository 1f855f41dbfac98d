import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconMailForward, IconPencil, IconShieldOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { StaffResponse } from '@sagano/domain/agents/agent-schemas';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';

export type StaffAction = 'edit' | 'reset' | 'unenroll' | 'delete';

/** A group's staff with their sign-in state and what may be done to each. */
export function StaffTable({
  label,
  staffs,
  mainAdminId,
  onAction,
}: {
  label: string;
  staffs: StaffResponse[];
  mainAdminId: string | null;
  onAction: (action: StaffAction, staff: StaffResponse) => void;
}) {
  const { t } = useTranslation(['agents', 'common']);
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staff.columns.name')}</Table.Th>
            <Table.Th>{t('staff.columns.email')}</Table.Th>
            <Table.Th>{t('staff.columns.tel')}</Table.Th>
            <Table.Th>{t('staff.columns.staffType')}</Table.Th>
            <Table.Th>{t('staff.columns.language')}</Table.Th>
            <Table.Th>{t('staff.columns.status')}</Table.Th>
            <Table.Th w={150}>{t('staff.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {staffs.length === 0 && <TableEmptyRow colSpan={7}>{t('staff.empty')}</TableEmptyRow>}
          {staffs.map((staff) => {
            const mainAdmin = staff.id === mainAdminId;
            return (
              <Table.Tr key={staff.id} data-testid={`staff-row-${staff.email}`}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">{staff.name}</Text>
                    {mainAdmin && (
                      <Badge size="xs" variant="outline">
                        {t('staff.badges.mainAdmin')}
                      </Badge>
                    )}
                    {staff.is_self && (
                      <Badge size="xs" variant="outline" color="gray">
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
                    <Tooltip label={t('common:actions.edit')} withArrow>
                      <ActionIcon variant="subtle" aria-label={t('staff.actions.edit', { name: staff.name })} onClick={() => onAction('edit', staff)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('staff.resetTitle')} withArrow>
                      <ActionIcon variant="subtle" aria-label={t('staff.actions.sendReset', { name: staff.name })} onClick={() => onAction('reset', staff)}>
                        <IconMailForward size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {staff.totp_enrolled && (
                      <Tooltip label={t('staff.unenrollTitle')} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="orange"
                          aria-label={t('staff.actions.unenroll', { name: staff.name })}
                          onClick={() => onAction('unenroll', staff)}
                        >
                          <IconShieldOff size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label={t('common:actions.delete')} withArrow disabled={staff.is_self}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('staff.actions.delete', { name: staff.name })}
                        disabled={staff.is_self}
                        onClick={() => onAction('delete', staff)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
