import { Badge, Group, Table, Text } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserResponse } from '@sagano/domain/users/user-schemas';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

export function UsersTable({
  users,
  currentUid,
  onEdit,
  onDelete,
  onSendReset,
}: {
  users: UserResponse[];
  currentUid: string;
  onEdit: (user: UserResponse) => void;
  onDelete: (user: UserResponse) => void;
  onSendReset: (user: UserResponse) => void;
}) {
  const { t } = useTranslation(['users', 'common']);

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table aria-label={t('listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.email')}</Table.Th>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.tel')}</Table.Th>
            <Table.Th>{t('columns.userGroup')}</Table.Th>
            <Table.Th>{t('columns.userType')}</Table.Th>
            <Table.Th>{t('columns.language')}</Table.Th>
            <Table.Th w={120}>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 && <TableEmptyRow colSpan={7}>{t('empty')}</TableEmptyRow>}
          {users.map((user) => {
            const self = user.uid === currentUid;
            return (
              <Table.Tr key={user.uid} data-testid={`user-row-${user.email}`}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {user.email}
                    </Text>
                    {self && (
                      <Badge size="xs" variant="outline">
                        {t('you')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{user.name}</Table.Td>
                <Table.Td>{user.tel}</Table.Td>
                <Table.Td>{t(`userGroups.${user.user_group}`)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant={user.user_type === 'ADMIN' ? 'filled' : 'light'}>
                    {t(`userTypes.${user.user_type}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{t(`common:languageNames.${user.language_code}`)}</Table.Td>
                <Table.Td>
                  <RowActions
                    edit={{ label: t('actions.edit', { email: user.email }), onClick: () => onEdit(user) }}
                    extra={[{ label: t('actions.sendReset', { email: user.email }), tooltip: t('resetTitle'), icon: IconMailForward, onClick: () => onSendReset(user) }]}
                    remove={{ label: t('actions.delete', { email: user.email }), disabled: self, onClick: () => onDelete(user) }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
