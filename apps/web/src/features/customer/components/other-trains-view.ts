import { legsBetween } from '@sagano/domain/inventory/legs';
import type { SearchInventoryService } from '@sagano/domain/inventory/inventory-schemas';

/** How a train stands for the group: room for everyone, not enough room, or no sale (level null: no seats on sale). */
export type TrainFit = 'fits' | 'tooFew' | 'notOnSale';

export interface OtherTrainRow {
  service: SearchInventoryService;
  /** The train the booking rides on this leg. */
  booked: boolean;
  fit: TrainFit;
  /** Free wheelchair places on the segment, when the group needs some (else null). */
  wheelchairPlaces: number | null;
}

/** Free places of a type on a segment: the tightest leg decides (no counter on a leg: none free). */
export function freeOnSegment(counters: readonly { leg: number; capacity: number; held: number }[], fromStationId: number, toStationId: number): number {
  const legs = legsBetween(fromStationId, toStationId);
  if (legs.length === 0) return 0;
  return Math.max(0, Math.min(...legs.map((leg) => counters.filter((c) => c.leg === leg).reduce((n, c) => n + c.capacity - c.held, 0))));
}

/**
 * The trains of one leg of the booking as the group reads them, by departure: whether the whole
 * group (`seats` group seats, `wheelchairs` wheelchair places) could ride it. The booked train
 * counts the group's own seats as its own, so it always fits.
 */
export function otherTrainRows(
  services: readonly SearchInventoryService[],
  leg: { serviceId: number; fromStationId: number; toStationId: number },
  need: { seats: number; wheelchairs: number },
  wheelchairCounters?: readonly { service_id: number; counters: readonly { leg: number; capacity: number; held: number }[] }[],
): OtherTrainRow[] {
  return [...services]
    .sort((a, b) => (a.departure_hhmm ?? '99:99').localeCompare(b.departure_hhmm ?? '99:99') || a.service_id - b.service_id)
    .map((service) => {
      const booked = service.service_id === leg.serviceId;
      const counters = wheelchairCounters?.find((s) => s.service_id === service.service_id)?.counters;
      const wheelchairPlaces = need.wheelchairs > 0 && wheelchairCounters ? freeOnSegment(counters ?? [], leg.fromStationId, leg.toStationId) : null;
      let fit: TrainFit;
      if (booked) fit = 'fits';
      else if (service.allotment_level === null) fit = 'notOnSale';
      else if (!service.is_available || (wheelchairPlaces !== null && wheelchairPlaces < need.wheelchairs)) fit = 'tooFew';
      else fit = 'fits';
      return { service, booked, fit, wheelchairPlaces };
    });
}
