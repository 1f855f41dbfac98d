import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSpecialDays } from '../../../lib/special-days.ts';
import { timetableKeys } from './timetable-keys.ts';

/** The special-days screen's read of a term (lib/special-days.ts), under the timetable's keys. */
export function useSpecialDays(termId: number | undefined) {
  return useQuery({
    ...queryOptions({ queryKey: timetableKeys.specialDays(termId ?? 0), queryFn: () => getSpecialDays(termId!) }),
    enabled: termId !== undefined,
  });
}
