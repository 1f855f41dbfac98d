import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AgentSummary } from '@sagano/domain/agents/agent-schemas';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { AgentTypeBadge } from './agent-type-badge.tsx';
import { ListTable } from '../../../components/list-table.tsx';

export function AgentsTable({ agents }: { agents: AgentSummary[] }) {
  const { t } = useTranslation('agents');
  return (
    <ListTable
      minWidth={760} aria-label={t('list.listLabel')} highlightOnHover
      head={
        <>
          <Table.Th>{t('list.columns.name')}</Table.Th>
          <Table.Th>{t('list.columns.agentType')}</Table.Th>
          <Table.Th>{t('list.columns.paymentType')}</Table.Th>
          <Table.Th ta="right">{t('list.columns.branches')}</Table.Th>
          <Table.Th>{t('list.columns.ignorePolicy')}</Table.Th>
        </>
      }
    >
      {agents.length === 0 && <TableEmptyRow colSpan={5}>{t('list.empty')}</TableEmptyRow>}
      {agents.map((agent) => (
        <Table.Tr key={agent.id} data-testid={`agent-row-${agent.id}`}>
          <Table.Td>
            <Stack gap={0}>
              <Anchor component={Link} to={`/agents/${agent.id}`} size="sm" fw={500}>
                {agent.name_ja}
              </Anchor>
              {(agent.name_kana || agent.name_en) && (
                <Text size="xs" c="dimmed">
                  {[agent.name_kana, agent.name_en].filter(Boolean).join(' / ')}
                </Text>
              )}
            </Stack>
          </Table.Td>
          <Table.Td>
            <AgentTypeBadge type={agent.agent_type} />
          </Table.Td>
          <Table.Td>{t(`paymentTypes.${agent.agent_payment_type}`)}</Table.Td>
          <Table.Td ta="right">{agent.groups.filter((g) => !g.is_root).length}</Table.Td>
          <Table.Td>
            {agent.ignore_cancellation_policy ? (
              <Badge size="sm" color="orange" variant="light">
                {t('list.policyIgnored')}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                {t('list.policyApplied')}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
