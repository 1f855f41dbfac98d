import { queryRoots } from '../../../lib/query-keys.ts';
/** Query keys of the timetable screens; approvals invalidate `all` once a change is applied. */
export const timetableKeys = {
  all: queryRoots.timetable,
  terms: () => [...queryRoots.timetable, 'terms'] as const,
  services: (termId: number) => [...queryRoots.timetable, 'services', termId] as const,
  patternCalendar: (termId: number) => [...queryRoots.timetable, 'pattern-calendar', termId] as const,
  specialDays: (termId: number) => [...queryRoots.timetable, 'special-days', termId] as const,
};
