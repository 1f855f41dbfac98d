import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArmchair, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { Direction } from '@sagano/domain/reference/reference-schemas';
import type { BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { SeatMap } from '../../../components/seat-map/seat-map.tsx';
import type { SeatMapLegendItem } from '../../../components/seat-map/seat-map-legend.tsx';
import { ApiError, FetchFailureError } from '../../../lib/api-client.ts';
import { customerKeys, newMutationId, useChangeSeat, useCheckSeats, useCustomerSeats, useCustomerStations } from '../api/customer-api.ts';
import { formatServiceDate, groupSeatsByCar, sortTrips, stationName, tripKind, type TripKind } from './customer-format.ts';
import { SeatLines } from './seat-lines.tsx';
import {
  SEAT_COLORS,
  buildSeatViews,
  orderSeatIds,
  pruneSelection,
  sameSeats,
  seatsById,
  seatsOf,
  selectionProgress,
  toggleSeat,
  wheelchairCount,
  type SeatKind,
} from './seat-selection.ts';
import { Section } from './section.tsx';

type Feedback =
  | { kind: 'success' }
  | { kind: 'unavailable'; direction: Direction; seatIds: string[] }
  | { kind: 'error'; message: string };

/** Codes after which the seat map is out of date: reload it and drop the seats that are gone. */
const STALE_MAP_CODES = ['SEAT_TAKEN', 'SEAT_HELD_OR_ASSIGNED', 'NOT_ENOUGH_SEATS', 'VALIDATION_FAILED', 'CONFLICT'];

/** The group's own seat change: pick a train, drop and take seats on the map, check, confirm, save. */
export function SeatChange({ bookingId, token }: { bookingId: string; token: string }) {
  const { t, i18n } = useTranslation('customer');
  const language = i18n.resolvedLanguage ?? 'ja';
  const queryClient = useQueryClient();
  const seatsQuery = useCustomerSeats(bookingId, token, true);
  const stations = useCustomerStations().data?.stations;
  const check = useCheckSeats();
  const change = useChangeSeat(bookingId, token);
  const [picked, setPicked] = useState<Direction | null>(null);
  /** The seats chosen per direction; none: the seats the group holds now. */
  const [edits, setEdits] = useState<Partial<Record<Direction, string[]>>>({});
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The change attempt under way: its id is sent again when the same seats are retried after no answer. */
  const attempt = useRef<{ key: string; id: string } | null>(null);

  const directions = useMemo(() => sortTrips(seatsQuery.data?.directions ?? []), [seatsQuery.data]);
  // Trains that have already run keep their seats.
  const open = directions.filter((d) => d.service_day >= tokyoToday());
  const direction = open.find((d) => d.direction === picked) ?? open[0];

  const section = (body: ReactNode) => (
    <Section title={t('seatChange.heading')} icon={<IconArmchair size={22} aria-hidden />} labelledBy="customer-seat-change-heading">
      {body}
    </Section>
  );

  if (seatsQuery.isPending) {
    return section(
      <Center py="lg" role="status" aria-label={t('loading')}>
        <Loader size="sm" />
      </Center>,
    );
  }
  if (seatsQuery.isError) {
    return section(
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('seatChange.loadError')}</Text>
          <Button size="xs" variant="default" onClick={() => void seatsQuery.refetch()}>
            {t('seatChange.retry')}
          </Button>
        </Stack>
      </Alert>,
    );
  }

  if (!direction) {
    return section(
      <Text size="sm" c="dimmed">
        {t(directions.length > 0 ? 'seatChange.trainsRun' : 'seatChange.noSeats')}
      </Text>,
    );
  }

  const tripOf = (d: BookingSeatDirection): TripKind => tripKind(directions.indexOf(d), directions.length);
  const tripName = (d: BookingSeatDirection) => t(`trains.${tripOf(d)}`);
  const current = direction.assigned_seat_ids;
  const selection = edits[direction.direction] ?? current;
  const ordered = orderSeatIds(selection, direction);
  // What the train needs: a seat or wheelchair place for everyone not standing (the server counts the same).
  const required = direction.needed_seats + direction.needed_wheelchair_places;
  const progress = selectionProgress(selection.length, required);
  const changed = !sameSeats(selection, current);
  const busy = check.isPending || change.isPending;
  const wheelchairsMissing = Math.max(0, direction.needed_wheelchair_places - wheelchairCount(selection, direction));
  const canSave = changed && progress.kind === 'ready' && wheelchairsMissing === 0;

  const setSelection = (dir: Direction, next: string[] | undefined) =>
    setEdits((prev) => {
      const rest = { ...prev };
      if (next === undefined) delete rest[dir];
      else rest[dir] = next;
      return rest;
    });

  /** Reloads the map and keeps only the chosen seats that can still be had. */
  const refreshMap = async (dir: Direction) => {
    const fresh = await seatsQuery.refetch();
    const freshDirection = fresh.data?.directions.find((d) => d.direction === dir);
    if (!freshDirection) return;
    setEdits((prev) => {
      const chosen = prev[dir];
      return chosen ? { ...prev, [dir]: pruneSelection(chosen, freshDirection) } : prev;
    });
  };

  const onSeatClick = (seatId: string) => {
    const seat = seatsById(direction).get(seatId);
    if (!seat || busy) return;
    if (feedback?.kind === 'success') setFeedback(null);
    setSelection(direction.direction, toggleSeat(selection, seat));
  };

  const onSave = () => {
    setFeedback(null);
    const dir = direction.direction;
    check.mutate(
      {
        from_station_id: direction.from_station_id,
        service: { service_day: direction.service_day, service_id: direction.service_id, seats: ordered, to_station_id: direction.to_station_id },
        booking_id: bookingId,
        token,
      },
      {
        onSuccess: (result) => {
          if (result.ok) {
            setConfirming(true);
            return;
          }
          setFeedback({ kind: 'unavailable', direction: dir, seatIds: result.unavailable_seat_ids });
          void refreshMap(dir);
        },
        // The check only warns: when it gives no answer, the change itself checks everything again.
        onError: () => setConfirming(true),
      },
    );
  };

  const onConfirm = () => {
    const dir = direction.direction;
    const key = `${dir}|${ordered.join(',')}`;
    if (attempt.current?.key !== key) attempt.current = { key, id: newMutationId() };
    change.mutate(
      {
        token,
        service: {
          service_day: direction.service_day,
          service_id: direction.service_id,
          // Standing places stay as the operator arranged them (the server refuses to change them here).
          manual: { seats: ordered, standings: 0, unspecified_seat: 0 },
        },
        mutation_id: attempt.current.id,
      },
      {
        onSuccess: () => {
          attempt.current = null;
          setSelection(dir, undefined);
          setConfirming(false);
          setFeedback({ kind: 'success' });
        },
        onError: (error) => {
          // Without an answer the change may have gone through: a retry of these seats sends the same id.
          if (!(error instanceof FetchFailureError)) attempt.current = null;
          setConfirming(false);
          setFeedback({ kind: 'error', message: changeErrorMessage(error) });
          const code = error instanceof ApiError ? error.code : undefined;
          if (code && STALE_MAP_CODES.includes(code)) void refreshMap(dir);
          if (error instanceof ApiError && (code === 'STEP_NOT_ALLOWED' || error.status === 404)) {
            void queryClient.invalidateQueries({ queryKey: customerKeys.summary(bookingId, token) });
          }
        },
      },
    );
  };

  const changeErrorMessage = (error: unknown): string => {
    if (error instanceof FetchFailureError) return t('errors.network');
    if (!(error instanceof ApiError)) return t('errors.unknown');
    switch (error.code) {
      case 'SEAT_TAKEN':
      case 'SEAT_HELD_OR_ASSIGNED':
      case 'CONFLICT':
        return t('errors.SEAT_TAKEN');
      case 'NOT_ENOUGH_SEATS':
        return t('errors.NOT_ENOUGH_SEATS');
      case 'STEP_NOT_ALLOWED':
        return t('errors.STEP_NOT_ALLOWED');
      case 'VALIDATION_FAILED':
        return t('errors.VALIDATION_FAILED');
      case 'RATE_LIMITED':
        return t('errors.RATE_LIMITED');
      default:
        return error.status === 404 ? t('errors.notFound') : t('errors.unknown');
    }
  };

  const seatLines = (ids: readonly string[], d: BookingSeatDirection) => groupSeatsByCar(seatsOf(ids, d));
  const seatText = (ids: readonly string[], d: BookingSeatDirection) =>
    seatLines(ids, d)
      .map(({ car, seats }) => t('trains.carSeats', { car, seats: seats.join(t('trains.seatSeparator')) }))
      .join(t('trains.seatSeparator'));
  const unavailableDirection = feedback?.kind === 'unavailable' ? directions.find((d) => d.direction === feedback.direction) : undefined;
  const trainName = labelText(direction.service_names, language);

  return section(
    <>
      <Text size="sm">{t('seatChange.intro')}</Text>

      {open.length > 1 && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" id="customer-seat-change-train">
            {t('seatChange.train')}
          </Text>
          <SegmentedControl
            aria-labelledby="customer-seat-change-train"
            fullWidth
            value={direction.direction}
            onChange={(value) => {
              setPicked(value as Direction);
              if (feedback?.kind !== 'success') setFeedback(null);
            }}
            disabled={busy}
            data={open.map((d) => ({
              value: d.direction,
              label: (
                <Stack gap={0} py={2}>
                  <Text size="sm" fw={700} span>
                    {tripName(d)}
                  </Text>
                  <Text size="xs" span>
                    {t('seatChange.trainOption', { date: formatServiceDate(d.service_day, language, { short: true }), train: labelText(d.service_names, language) })}
                  </Text>
                </Stack>
              ),
            }))}
          />
        </Stack>
      )}

      <Stack gap={2}>
        <Text fw={600}>
          {open.length === 1 && `${tripName(direction)} ${formatServiceDate(direction.service_day, language)} `}
          {trainName}
        </Text>
        <Text size="sm" c="dimmed">
          {t('trains.route', {
            from: stationName(direction.from_station_id, language, stations),
            to: stationName(direction.to_station_id, language, stations),
          })}
          {direction.departure_hhmm && ` ${t('trains.departure', { time: direction.departure_hhmm })}`}
        </Text>
      </Stack>

      {required === 0 ? (
        <Text size="sm" c="dimmed">
          {t('seatChange.noSeats')}
        </Text>
      ) : (
        <>
          <SeatMapPanel
            direction={direction}
            selection={selection}
            onSeatClick={onSeatClick}
            label={t('seatChange.mapLabel', { trip: tripName(direction) })}
          />
          <Text size="xs" c="dimmed">
            {t('seatChange.scrollHint')}
          </Text>

          <Group gap="sm" align="center" wrap="wrap" aria-live="polite">
            <Badge size="xl" radius="sm" tt="none" variant={progress.kind === 'ready' ? 'filled' : 'light'} color={progress.kind === 'ready' ? 'teal' : 'orange'}>
              {t('seatChange.counter', { selected: selection.length, required })}
            </Badge>
            <Text size="sm" c={progress.kind === 'ready' ? undefined : 'orange.9'}>
              {progress.kind === 'more' && t('seatChange.needMore', { n: progress.n })}
              {progress.kind === 'fewer' && t('seatChange.needFewer', { n: progress.n })}
              {progress.kind === 'ready' && (changed ? t('seatChange.ready') : t('seatChange.unchanged'))}
            </Text>
          </Group>

          {changed && <LabelledSeatLines label={t('seatChange.after')} cars={seatLines(ordered, direction)} />}
          {direction.standing > 0 && (
            <Text size="sm" c="dimmed">
              {t('seatChange.standingKept', { n: direction.standing })}
            </Text>
          )}
          {wheelchairsMissing > 0 && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
              {t('seatChange.wheelchairNeeded', { n: wheelchairsMissing })}
            </Alert>
          )}
        </>
      )}

      {feedback?.kind === 'success' && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" withCloseButton onClose={() => setFeedback(null)}>
          {t('seatChange.success')}
        </Alert>
      )}
      {feedback?.kind === 'unavailable' && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {t('seatChange.unavailable', {
            seats: unavailableDirection ? seatText(feedback.seatIds, unavailableDirection) || feedback.seatIds.join(', ') : feedback.seatIds.join(', '),
          })}
        </Alert>
      )}
      {feedback?.kind === 'error' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {feedback.message}
        </Alert>
      )}

      {required > 0 && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => { setSelection(direction.direction, undefined); setFeedback(null); }} disabled={!changed || busy}>
            {t('seatChange.reset')}
          </Button>
          <Button onClick={onSave} loading={check.isPending} disabled={!canSave || change.isPending}>
            {t('seatChange.save')}
          </Button>
        </Group>
      )}

      <Modal
        closeButtonProps={{ 'aria-label': t('close') }}
        opened={confirming}
        onClose={() => !change.isPending && setConfirming(false)}
        title={t('seatChange.confirmTitle')}
        centered
        size="sm"
      >
        <Stack gap="md">
          <Text fw={600}>
            {t('seatChange.confirmTrain', { trip: tripName(direction), date: formatServiceDate(direction.service_day, language), train: trainName })}
          </Text>
          <LabelledSeatLines label={t('seatChange.before')} cars={seatLines(current, direction)} />
          <LabelledSeatLines label={t('seatChange.after')} cars={seatLines(ordered, direction)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={change.isPending}>
              {t('seatChange.back')}
            </Button>
            <Button onClick={onConfirm} loading={change.isPending}>
              {t('seatChange.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>,
  );
}

/** The train as a seat map: the group's choice selected, free seats clickable, the rest disabled. */
function SeatMapPanel({
  direction,
  selection,
  onSeatClick,
  label,
}: {
  direction: BookingSeatDirection;
  selection: readonly string[];
  onSeatClick: (seatId: string) => void;
  label: string;
}) {
  const { t } = useTranslation('customer');
  const selected = useMemo(() => new Set(selection), [selection]);
  // Standing places are not the group's to choose here: cars are drawn without them.
  const cars = useMemo(() => direction.cars.map((car) => ({ ...car, standing_capacity: 0 })), [direction]);
  const names: Record<SeatKind, string> = {
    mine: t('seatChange.legend.mine'),
    free: t('seatChange.legend.free'),
    taken: t('seatChange.legend.taken'),
    unavailable: t('seatChange.legend.unavailable'),
  };
  const views = buildSeatViews(direction, selected, names);
  const legend: SeatMapLegendItem[] = (['mine', 'free', 'taken', 'unavailable'] as const).map((kind) => ({
    key: kind,
    label: names[kind],
    colorHex: SEAT_COLORS[kind],
  }));
  return <SeatMap cars={cars} seats={views} selected={selected} onSeatClick={onSeatClick} legend={legend} label={label} />;
}

/** Seats (one line per car) under a small label: the seats before or after the change. */
function LabelledSeatLines({ label, cars }: { label: string; cars: Parameters<typeof SeatLines>[0]['cars'] }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <SeatLines cars={cars} />
    </Stack>
  );
}
