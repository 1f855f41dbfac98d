import { Button, LoadingOverlay, Paper } from '@mantine/core';
import { IconFileDownload, IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAgents, useAgentsCsv } from '../api/agents.ts';
import { AgentSearchForm, filtersToQuery, readAgentFilters, writeAgentFilters } from '../components/agent-search-form.tsx';
import { AgentsTable } from '../components/agents-table.tsx';
import { saveBase64Csv } from '../../../lib/save-file.ts';
import { PendingFrame } from '../../../components/pending-frame.tsx';

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /agents: search, list and page the travel agents; filters and page live in the address. */
export function Component() {
  const { t } = useTranslation(['agents', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readAgentFilters(searchParams);
  const page = pageOf(searchParams.get('page'));
  const agents = useAgents({ ...filtersToQuery(filters), page, per_page: DEFAULT_PER_PAGE });
  const csv = useAgentsCsv();

  const goTo = (next: number) => {
    const params = writeAgentFilters(filters);
    params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconFileDownload size={16} aria-hidden />}
              loading={csv.isPending}
              onClick={() =>
                csv.mutate(undefined, {
                  onSuccess: (answer) => {
                    saveBase64Csv(answer.csv_base64, answer.filename, 'utf-8');
                    notifySuccess(t('list.csvDone'));
                  },
                })
              }
            >
              {t('list.csv')}
            </Button>
            <Button component={Link} to="/agents/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('list.create')}
            </Button>
          </>
        }
      />
      <Paper withBorder p="md" pos="relative">
        <AgentSearchForm key={writeAgentFilters(filters).toString()} initial={filters} onSearch={(next) => setSearchParams(writeAgentFilters(next))} />
        <LoadingOverlay visible={agents.isFetching && !agents.data} />
        <PendingFrame pending={agents.isPlaceholderData}>
          <AgentsTable agents={agents.data?.agents ?? []} />
          {agents.data && (
            <ListPagination total={agents.data.total} page={agents.data.page} perPage={agents.data.per_page} onChange={goTo} />
          )}
        </PendingFrame>
      </Paper>
    </>
  );
}
