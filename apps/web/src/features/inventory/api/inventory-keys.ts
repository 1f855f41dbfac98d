import { queryRoots } from '../../../lib/query-keys.ts';
/** Query keys of the inventory area; writes invalidate `all` (levels, day lists and seat maps move together). */
export const inventoryKeys = {
  all: queryRoots.inventory,
  calendar: (year: number, month: number, directions: readonly string[]) =>
    [...queryRoots.inventory, 'calendar', year, month, [...directions].sort().join(',')] as const,
  day: (date: string, fromStationId: number | null, toStationId: number | null) =>
    [...queryRoots.inventory, 'day', date, fromStationId, toStationId] as const,
  service: (date: string, serviceId: number) => [...queryRoots.inventory, 'service', date, serviceId] as const,
};
