import { Button, LoadingOverlay, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import { SERVICE_ORDER_SORTS, SORT_ORDERS, defaultSortOrder, type ServiceOrderSort } from '@sagano/domain/bookings/booking-constants';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useServiceOrders } from '../api/search-service-orders.ts';
import { BookingFilters, filtersToQuery, readBookingFilters, writeBookingFilters } from '../components/booking-filters.tsx';
import { BookingTable, type ListSort } from '../components/booking-table.tsx';
import { useBookingLabels } from '../components/use-booking-labels.ts';

/** The list's default order: the nearest service date first (upcoming work), then by booking number. */
const DEFAULT_SORT: ServiceOrderSort = 'service_date';

/** The sort kept in the address (?sort=service_date&order=asc); unknown values fall back to the default. */
function readListSort(params: URLSearchParams): ListSort {
  const sort = SERVICE_ORDER_SORTS.find((s) => s === params.get('sort')) ?? DEFAULT_SORT;
  const order = SORT_ORDERS.find((o) => o === params.get('order')) ?? defaultSortOrder(sort);
  return { sort, order };
}

/** The filters' address with the sort kept (a search or a page turn keeps the order the user chose). */
function withSort(params: URLSearchParams, sort: ListSort): URLSearchParams {
  params.set('sort', sort.sort);
  params.set('order', sort.order);
  return params;
}

/** /bookings: the booking list, one row per booking with its trains, filters and sort in the address. */
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
  const sort = readListSort(searchParams);
  const orders = useServiceOrders({ page, per_page: DEFAULT_PER_PAGE, ...filtersToQuery(filters, { agent: caps.agentPortal }), ...sort });

  const goTo = (next: number) => {
    const params = withSort(writeBookingFilters(filters), sort);
    params.set('page', String(next));
    setSearchParams(params);
  };
  // A header pressed again turns its order round; another header starts in its own default order, on page 1.
  const sortBy = (key: ServiceOrderSort) => {
    const order = key === sort.sort ? (sort.order === 'asc' ? 'desc' : 'asc') : defaultSortOrder(key);
    setSearchParams(withSort(writeBookingFilters(filters), { sort: key, order }));
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
        onSearch={(values) => setSearchParams(withSort(writeBookingFilters(values), sort))}
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={orders.isFetching && !orders.data} />
        <BookingTable rows={orders.data?.service_orders ?? []} labels={labels} sort={sort} onSort={sortBy} />
        {orders.data && (
          <ListPagination total={orders.data.total} capped={orders.data.total_capped} page={orders.data.page} perPage={orders.data.per_page} onChange={goTo} />
        )}
      </Paper>
    </>
  );
}
