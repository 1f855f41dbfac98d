import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgentGroupResponse } from '@sagano/domain/agents/agent-schemas';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';

/** The agent's groups, the head office first, each linking to its own screen. */
export function BranchesTable({ agentId, groups }: { agentId: number; groups: AgentGroupResponse[] }) {
  const { t } = useTranslation('agents');
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table aria-label={t('groups.listLabel')} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('groups.columns.name')}</Table.Th>
            <Table.Th>{t('groups.columns.mainAdmin')}</Table.Th>
            <Table.Th ta="right">{t('groups.columns.staffs')}</Table.Th>
            <Table.Th>{t('groups.columns.fax')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.length === 0 && <TableEmptyRow colSpan={4}>{t('groups.empty')}</TableEmptyRow>}
          {groups.map((group) => (
            <Table.Tr key={group.id} data-testid={`group-row-${group.id}`}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Anchor component={Link} to={`/agents/${agentId}/groups/${group.id}`} size="sm" fw={500} aria-label={t('groups.open', { name: group.name_ja })}>
                    {group.name_ja}
                  </Anchor>
                  {group.is_root && (
                    <Badge size="xs" variant="filled" color="gray">
                      {t('groups.root')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                {group.main_admin.email ? (
                  <Stack gap={0}>
                    <Text size="sm">{group.main_admin.name}</Text>
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {group.main_admin.email}
                    </Text>
                  </Stack>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td ta="right">{group.staffs.length}</Table.Td>
              <Table.Td>{group.fax || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
