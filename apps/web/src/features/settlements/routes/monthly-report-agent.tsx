import { Anchor, Paper, Table, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupSettlementList } from '@sagano/domain/settlements/settlement-schemas';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatYen } from '../../../lib/yen.ts';
import { useGroupSettlements } from '../api/get-group-settlements.ts';
import { PeriodText, SettlementStatusBadge } from '../components/settlement-badges.tsx';
import { amountStyle, BackLink, Field, idParam, InvoiceLink, Loading, SumFields, SummaryCard, useListSearch, type DrillDownState } from '../components/settlement-parts.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { useAgentName } from '../../../lib/agent-name.ts';
import type { AgentType } from '@sagano/domain/agents/agent-constants';
import type { PaymentMethod } from '@sagano/domain/payments/payment-state';

const SUMS = ['amount', 'fare', 'discrepancy', 'fee'] as const;

function AgentSettlementBranches({ data }: { data: GroupSettlementList }) {
  const { t } = useTranslation(['settlements', 'common']);
  const agentName = useAgentName();
  const settlement = data.agent_settlement;
  const yen = (value: number) => t('yen', { amount: formatYen(value) });
  const listSearch = useListSearch();
  return (
    <>
      <BackLink to="/monthly-report" toList label={t('backToList')} />
      <PageHeader title={t('branches.title', { agent: agentName(settlement.agent.name, settlement.agent.name_en) })} description={t('branches.description')} />
      <SummaryCard>
        <Field label={t('columns.period')}>
          <PeriodText duration={settlement.duration} />
        </Field>
        <Field label={t('columns.paymentMethod')}>{t(`paymentMethod.${settlement.payment_method as PaymentMethod}`)}</Field>
        <Field label={t('columns.status')}>
          <SettlementStatusBadge status={settlement.payment_status} />
        </Field>
        <Field label={t('columns.contractType')}>{t(`contractType.${settlement.contract_type as AgentType}`)}</Field>
        <SumFields sums={settlement} />
      </SummaryCard>
      <Paper withBorder p="md">
        <ListTable
          minWidth={1000} aria-label={t('branches.label')} highlightOnHover verticalSpacing="xs"
          head={
            <>
              <Table.Th miw={140}>{t('columns.branch')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('columns.period')}</Table.Th>
              {SUMS.map((key) => (
                <Table.Th key={key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {t(`columns.${key}`)}
                </Table.Th>
              ))}
              <Table.Th>{t('columns.status')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('columns.deadline')}</Table.Th>
              <Table.Th>{t('columns.invoice')}</Table.Th>
            </>
          }
        >
          {data.group_settlements.length === 0 && <TableEmptyRow colSpan={9}>{t('common:status.noResults')}</TableEmptyRow>}
          {data.group_settlements.map((g) => (
            <Table.Tr key={g.group_settlement_id} data-testid={`group-settlement-${g.group_settlement_id}`}>
              <Table.Td>
                <Anchor component={Link} to={`/monthly-report/payment/${g.group_settlement_id}`} state={{ listSearch } satisfies DrillDownState} size="sm" aria-label={t('branches.open', { branch: g.group.name })}>
                  {g.group.name}
                </Anchor>
                {/* 本社 says it already; another name for the head office gets the word under it. */}
                {g.group.is_root && g.group.name !== t('branches.headOffice') && (
                  <Text size="xs" c="dimmed">
                    {t('branches.headOffice')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <PeriodText duration={g.duration} />
              </Table.Td>
              {SUMS.map((key) => (
                <Table.Td key={key} ta="right" style={amountStyle}>
                  {yen(g[key])}
                </Table.Td>
              ))}
              <Table.Td>
                <SettlementStatusBadge status={g.payment_status} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{g.payment_deadline ?? '—'}</Table.Td>
              <Table.Td>
                {g.invoice_url ? (
                  <InvoiceLink url={g.invoice_url} label={g.invoice_number ?? t('columns.invoice')} testId={`invoice-${g.group_settlement_id}`} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('noInvoice')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </Paper>
    </>
  );
}

/** /monthly-report/{agentSettlementId}: one agent settlement and its branches, each with its monthly invoice. */
export function Component() {
  const id = idParam(useParams().agentSettlementId);
  const query = useGroupSettlements(id);
  if (id === null || (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400))) return <NotFoundScreen />;
  if (!query.data) return <Loading visible={query.isPending} />;
  return <AgentSettlementBranches data={query.data} />;
}
