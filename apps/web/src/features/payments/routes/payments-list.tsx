import { LoadingOverlay, Paper } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePayments } from '../api/search-payments.ts';
import { PaymentListFilters, paymentFiltersToQuery, readPaymentFilters, writePaymentFilters } from '../components/payment-list-filters.tsx';
import { PaymentListTable } from '../components/payment-list-table.tsx';
import { PendingFrame } from '../../../components/pending-frame.tsx';

/**
 * /payments: the payments list (issue 15), one row per booking, filters in the address. The back
 * office (入金管理) sees every agent with every filter; agent staff (お支払い) see what their
 * agent or branch owes, has paid and has let run past its due date (the server scopes the rows).
 */
export function Component() {
  const { t } = useTranslation('paymentList');
  const agent = capabilitiesOf(useCurrentUser()).agentPortal;
  const audience = agent ? 'agent' : 'operator';
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readPaymentFilters(searchParams);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const payments = usePayments({ page, per_page: DEFAULT_PER_PAGE, ...paymentFiltersToQuery(filters, { agent }) });

  const goTo = (next: number) => {
    const params = writePaymentFilters(filters);
    params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader title={t(`title.${audience}`)} description={t(`description.${audience}`)} />
      <PaymentListFilters
        key={writePaymentFilters(filters).toString()}
        initial={filters}
        agent={agent}
        onSearch={(values) => setSearchParams(writePaymentFilters(values))}
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={payments.isFetching && !payments.data} />
        <PendingFrame pending={payments.isPlaceholderData}>
          <PaymentListTable rows={payments.data?.payments ?? []} agent={agent} />
          {payments.data && (
            <ListPagination total={payments.data.total} capped={payments.data.total_capped} page={payments.data.page} perPage={payments.data.per_page} onChange={goTo} />
          )}
        </PendingFrame>
      </Paper>
    </>
  );
}
