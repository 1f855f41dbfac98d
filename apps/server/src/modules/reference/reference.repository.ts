import { asc } from 'drizzle-orm';
import type { ArrangementType, Car, StationDirection, Station, Train, Unit } from '@sagano/domain/reference/reference-schemas';
import type { Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export async function listStations(db: Executor): Promise<{ stations: Station[]; directions: StationDirection[] }> {
  const rows = await db.select().from(t.stations).orderBy(asc(t.stations.displayOrder));
  const stations = rows.map((s) => ({ station_id: s.stationId, display_order: s.displayOrder, labels: s.labels }));
  const byId = new Map(stations.map((s) => [s.station_id, s]));
  const dirs = await db.select().from(t.directions).orderBy(asc(t.directions.directionId));
  const directions = dirs
    .map((d) => ({
      direction_id: d.directionId,
      labels: d.labels,
      stations: d.stationOrder.flatMap((id, i) => {
        const s = byId.get(id);
        return s ? [{ ...s, display_order: i + 1 }] : [];
      }),
    }))
    .sort((a, b) => (a.direction_id === 'down' ? -1 : b.direction_id === 'down' ? 1 : 0));
  return { stations, directions };
}

export async function listUnits(db: Executor): Promise<Unit[]> {
  const rows = await db.select().from(t.units).orderBy(asc(t.units.displayOrder));
  return rows.map((u) => ({
    id: u.id,
    display_order: u.displayOrder,
    name_label: u.nameLabel,
    segment: u.segment,
    annotation: u.annotation,
    fare_type: u.fareType,
    count_inclusive: u.countInclusive,
    auto_calculated: u.autoCalculated,
  }));
}

export async function listArrangementTypes(db: Executor): Promise<ArrangementType[]> {
  const rows = await db.select().from(t.arrangementTypes).orderBy(asc(t.arrangementTypes.displayOrder));
  return rows.map((a) => ({
    arrangement_type_id: a.arrangementTypeId,
    name: a.name,
    color_hex: a.colorHex,
    seat_type: a.seatType,
    display_order: a.displayOrder,
    is_group_allotment: a.isGroupAllotment,
  }));
}

export async function listTrains(db: Executor): Promise<Train[]> {
  const [trains, cars, seats] = await readAll(db, [
    () => db.select().from(t.trains).orderBy(asc(t.trains.trainId)),
    () => db.select().from(t.cars).orderBy(asc(t.cars.trainId), asc(t.cars.logicalCarId)),
    () => db.select().from(t.seats).orderBy(asc(t.seats.trainId), asc(t.seats.logicalCarId), asc(t.seats.row), asc(t.seats.letter)),
  ] as const);
  return trains.map((train) => ({
    train_id: train.trainId,
    name: train.name,
    cars: cars
      .filter((c) => c.trainId === train.trainId)
      .map(
        (c): Car => ({
          logical_car_id: c.logicalCarId,
          physical_car_id: c.physicalCarId,
          car_number: c.carNumber,
          name: c.name,
          is_rich: c.isRich,
          standing_capacity: c.standingCapacity,
          seats: seats
            .filter((s) => s.trainId === train.trainId && s.logicalCarId === c.logicalCarId)
            .map((s) => ({
              seat_id: s.seatId,
              logical_car_id: s.logicalCarId,
              seat_group_id: s.seatGroupId,
              row: s.row,
              letter: s.letter,
              is_wheelchair: s.isWheelchair,
              labels: s.labels,
            })),
        }),
      ),
  }));
}
