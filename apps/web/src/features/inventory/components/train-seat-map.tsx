import { useMemo, type ReactNode } from 'react';
import { Alert, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InventoryCar, ServiceInventoryResponse } from '@sagano/domain/inventory/inventory-schemas';
import type { Car } from '@sagano/domain/reference/reference-schemas';
import { SeatMap, type SeatView, type StandingView } from '../../../components/seat-map/seat-map.tsx';
import type { SeatMapLegendItem } from '../../../components/seat-map/seat-map-legend.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { ReferenceLabels } from './use-reference-labels.ts';

const STATE_VIEW = { FREE: 'free', HELD: 'held', ASSIGNED: 'assigned' } as const;

/** The inventory's cars as the seat map draws them (its seats carry more than the map needs). */
function toCar(car: InventoryCar): Car {
  return { ...car, standing_capacity: car.standing.quantity, seats: car.seats };
}

/** Colour, type name and held/assigned state per seat; standing places with what is left; the colour key with counts. */
export function useSeatMapViews(inventory: ServiceInventoryResponse, refs: ReferenceLabels) {
  const { t } = useTranslation('inventory');
  return useMemo(() => {
    const cars = [...inventory.cars].sort((a, b) => a.car_number - b.car_number);
    const seats: Record<string, SeatView> = {};
    const counts = new Map<number, number>();
    for (const car of cars) {
      for (const seat of car.seats) {
        const type = refs.typeById.get(seat.arrangement_type_id);
        seats[seat.seat_id] = {
          fill: type?.color_hex,
          typeName: refs.typeName(seat.arrangement_type_id),
          state: STATE_VIEW[seat.state],
        };
        counts.set(seat.arrangement_type_id, (counts.get(seat.arrangement_type_id) ?? 0) + 1);
      }
    }
    const standing: Record<number, StandingView> = {};
    for (const car of cars) {
      if (car.standing.quantity <= 0) continue;
      const typeId = car.standing.arrangement_type_id;
      standing[car.logical_car_id] = {
        count: car.standing.quantity,
        fill: typeId === null ? undefined : refs.typeById.get(typeId)?.color_hex,
        typeName: typeId === null ? undefined : refs.typeName(typeId),
        text: t('service.standingText', { vacant: car.standing.vacant, quantity: car.standing.quantity }),
      };
    }
    const legend: SeatMapLegendItem[] = refs.arrangementTypes
      .filter((type) => counts.has(type.arrangement_type_id))
      .map((type) => ({
        key: type.arrangement_type_id,
        label: refs.label(type.name),
        colorHex: type.color_hex,
        count: counts.get(type.arrangement_type_id),
      }));
    return { cars: cars.map(toCar), seats, standing, legend };
  }, [inventory, refs, t]);
}

/** The seat map's panel: its heading, then a line saying what the map shows or lets one do. */
function SeatMapPanel({ hint, children }: { hint: string; children: ReactNode }) {
  const { t } = useTranslation('inventory');
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb={4}>
        {t('service.seatMap')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {hint}
      </Text>
      {children}
    </Paper>
  );
}

/** The train seat by seat (read-only), coloured by arrangement type, held and assigned seats marked. */
export function TrainSeatMap({ inventory, refs }: { inventory: ServiceInventoryResponse; refs: ReferenceLabels }) {
  const { t } = useTranslation('inventory');
  const views = useSeatMapViews(inventory, refs);
  return (
    <SeatMapPanel hint={t('service.heldSeats')}>
      <SeatMap cars={views.cars} seats={views.seats} standing={views.standing} legend={views.legend} label={t('service.seatMap')} />
    </SeatMapPanel>
  );
}

/** The train with seats selectable (click, or drag across), the colour key doubling as the target type picker. */
export function ArrangementSeatMap({
  inventory,
  refs,
  selected,
  onSelect,
  target,
  onTarget,
}: {
  inventory: ServiceInventoryResponse;
  refs: ReferenceLabels;
  selected: ReadonlySet<string>;
  onSelect: (seats: ReadonlySet<string>) => void;
  target: number | null;
  onTarget: (typeId: number) => void;
}) {
  const { t } = useTranslation('inventory');
  const views = useSeatMapViews(inventory, refs);
  const toggle = (seatId: string) => {
    const next = new Set(selected);
    if (next.has(seatId)) next.delete(seatId);
    else next.add(seatId);
    onSelect(next);
  };
  // A sweep adds the seats passed over; a sweep over seats all already chosen takes them out again.
  const sweep = (seatIds: string[]) => {
    const next = new Set(selected);
    const remove = seatIds.every((id) => next.has(id));
    for (const id of seatIds) {
      if (remove) next.delete(id);
      else next.add(id);
    }
    onSelect(next);
  };
  return (
    <SeatMapPanel hint={t('arrangements.mapHint')}>
      <SeatMap
        cars={views.cars}
        seats={views.seats}
        standing={views.standing}
        legend={views.legend}
        activeLegendKey={target}
        onLegendPick={(key) => onTarget(Number(key))}
        selected={selected}
        onSeatClick={toggle}
        onSeatsSweep={sweep}
        label={t('service.seatMap')}
      />
    </SeatMapPanel>
  );
}

/** Why a train's seats cannot be shown: no inventory built yet (404), or the failure itself. */
export function InventoryUnavailable({ error }: { error: unknown }) {
  const { t } = useTranslation('inventory');
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Alert color={missing ? 'gray' : 'red'} variant="light">
      {missing ? t('service.noInventory') : errorMessage(error)}
    </Alert>
  );
}
