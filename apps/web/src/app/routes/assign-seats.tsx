import { memo, startTransition, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconLockOpen, IconTable, IconWand, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { mayTake, type BookingStep } from '@sagano/domain/bookings/booking-state';
import type { BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { ForbiddenScreen } from '../../components/forbidden-screen.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../lib/current-user.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useBookingStep } from '../../features/bookings/api/booking-steps.ts';
import { useBooking } from '../../features/bookings/api/get-booking.ts';
import { BookingStatusBadges } from '../../features/bookings/components/status-badges.tsx';
import { bookingSeatsKey, useBookingSeats } from '../../features/seats/api/get-booking-seats.ts';
import { SeatsLoadState } from '../../features/seats/components/seats-load-state.tsx';
import { assignSeats, assignSeatsNg, assignSeatsOk, releaseSeats, type AssignSeatsRequest } from '../../features/seats/api/seat-steps.ts';
import { AssignPanel } from '../../features/seats/components/assign-panel.tsx';
import { NgReasonModal } from '../../features/seats/components/ng-reason-modal.tsx';
import { SeatMapPanel } from '../../features/seats/components/seat-map-panel.tsx';
import { placeCounts, requiredSelection, sortDirections, type Direction } from '../../features/seats/components/seat-logic.ts';
import { useSeatLabels, type SeatLabels } from '../../features/seats/components/use-seat-labels.ts';
import { BackToBooking } from '../components/back-to-booking.tsx';

/** What staff changed on one direction and not yet sent: the hand-picked seats, standing, preferred cars. */
interface DirectionEdit {
  seatIds?: string[];
  standing?: number;
  preferredCars?: string[];
}

function DirectionTabLabel({ direction, labels }: { direction: BookingSeatDirection; labels: SeatLabels }) {
  const assigned = placeCounts(direction, direction.assigned_seat_ids).total;
  const required = requiredSelection(direction, direction.standing);
  // On a phone the train's line wraps inside its tab rather than widen the page.
  return (
    <Group gap={6} wrap="wrap" style={{ rowGap: 2, whiteSpace: 'normal', textAlign: 'start' }}>
      <Text size="sm" fw={700}>
        {labels.directionName(direction)}
      </Text>
      <Text size="sm">{labels.trainLine(direction)}</Text>
      <Badge size="sm" variant="light" color={assigned === required && required > 0 ? 'teal' : 'gray'}>
        {assigned}/{required}
      </Badge>
    </Group>
  );
}

interface PanelCallbacks {
  /** With a patch: changes the direction's edit; without: clears it but for the `keep` fields. */
  onEdit: (direction: Direction, patch: DirectionEdit | null, keep?: (keyof DirectionEdit)[]) => void;
  onRun: (body: AssignSeatsRequest, done: string, after: () => void) => void;
}

/** One direction's panel and map, memoised: it renders again only when its own data or edit changes. */
const DirectionPanel = memo(function DirectionPanel({
  direction: d,
  edit: e = {},
  labels,
  slope,
  editable,
  busy,
  onEdit,
  onRun,
}: {
  direction: BookingSeatDirection;
  edit: DirectionEdit | undefined;
  labels: SeatLabels;
  slope: number;
  editable: boolean;
  busy: boolean;
} & PanelCallbacks) {
  const { t } = useTranslation(['seats', 'common']);
  const selection = useMemo(() => new Set(e.seatIds ?? d.assigned_seat_ids), [e.seatIds, d.assigned_seat_ids]);
  const standing = e.standing ?? d.standing;
  const preferred = e.preferredCars ?? NO_CARS;
  const onSelect = useCallback((next: Set<string>) => onEdit(d.direction, { seatIds: [...next] }), [onEdit, d.direction]);
  const onStanding = useCallback((value: number) => onEdit(d.direction, { standing: value }), [onEdit, d.direction]);
  const onPreferredCars = useCallback((value: string[]) => onEdit(d.direction, { preferredCars: value }), [onEdit, d.direction]);
  return (
    <Stack gap="md">
      <AssignPanel
        direction={d}
        labels={labels}
        slope={slope}
        selection={selection}
        standing={standing}
        onStanding={onStanding}
        preferredCars={preferred}
        onPreferredCars={onPreferredCars}
        editable={editable}
        busy={busy}
        onAuto={() =>
          onRun(
            {
              seat_req: [
                {
                  direction: d.direction,
                  standing,
                  ...(preferred.length > 0 ? { preferred_car_ids: preferred.map(Number) } : {}),
                },
              ],
            },
            t('assign.autoDone'),
            () => onEdit(d.direction, null, ['preferredCars']),
          )
        }
        onConfirm={() =>
          onRun({ seat_req: [{ direction: d.direction, seat_ids: [...selection], standing }] }, t('assign.manualDone'), () => onEdit(d.direction, null, ['preferredCars']))
        }
        onReset={() => onEdit(d.direction, null, ['preferredCars'])}
      />
      <SeatMapPanel direction={d} labels={labels} selection={selection} onSelect={editable ? onSelect : undefined} hint={editable ? t('assign.mapHint') : undefined} />
    </Stack>
  );
});

const NO_CARS: string[] = [];

/** /bookings/{bookingId}/assign-seats: give the group concrete seats per direction, then OK or NG. */
export function Component() {
  const { t } = useTranslation(['seats', 'common']);
  const { bookingId = '' } = useParams();
  const user = useCurrentUser();
  const operator = capabilitiesOf(user).backOffice;
  const queryClient = useQueryClient();
  const { data: booking } = useBooking(bookingId);
  const seats = useBookingSeats(bookingId);
  const labels = useSeatLabels();
  const [tab, setTab] = useState<Direction | null>(null);
  const [edits, setEdits] = useState<Partial<Record<Direction, DirectionEdit>>>({});
  const [releasing, setReleasing] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const [moved, setMoved] = useState<string[]>([]);
  // Seats were just assigned here (held until 座席指定OK): said in green, not left to a passing toast.
  const [assigned, setAssigned] = useState(false);

  const assign = useBookingStep((body: AssignSeatsRequest) => assignSeats(bookingId, body));
  const ok = useBookingStep(() => assignSeatsOk(bookingId));
  const ng = useBookingStep((reason: string) => assignSeatsNg(bookingId, reason));
  const release = useBookingStep(() => releaseSeats(bookingId));

  const edit = (direction: Direction, patch: DirectionEdit) => setEdits((prev) => ({ ...prev, [direction]: { ...prev[direction], ...patch } }));
  const clearEdit = (direction: Direction, keep: (keyof DirectionEdit)[] = []) =>
    setEdits((prev) => {
      const before = prev[direction] ?? {};
      const kept = Object.fromEntries(keep.map((k) => [k, before[k]]));
      return { ...prev, [direction]: kept };
    });
  // A refused assignment (seat taken meanwhile, not enough seats): the map is read again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bookingSeatsKey(bookingId) });
  const runAssign = (body: AssignSeatsRequest, done: string, after: () => void) =>
    assign.mutate(body, {
      onSuccess: (answer) => {
        queryClient.setQueryData(bookingSeatsKey(bookingId), answer);
        setMoved(answer.moved_booking_ids ?? []);
        setAssigned(true);
        after();
        notifySuccess(done);
      },
      onError: refresh,
    });

  // The panels get callbacks that stay the same object, so a tab switch or a click on one map does
  // not re-render the other direction's panel.
  const latest = useRef({ edit, clearEdit, runAssign });
  useLayoutEffect(() => {
    latest.current = { edit, clearEdit, runAssign };
  });
  const onEdit = useCallback<PanelCallbacks['onEdit']>((direction, patch, keep) => (patch ? latest.current.edit(direction, patch) : latest.current.clearEdit(direction, keep)), []);
  const onRun = useCallback<PanelCallbacks['onRun']>((body, done, after) => latest.current.runAssign(body, done, after), []);

  if (!operator) return <ForbiddenScreen />;
  if (!booking) return null;

  const flags = booking.flags;
  const state = { status: booking.status, subStatus: booking.sub_status, isRoundTrip: booking.main_params.service_order.is_round_trip, voucherConfirmed: false, ignoreCancellationPolicy: false };
  const may = (step: BookingStep) => mayTake(step, state, 'OPERATOR');
  const editable = flags.can_assign_seats;
  const seated = booking.sub_status === 'SAGANO_SEAT_RESERVED' || booking.sub_status === 'SAGANO_SEAT_TABLE_SENT';
  const slope = booking.main_params.participant_group.wheel_chairs.filter((w) => w.need_slope).length;
  const directions = seats.data ? sortDirections(seats.data.directions) : [];
  const current = directions.find((d) => d.direction === tab) ?? directions[0];
  const busy = assign.isPending || ok.isPending || ng.isPending || release.isPending;

  return (
    <>
      <PageHeader
        title={t('assign.title', { id: booking.booking_id })}
        description={t('group', { name: booking.group.name })}
        actions={
          <>
            <span data-testid="booking-status">
              <BookingStatusBadges status={booking.status} subStatus={booking.sub_status} />
            </span>
            {(flags.can_confirm_seats || flags.can_release_seats) && (
              <Button component={Link} to={`/bookings/${booking.booking_id}/ensure-seats`} variant="default" size="xs" leftSection={<IconTable size={14} aria-hidden />}>
                {t('assign.toSeatTable')}
              </Button>
            )}
          </>
        }
      />
      <BackToBooking bookingId={booking.booking_id} />

      {seats.data?.seat_ng_reason && booking.sub_status === 'SAGANO_SEAT_NOT_AVAILABLE' && (
        <Alert color="red" variant="light" mb="md">
          {t('assign.ngReasonShown', { reason: seats.data.seat_ng_reason })}
        </Alert>
      )}
      {seated ? (
        <Alert color="teal" variant="light" mb="md" icon={<IconCircleCheck size={20} aria-hidden />} title={t('assign.seatedTitle')} data-testid="seats-success">
          {t('assign.seatedBody')}
        </Alert>
      ) : (
        assigned &&
        booking.sub_status === 'SAGANO_SEAT_ASSIGNING' && (
          <Alert color="teal" variant="light" mb="md" icon={<IconCircleCheck size={20} aria-hidden />} title={t('assign.assignedTitle')} data-testid="seats-success">
            {t('assign.assignedBody')}
          </Alert>
        )
      )}
      {!editable && !seated && (
        <Alert color="gray" variant="light" mb="md">
          {t('assign.readOnly')}
        </Alert>
      )}
      {moved.length > 0 && (
        <Alert color="yellow" variant="light" mb="md" data-testid="moved-bookings">
          {t('assign.movedOthers', { ids: moved.join(t('common:listSeparator')) })}
        </Alert>
      )}

      <Paper withBorder p="md" mb="md">
        <Group gap="xs" role="group" aria-label={t('assign.finish')} wrap="wrap">
          <Button
            leftSection={<IconWand size={16} aria-hidden />}
            disabled={!editable || directions.length === 0}
            loading={assign.isPending}
            onClick={() => runAssign({}, t('assign.autoDone'), () => setEdits({}))}
          >
            {t('assign.autoAll')}
          </Button>
          <Button variant="default" leftSection={<IconLockOpen size={16} aria-hidden />} disabled={!flags.can_release_seats || busy} onClick={() => setReleasing(true)}>
            {t('assign.release')}
          </Button>
          <Button
            color="teal"
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={!may('assign_seats_ok') || (busy && !ok.isPending)}
            loading={ok.isPending}
            onClick={() => ok.mutate(undefined, { onSuccess: () => notifySuccess(t('assign.okDone')) })}
          >
            {t('assign.ok')}
          </Button>
          <Button color="red" variant="outline" leftSection={<IconX size={16} aria-hidden />} disabled={!may('assign_seats_ng') || busy} onClick={() => setRefusing(true)}>
            {t('assign.ng')}
          </Button>
        </Group>
      </Paper>

      <SeatsLoadState seats={seats} />
      {current && (
        // Both directions stay mounted and the hidden one is only not displayed (not an Activity, whose
        // effects are torn down and set up again on every switch): switching shows the other map
        // instead of building ~300 seats anew.
        // The switch is a transition: the click answers at once and the other map (laid out anew)
        // shows in the next frame, instead of the click waiting for that layout.
        <Tabs value={current.direction} onChange={(v) => v && startTransition(() => setTab(v as Direction))} keepMountedMode="display-none">
          <Tabs.List mb="md">
            {directions.map((d) => (
              <Tabs.Tab key={d.direction} value={d.direction} maw="100%">
                <DirectionTabLabel direction={d} labels={labels} />
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {directions.map((d) => (
            <Tabs.Panel key={d.direction} value={d.direction}>
              <DirectionPanel direction={d} edit={edits[d.direction]} labels={labels} slope={slope} editable={editable} busy={assign.isPending} onEdit={onEdit} onRun={onRun} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      <ConfirmModal
        opened={releasing}
        title={t('assign.releaseTitle')}
        message={t('assign.releaseMessage')}
        confirmLabel={t('assign.release')}
        cancelLabel={t('common:actions.close')}
        danger
        loading={release.isPending}
        onClose={() => setReleasing(false)}
        onConfirm={() =>
          release.mutate(undefined, {
            onSuccess: () => {
              setReleasing(false);
              setEdits({});
              setAssigned(false);
              notifySuccess(t('assign.releaseDone'));
            },
          })
        }
      />
      {refusing && (
        <NgReasonModal
          loading={ng.isPending}
          onClose={() => setRefusing(false)}
          onSubmit={(reason) =>
            ng.mutate(reason, {
              onSuccess: () => {
                setRefusing(false);
                setEdits({});
                setAssigned(false);
                notifySuccess(t('assign.ngDone'));
              },
            })
          }
        />
      )}
    </>
  );
}
