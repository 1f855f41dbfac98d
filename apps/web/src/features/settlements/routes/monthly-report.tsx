import { Button, LoadingOverlay, Paper } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAgentSettlements } from '../api/get-agent-settlements.ts';
import { AgentSettlementTable } from '../components/agent-settlement-table.tsx';
import { RunBillingModal } from '../components/run-billing-modal.tsx';
import { readSettlementFilters, SettlementFilters, settlementFiltersToQuery, writeSettlementFilters } from '../components/settlement-filters.tsx';
import { PendingFrame } from '../../../components/pending-frame.tsx';

/**
 * /monthly-report: agent settlements by billing month (issue 17), filters in the address, the
 * totals of every match under the rows. The back office (月次精算) sees every agent and may bill
 * one now; agent staff (月次請求) see their own agent's settlements (the server scopes them).
 */
export function Component() {
  const { t } = useTranslation('settlements');
  const agent = capabilitiesOf(useCurrentUser()).agentPortal;
  const audience = agent ? 'agent' : 'operator';
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readSettlementFilters(searchParams);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const settlements = useAgentSettlements({ page, per_page: DEFAULT_PER_PAGE, ...settlementFiltersToQuery(filters, { agent }) });
  const [running, setRunning] = useState(false);

  const goTo = (next: number) => {
    const params = writeSettlementFilters(filters);
    params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader
        title={t(`title.${audience}`)}
        description={t(`description.${audience}`)}
        actions={
          !agent && (
            <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} variant="light" onClick={() => setRunning(true)}>
              {t('runBilling.open')}
            </Button>
          )
        }
      />
      <SettlementFilters key={writeSettlementFilters(filters).toString()} initial={filters} agent={agent} onSearch={(values) => setSearchParams(writeSettlementFilters(values))} />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={settlements.isFetching && !settlements.data} />
        <PendingFrame pending={settlements.isPlaceholderData}>
          <AgentSettlementTable rows={settlements.data?.agent_settlements ?? []} totals={settlements.data?.totals} agent={agent} />
          {settlements.data && <ListPagination total={settlements.data.total} page={settlements.data.page} perPage={settlements.data.per_page} onChange={goTo} />}
        </PendingFrame>
      </Paper>
      {!agent && running && <RunBillingModal opened initialAgentId={filters.agent_id} onClose={() => setRunning(false)} />}
    </>
  );
}
