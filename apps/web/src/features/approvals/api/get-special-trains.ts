import { useQuery } from '@tanstack/react-query';
import { getSpecialDays } from '../../../lib/special-days.ts';
import { approvalsKeys } from './get-approvals.ts';

/** The special trains of a timetable term, for naming the trains a special-days request asks to run (one read per term shown). */
export function useSpecialTrains(termId: number | undefined) {
  return useQuery({
    queryKey: [...approvalsKeys.all, 'special-trains', termId ?? 0],
    queryFn: () => getSpecialDays(termId!),
    enabled: termId !== undefined,
    select: (answer) => answer.special_services,
  });
}
