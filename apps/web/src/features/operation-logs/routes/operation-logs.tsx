import { useState } from 'react';
import { LoadingOverlay, Paper } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SearchOperationLogsBody } from '@sagano/domain/audit/operation-log-schemas';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { parseDateInput } from '../../../lib/dates.ts';
import { useOperationLogs } from '../api/search-operation-logs.ts';
import { isOperationLogCategory } from '../components/category-label.ts';
import { OperationLogDetailModal } from '../components/operation-log-detail-modal.tsx';
import { OperationLogFilters, filtersToBody, type OperationLogFilterValues } from '../components/operation-log-filters.tsx';
import { OperationLogTable } from '../components/operation-log-table.tsx';
import { PendingFrame } from '../../../components/pending-frame.tsx';

/** The filters as kept in the address (from, to, operator, category, page). */
function readFilters(params: URLSearchParams): OperationLogFilterValues {
  const category = params.get('category');
  return {
    from_date: parseDateInput(params.get('from') ?? ''),
    to_date: parseDateInput(params.get('to') ?? ''),
    operator: params.get('operator') ?? '',
    category: isOperationLogCategory(category) ? category : '',
  };
}

function writeFilters(values: OperationLogFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (values.from_date) params.set('from', values.from_date);
  if (values.to_date) params.set('to', values.to_date);
  if (values.operator.trim()) params.set('operator', values.operator.trim());
  if (values.category) params.set('category', values.category);
  return params;
}

/** /operation-logs: who did what, searchable by period, operator and category. */
export function Component() {
  const { t } = useTranslation('operationLogs');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const [openId, setOpenId] = useState<number | null>(null);

  const body: SearchOperationLogsBody = { page, per_page: DEFAULT_PER_PAGE, ...filtersToBody(filters) };
  const logs = useOperationLogs(body);

  const goTo = (next: number) => {
    const params = writeFilters(filters);
    params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <OperationLogFilters
        key={writeFilters(filters).toString()}
        initial={filters}
        onSearch={(values) => setSearchParams(writeFilters(values))}
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={logs.isFetching && !logs.data} />
        <PendingFrame pending={logs.isPlaceholderData}>
          <OperationLogTable rows={logs.data?.operation_logs ?? []} onOpen={setOpenId} />
          {logs.data && (
            <ListPagination total={logs.data.total} page={logs.data.page} perPage={logs.data.per_page} onChange={goTo} />
          )}
        </PendingFrame>
      </Paper>
      <OperationLogDetailModal id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
