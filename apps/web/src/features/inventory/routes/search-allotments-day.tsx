import { useState } from 'react';
import { Anchor, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { addDays, tokyoToday } from '@sagano/domain/common/business-date';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useAllotmentDay } from '../api/get-allotment-day.ts';
import { formatServiceDay, formatYearMonth, parseDayParam, yearMonthOf } from '../../../lib/calendar-grid.ts';
import { bookingInputLink, readSegment, segmentLegs, writeSegment, type SegmentChoice, type SegmentLeg, type TripType } from '../components/segment.ts';
import { TrainList } from '../components/train-list.tsx';
import { ChangeBookingButton } from '../components/change-booking-button.tsx';
import { useReferenceLabels, type ReferenceLabels } from '../components/use-reference-labels.ts';

/** The stations a list runs between; the whole line when no segment is chosen. */
function legEnds(leg: SegmentLeg, refs: ReferenceLabels): { from: number; to: number } {
  if (leg.from !== null && leg.to !== null) return { from: leg.from, to: leg.to };
  const first = refs.stationIds[0] ?? 1;
  const last = refs.stationIds.at(-1) ?? 4;
  return leg.direction === 'up' ? { from: last, to: first } : { from: first, to: last };
}

function DayTrainList({ date, leg, choice, refs }: { date: string; leg: SegmentLeg; choice: SegmentChoice; refs: ReferenceLabels }) {
  const { t } = useTranslation('inventory');
  // Agents book from this list; the back office books from the train's seat view.
  const portal = capabilitiesOf(useCurrentUser()).agentPortal;
  const day = useAllotmentDay({ date, fromStationId: leg.from, toStationId: leg.to });
  const services = (day.data?.services ?? []).filter((s) => leg.direction === null || s.direction === leg.direction);
  const ends = legEnds(leg, refs);
  const title = t('day.listTitle', {
    list: t(`day.lists.${leg.key}`),
    from: refs.stationName(ends.from),
    to: refs.stationName(ends.to),
  });
  const back = writeSegment(choice).toString();
  return (
    <TrainList
      title={title}
      services={services}
      refs={refs}
      loading={day.isPending}
      // A train that has run cannot be booked: no booking link on days before today.
      bookHref={portal && date >= tokyoToday() ? (s) => bookingInputLink(date, choice, s) : undefined}
      changeBooking={(s) => <ChangeBookingButton train={{ date, ...s }} refs={refs} size="compact-sm" />}
      trainHref={(s) => {
        // The train view reports on this list's segment (the return leg's for a return train).
        const params = new URLSearchParams(back);
        if (leg.from !== null && leg.to !== null) {
          params.set('seg_from', String(leg.from));
          params.set('seg_to', String(leg.to));
        }
        const query = params.toString();
        return `/search-allotments/${date}/${s.service_id}${query ? `?${query}` : ''}`;
      }}
    />
  );
}

/** /search-allotments/{date}: the day's trains with levels and tags for a segment, single or round trip. */
export function Component() {
  const { t, i18n } = useTranslation('inventory');
  const params = useParams();
  const date = parseDayParam(params.date);
  const [searchParams, setSearchParams] = useSearchParams();
  const refs = useReferenceLabels();
  const [draft, setDraft] = useState(() => ({
    trip: (searchParams.get('trip') === 'round' ? 'round' : 'single') as TripType,
    from: searchParams.get('from') ?? '',
    to: searchParams.get('to') ?? '',
  }));
  if (!date) return <NotFoundScreen />;

  const choice = readSegment(searchParams);
  const stationOptions = [
    { value: '', label: t('day.wholeLine') },
    ...refs.stationIds.map((id) => ({ value: String(id), label: refs.stationName(id) })),
  ];
  // The form's own copy of the choice: the address catches up after the route's loader runs, so two
  // quick picks must be built on this copy, not on the address, or the second undoes the first.
  const write = (next: { trip: TripType; from: string; to: string }) => {
    setDraft(next);
    const params = new URLSearchParams();
    if (next.trip === 'round') params.set('trip', 'round');
    if (next.from) params.set('from', next.from);
    if (next.to) params.set('to', next.to);
    setSearchParams(params, { replace: true });
  };
  const legs = segmentLegs(choice);
  const dayLink = (d: string) => {
    const query = searchParams.toString();
    return `/search-allotments/${d}${query ? `?${query}` : ''}`;
  };

  return (
    <>
      <PageHeader
        title={t('day.title', { date: formatServiceDay(date, i18n.language) })}
        actions={
          <>
            <Button component={Link} to={dayLink(addDays(date, -1))} variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden />}>
              {t('day.previousDay')}
            </Button>
            <Button component={Link} to={dayLink(addDays(date, 1))} variant="default" size="xs" rightSection={<IconChevronRight size={14} aria-hidden />}>
              {t('day.nextDay')}
            </Button>
          </>
        }
      />
      <Anchor component={Link} to={`/search-allotments?month=${formatYearMonth(yearMonthOf(date))}`} size="sm" mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={14} aria-hidden />
        {t('day.backToCalendar')}
      </Anchor>
      <Paper withBorder p="md" mb="md" component="form" role="search" aria-label={t('day.searchLabel')} onSubmit={(e) => e.preventDefault()}>
        <Group gap="md" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="trip-type-label">
              {t('day.tripType')}
            </Text>
            <SegmentedControl
              aria-labelledby="trip-type-label"
              value={draft.trip}
              onChange={(value) => write({ ...draft, trip: value as TripType })}
              data={[
                { value: 'single', label: t('day.single') },
                { value: 'round', label: t('day.round') },
              ]}
            />
          </Stack>
          <NativeSelect label={t('day.from')} data={stationOptions} value={draft.from} onChange={(e) => write({ ...draft, from: e.currentTarget.value })} w={180} />
          <NativeSelect label={t('day.to')} data={stationOptions} value={draft.to} onChange={(e) => write({ ...draft, to: e.currentTarget.value })} w={180} />
        </Group>
        {choice.trip === 'round' && choice.from === null && (
          <Text size="sm" c="dimmed" mt="sm">
            {t('day.roundNeedsStations')}
          </Text>
        )}
      </Paper>
      <Stack gap="md">
        {legs.map((leg) => (
          <DayTrainList key={`${leg.key}-${leg.from}-${leg.to}`} date={date} leg={leg} choice={choice} refs={refs} />
        ))}
      </Stack>
    </>
  );
}
