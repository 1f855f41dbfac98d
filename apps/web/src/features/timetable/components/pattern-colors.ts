import type { ServiceDayPattern } from '@sagano/domain/timetable/timetable-schemas';

/** Background and text colours per pattern (text contrast ≥ 4.5 on its background). */
export const PATTERN_COLORS: Record<ServiceDayPattern, { bg: string; fg: string }> = {
  ORDINARY: { bg: '#d3f9d8', fg: '#1b5e20' },
  SPECIAL: { bg: '#ffe8cc', fg: '#8a3b00' },
  SUSPENDED: { bg: '#ffe3e3', fg: '#a61e1e' },
  DISABLED: { bg: '#f1f3f5', fg: '#495057' },
};
