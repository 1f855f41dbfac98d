import { Anchor, Badge, Button, Group, LoadingOverlay, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAllotmentDay } from '../api/get-allotment-day.ts';
import { useServiceInventory } from '../api/get-service-inventory.ts';
import { formatServiceDay, parseDayParam } from '../../../lib/calendar-grid.ts';
import { InventoryCounters, StandingSummary } from '../components/inventory-counters.tsx';
import { LevelBadge, ServiceStatusBadge, TagBadge } from '../components/level-badge.tsx';
import { bookingInputLink, readSegment, writeSegment } from '../components/segment.ts';
import { InventoryUnavailable, TrainSeatMap } from '../components/train-seat-map.tsx';
import { ChangeBookingButton } from '../components/change-booking-button.tsx';
import { useReferenceLabels } from '../components/use-reference-labels.ts';

function stationParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= 4 ? id : null;
}

/** /search-allotments/{date}/{serviceId}: one train's cars seat by seat, standing places and counters. */
export function Component() {
  const { t, i18n } = useTranslation('inventory');
  const { t: tBookings } = useTranslation('bookings');
  const params = useParams();
  const date = parseDayParam(params.date);
  const serviceId = Number(params.serviceId);
  const validId = Number.isInteger(serviceId) && serviceId > 0;
  const [searchParams] = useSearchParams();
  const refs = useReferenceLabels();
  // The seats one by one are the back office's; agents see the train's availability and book it.
  const seatLevel = capabilitiesOf(useCurrentUser()).backOffice;
  // The segment the train was picked for (the return segment for a return train).
  const segFrom = stationParam(searchParams.get('seg_from'));
  const segTo = stationParam(searchParams.get('seg_to'));
  const inventory = useServiceInventory(seatLevel && date && validId ? date : null, validId ? serviceId : null);
  const day = useAllotmentDay({ date: date ?? '', fromStationId: segFrom, toStationId: segTo }, { enabled: Boolean(date) });
  if (!date || !validId) return <NotFoundScreen />;

  const row = day.data?.services.find((s) => s.service_id === serviceId);
  const data = inventory.data;
  const trainName = data ? refs.label(data.service_names) : row ? refs.label(row.service_names) : '';
  const backQuery = writeSegment(readSegment(searchParams)).toString();

  return (
    <>
      <PageHeader
        title={t('service.title', { train: trainName, date: formatServiceDay(date, i18n.language) })}
        actions={
          row && date >= tokyoToday() && (row.bookable ? (
            <>
              <Button component={Link} to={bookingInputLink(date, readSegment(searchParams), row)} size="xs">
                {tBookings('list.create')}
              </Button>
              <ChangeBookingButton train={{ date, ...row }} refs={refs} />
            </>
          ) : (
            <Text size="sm" c="dark.4" data-testid="unbookable">
              {tBookings(`form.unbookable.${row.unbookable_reason ?? 'SUSPENDED'}`)}
            </Text>
          ))
        }
      />
      <Anchor
        component={Link}
        to={`/search-allotments/${date}${backQuery ? `?${backQuery}` : ''}`}
        size="sm"
        mb="sm"
        display="inline-flex"
        style={{ alignItems: 'center', gap: 4 }}
      >
        <IconArrowLeft size={14} aria-hidden />
        {t('service.backToDay')}
      </Anchor>
      <Stack gap="md" pos="relative">
        <LoadingOverlay visible={seatLevel ? inventory.isPending : day.isPending} />
        {row && (
          <Paper withBorder p="sm">
            <Group gap="md" wrap="wrap">
              <Badge variant="light" color="gray">
                {t(`directions.${row.direction}`)}
              </Badge>
              <Text size="sm" fw={600}>
                {t('service.segment', {
                  from: refs.stationName(row.from_station_id),
                  to: refs.stationName(row.to_station_id),
                  departure: row.departure_hhmm ?? '—',
                  arrival: row.arrival_hhmm ?? '—',
                })}
              </Text>
              <Text size="sm">
                {t('day.columns.groupSeats')} {row.group_seats} / {t('day.columns.vacant')} <b>{row.vacant_seats}</b> /{' '}
                {t('day.columns.requested')} {row.requested_seats} / {t('day.columns.reserved')} {row.reserved_or_occupied_seats}
              </Text>
              <LevelBadge level={row.has_inventory ? row.allotment_level : null} />
              {row.tags.map((tag) => (
                <TagBadge key={tag} tag={tag} />
              ))}
              <ServiceStatusBadge status={row.status} />
            </Group>
          </Paper>
        )}
        {inventory.isError && <InventoryUnavailable error={inventory.error} />}
        {data && (
          <>
            <TrainSeatMap inventory={data} refs={refs} />
            <SimpleGrid cols={1} spacing="md">
              <InventoryCounters inventory={data} refs={refs} />
              <StandingSummary inventory={data} refs={refs} />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </>
  );
}
