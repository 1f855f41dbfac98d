/** Query keys of the timetable screens; approvals invalidate `all` once a change is applied. */
export const timetableKeys = {
  all: ['timetable'] as const,
  terms: () => ['timetable', 'terms'] as const,
  services: (termId: number) => ['timetable', 'services', termId] as const,
  patternCalendar: (termId: number) => ['timetable', 'pattern-calendar', termId] as const,
  specialDays: (termId: number) => ['timetable', 'special-days', termId] as const,
};
