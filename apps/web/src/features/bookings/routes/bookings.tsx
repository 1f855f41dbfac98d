import { Button, LoadingOverlay, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { defaultSortOrder, type ServiceOrderSort } from '@sagano/domain/bookings/booking-constants';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useServiceOrders } from '../api/search-service-orders.ts';
import { bookingListSearch, readBookingFilters, readListSort, withSort, writeBookingFilters } from '../api/booking-list-query.ts';
import { BookingFilters } from '../components/booking-filters.tsx';
import { BookingTable } from '../components/booking-table.tsx';
import { PendingList, useListRequests } from '../components/pending-list.tsx';
import { useBookingLabels } from '../components/use-booking-labels.ts';

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
  const labels = useBookingLabels();
  const sort = readListSort(searchParams);
  // The same search the route's loader started while this screen downloaded (see booking-list-query.ts).
  const orders = useServiceOrders(bookingListSearch(searchParams, { agent: caps.agentPortal }));

  // A page, sort or search asked for dims the list shown under a running bar in the click's own
  // frame; the rows stay (placeholderData) until the new ones are there.
  const requests = useListRequests();
  const shown = searchParams.toString();
  const ask = (params: URLSearchParams) => {
    requests.ask({ from: shown, to: params.toString() });
    setSearchParams(params);
  };
  const goTo = (next: number) => {
    const params = withSort(writeBookingFilters(filters), sort);
    params.set('page', String(next));
    ask(params);
  };
  // A header pressed again turns its order round; another header starts in its own default order, on page 1.
  const sortBy = (key: ServiceOrderSort) => {
    const order = key === sort.sort ? (sort.order === 'asc' ? 'desc' : 'asc') : defaultSortOrder(key);
    ask(withSort(writeBookingFilters(filters), { sort: key, order }));
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
        onSearch={(values) => ask(withSort(writeBookingFilters(values), sort))}
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={orders.isFetching && !orders.data} />
        <PendingList requests={requests} shown={shown} placeholder={orders.isPlaceholderData}>
          <BookingTable rows={orders.data?.service_orders ?? []} labels={labels} sort={sort} onSort={sortBy} />
        </PendingList>
        {orders.data && (
          <ListPagination total={orders.data.total} capped={orders.data.total_capped} page={orders.data.page} perPage={orders.data.per_page} onChange={goTo} />
        )}
      </Paper>
    </>
  );
}
