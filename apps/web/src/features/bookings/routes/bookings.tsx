import { Button, LoadingOverlay, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useServiceOrders } from '../api/search-service-orders.ts';
import { BookingFilters, filtersToQuery, readBookingFilters, writeBookingFilters } from '../components/booking-filters.tsx';
import { BookingTable } from '../components/booking-table.tsx';
import { useBookingLabels } from '../components/use-booking-labels.ts';

/** /bookings: the booking list, one row per booked train, filters in the address. */
export function Component() {
  const { t } = useTranslation('bookings');
  const user = useCurrentUser();
  const caps = capabilitiesOf(user);
  const backOffice = caps.backOffice;
  // Agents apply for their own agent (the server scopes the list to their agent or branch).
  const mayCreate = backOffice || caps.agentPortal;
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readBookingFilters(searchParams);
  const page = Math.max(1, Number(searchParams.get('page')) || 1);
  const labels = useBookingLabels();
  const orders = useServiceOrders({ page, per_page: DEFAULT_PER_PAGE, ...filtersToQuery(filters, { agent: caps.agentPortal }) });

  const goTo = (next: number) => {
    const params = writeBookingFilters(filters);
    params.set('page', String(next));
    setSearchParams(params);
  };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          mayCreate && (
            <Button component={Link} to="/bookings/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t('list.create')}
            </Button>
          )
        }
      />
      <BookingFilters
        key={writeBookingFilters(filters).toString()}
        initial={filters}
        canPickAgent={backOffice}
        onSearch={(values) => setSearchParams(writeBookingFilters(values))}
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={orders.isFetching && !orders.data} />
        <BookingTable rows={orders.data?.service_orders ?? []} labels={labels} />
        {orders.data && (
          <ListPagination total={orders.data.total} capped={orders.data.total_capped} page={orders.data.page} perPage={orders.data.per_page} onChange={goTo} />
        )}
      </Paper>
    </>
  );
}
