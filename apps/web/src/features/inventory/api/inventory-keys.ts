/** Query keys of the inventory area; writes invalidate `all` (levels, day lists and seat maps move together). */
export const inventoryKeys = {
  all: ['inventory'] as const,
  calendar: (year: number, month: number, directions: readonly string[]) =>
    ['inventory', 'calendar', year, month, [...directions].sort().join(',')] as const,
  day: (date: string, fromStationId: number | null, toStationId: number | null) =>
    ['inventory', 'day', date, fromStationId, toStationId] as const,
  service: (date: string, serviceId: number) => ['inventory', 'service', date, serviceId] as const,
};
