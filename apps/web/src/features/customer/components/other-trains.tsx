import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh, IconSearch, IconTrain } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { CustomerBookingSummary } from '@sagano/domain/seats/seat-schemas';
import { useCustomerStations } from '../api/customer-api.ts';
import { useCustomerArrangementTypes, useTrainSearch, useWheelchairCounters } from '../api/customer-inventory-api.ts';
import { formatServiceDate, sortTrips, stationName, tripKind, type TripKind } from './customer-format.ts';
import { otherTrainRows, type OtherTrainRow, type TrainFit } from './other-trains-view.ts';
import { Section } from './section.tsx';

const LEVEL_COLORS = { SUFFICIENT: 'teal', FEW: 'orange', SOLD_OUT: 'gray' } as const;
// Dark enough for 4.5:1 on white (the palette's 8s are not).
const FIT_COLORS: Record<TrainFit, string> = { fits: 'teal.9', tooFew: 'red.9', notOnSale: 'dark.6' };

type Train = CustomerBookingSummary['trains'][number];

function TrainRow({ row, groupSize }: { row: OtherTrainRow; groupSize: number }) {
  const { t, i18n } = useTranslation('customer');
  const language = i18n.resolvedLanguage ?? 'ja';
  const { service } = row;
  const name = labelText(service.service_names, language);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={`other-train-${service.service_id}`} bg={row.booked ? 'var(--mantine-color-teal-light)' : undefined}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('otherTrains.times', { departure: service.departure_hhmm ?? '—', arrival: service.arrival_hhmm ?? '—' })}
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end" style={{ flex: 'none' }}>
            {row.booked && (
              <Badge size="sm" radius="sm" variant="filled" color="teal" tt="none">
                {t('otherTrains.booked')}
              </Badge>
            )}
            <Badge size="md" radius="sm" variant="light" tt="none" color={service.allotment_level ? LEVEL_COLORS[service.allotment_level] : 'gray'}>
              {t(`otherTrains.level.${service.allotment_level ?? 'NONE'}`)}
            </Badge>
          </Stack>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm">{t('otherTrains.vacant', { n: service.vacant_seats })}</Text>
          {row.wheelchairPlaces !== null && <Text size="sm">{t('otherTrains.wheelchairPlaces', { n: row.wheelchairPlaces })}</Text>}
        </Group>
        {!row.booked && (
          <Text size="sm" fw={500} c={FIT_COLORS[row.fit]}>
            {t(`otherTrains.fit.${row.fit}`, { n: groupSize })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** One leg of the booking: the trains of its day on its segment, asked with the booking's link. */
function LegTrains({ bookingId, token, train, kind, summary, wheelchairTypeId }: { bookingId: string; token: string; train: Train; kind: TripKind; summary: CustomerBookingSummary; wheelchairTypeId: number | undefined }) {
  const { t, i18n } = useTranslation('customer');
  const language = i18n.resolvedLanguage ?? 'ja';
  const stations = useCustomerStations().data?.stations;
  const seatsNeeded = Math.max(1, summary.participant_quantity - summary.wheelchairs);
  const search = useTrainSearch(bookingId, token, { date: train.service_day, from_station_id: train.from_station_id, to_station_id: train.to_station_id, total: seatsNeeded }, true);
  const wheelchairs = useWheelchairCounters(bookingId, token, train.service_day, wheelchairTypeId, summary.wheelchairs > 0);
  const rows = search.data
    ? otherTrainRows(
        search.data.services.filter((s) => s.direction === train.direction),
        { serviceId: train.service_id, fromStationId: train.from_station_id, toStationId: train.to_station_id },
        { seats: seatsNeeded, wheelchairs: summary.wheelchairs },
        summary.wheelchairs > 0 ? wheelchairs.data?.services : undefined,
      )
    : [];
  const headingId = `other-trains-${train.direction}-${train.service_day}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group gap="xs" align="center" wrap="wrap">
        {/* 往路 / 復路 on a round trip; a single trip's one leg needs no badge (its "your train" would read as the marked train's). */}
        {kind !== 'single' && (
          <Badge variant="filled" radius="sm" tt="none">
            {t(`trains.${kind}`)}
          </Badge>
        )}
        <Text fw={700} id={headingId}>
          {t('otherTrains.legHeading', {
            date: formatServiceDate(train.service_day, language),
            from: stationName(train.from_station_id, language, stations),
            to: stationName(train.to_station_id, language, stations),
          })}
        </Text>
      </Group>
      {search.isPending && (
        <Group gap="xs" role="status" aria-label={t('otherTrains.loading')}>
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('otherTrains.loading')}
          </Text>
        </Group>
      )}
      {search.isError && (
        <Alert color="red" variant="light">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('otherTrains.loadError')}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void search.refetch()}>
              {t('loadError.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {search.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('otherTrains.none')}
        </Text>
      )}
      {rows.map((row) => (
        <TrainRow key={row.service.service_id} row={row} groupSize={summary.participant_quantity} />
      ))}
    </Stack>
  );
}

/**
 * "Other trains' seats": the group looks up, with its link, how full the other trains of its
 * booking's days are on its route (spec 000 §1 "searches inventory"), to ask its travel agent for
 * a change. Only asked when the group opens it; each leg of a round trip has its list.
 */
export function OtherTrains({ bookingId, token, summary }: { bookingId: string; token: string; summary: CustomerBookingSummary }) {
  const { t } = useTranslation('customer');
  const [round, setRound] = useState(0);
  const trains = sortTrips(summary.trains);
  const types = useCustomerArrangementTypes(round > 0 && summary.wheelchairs > 0);
  const wheelchairTypeId = types.data?.arrangement_types.find((a) => a.seat_type === 'WHEELCHAIR')?.arrangement_type_id;
  return (
    <Section title={t('otherTrains.heading')} icon={<IconTrain size={22} aria-hidden />} labelledBy="customer-other-trains-heading">
      <Text size="sm">{t('otherTrains.intro')}</Text>
      {round === 0 ? (
        <Button leftSection={<IconSearch size={18} aria-hidden />} onClick={() => setRound(1)} size="md" fullWidth>
          {t('otherTrains.search')}
        </Button>
      ) : (
        <>
          {trains.map((train, index) => (
            <Stack key={`${round}-${train.direction}-${train.service_day}`} gap="sm">
              {index > 0 && <Divider />}
              <LegTrains bookingId={bookingId} token={token} train={train} kind={tripKind(index, trains.length)} summary={summary} wheelchairTypeId={wheelchairTypeId} />
            </Stack>
          ))}
          <Button variant="light" leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => setRound((n) => n + 1)}>
            {t('otherTrains.refresh')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('otherTrains.changeHint')}
          </Text>
        </>
      )}
    </Section>
  );
}
