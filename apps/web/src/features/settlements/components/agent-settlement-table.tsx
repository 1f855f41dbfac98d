import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tokyoDateOf } from '@sagano/domain/common/business-date';
import type { AgentSettlement } from '@sagano/domain/settlements/settlement-schemas';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { formatYen } from '../../../lib/yen.ts';
import type { SettlementSums } from '../api/get-agent-settlements.ts';
import { PeriodText, SettlementStatusBadge } from './settlement-badges.tsx';
import type { DrillDownState } from './settlement-parts.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';
import type { AgentType } from '@sagano/domain/agents/agent-constants';
import type { PaymentMethod } from '@sagano/domain/payments/payment-state';

const amount = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const SUMS = ['amount', 'fare', 'discrepancy', 'fee'] as const;

/**
 * One row per agent settlement: the agent (the back office's column), its period, contract and
 * payment method, the sums and the payment status; the totals of every match under them. The
 * period links to the settlement's branches.
 */
export function AgentSettlementTable({ rows, totals, agent }: { rows: AgentSettlement[]; totals: SettlementSums | undefined; agent: boolean }) {
  const { t } = useTranslation(['settlements', 'common']);
  const agentName = useAgentName();
  const yen = (value: number) => t('yen', { amount: formatYen(value) });
  const columns = agent ? 8 : 9;
  // The list's search goes along, so the way back finds the same filters and page.
  const drillDown = { listSearch: useLocation().search } satisfies DrillDownState;
  return (
    <Table.ScrollContainer minWidth={agent ? 900 : 1040}>
      <Table aria-label={t('agentTable.label')} highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('columns.period')}</Table.Th>
            {!agent && <Table.Th miw={140}>{t('columns.agent')}</Table.Th>}
            <Table.Th>{t('columns.contractType')}</Table.Th>
            <Table.Th>{t('columns.paymentMethod')}</Table.Th>
            {SUMS.map((key) => (
              <Table.Th key={key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t(`columns.${key}`)}
              </Table.Th>
            ))}
            <Table.Th>{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && <TableEmptyRow colSpan={columns}>{t('common:status.noResults')}</TableEmptyRow>}
          {rows.map((row) => (
            <Table.Tr key={row.agent_settlement_id} data-testid={`agent-settlement-${row.agent_settlement_id}`}>
              <Table.Td>
                <Anchor component={Link} to={`/monthly-report/${row.agent_settlement_id}`} state={drillDown} size="sm" aria-label={t('agentTable.open', { agent: agentName(row.agent.name, row.agent.name_en), from: row.duration.from, to: row.duration.to })}>
                  <PeriodText duration={row.duration} />
                </Anchor>
              </Table.Td>
              {!agent && (
                <Table.Td>
                  <Text size="sm">{agentName(row.agent.name, row.agent.name_en)}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{t(`contractType.${row.contract_type as AgentType}`)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`paymentMethod.${row.payment_method as PaymentMethod}`)}</Text>
              </Table.Td>
              {SUMS.map((key) => (
                <Table.Td key={key} ta="right" style={amount}>
                  {yen(row[key])}
                </Table.Td>
              ))}
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <SettlementStatusBadge status={row.payment_status} />
                  {row.paid_at && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('paidOn', { date: tokyoDateOf(new Date(row.paid_at)) })}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals && rows.length > 0 && (
          <Table.Tfoot>
            <Table.Tr data-testid="settlement-totals">
              <Table.Th colSpan={agent ? 3 : 4}>{t('agentTable.totals')}</Table.Th>
              {SUMS.map((key) => (
                <Table.Th key={key} ta="right" style={amount}>
                  {yen(totals[key])}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
