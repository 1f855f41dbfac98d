import { z } from 'zod';
import { AffectedBooking } from '../inventory/suspension-schemas.ts';
import { LocalizedLabel } from '../common/language.ts';

/** Calendar day patterns (spec 000 §4): which services a day runs. */
export const SERVICE_DAY_PATTERNS = ['ORDINARY', 'SPECIAL', 'SUSPENDED', 'DISABLED'] as const;
export type ServiceDayPattern = (typeof SERVICE_DAY_PATTERNS)[number];

export const DIRECTION_IDS = ['down', 'up'] as const;
export type DirectionId = (typeof DIRECTION_IDS)[number];

export const TIMES_REQUIRED = 'all arrival and departure times must be entered';
export const TIMES_ORDER = 'each time must be later than the one before';
export const NO_CHANGES = 'there are no changes';

const DateString = z.iso.date();
const Hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'enter a valid time (HH:mm)');

export const ServiceTermIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ServiceIdParams = z.object({ id: z.coerce.number().int().positive() });

export const CreateServiceTermBody = z
  .object({ fromDate: DateString, toDate: DateString })
  .refine((v) => v.fromDate <= v.toDate, { message: 'end date must be after start date', path: ['toDate'] });
export type CreateServiceTermBody = z.infer<typeof CreateServiceTermBody>;

export const ServiceTermResponse = z.object({
  serviceTermId: z.number().int(),
  fromDate: z.string(),
  toDate: z.string(),
  is_current: z.boolean(),
});
export type ServiceTermResponse = z.infer<typeof ServiceTermResponse>;
export const ServiceTermListResponse = z.object({ service_terms: z.array(ServiceTermResponse) });
export type ServiceTermListResponse = z.infer<typeof ServiceTermListResponse>;

export const DiagramItemInput = z.object({
  station_id: z.number().int().positive(),
  arrival_hhmm: Hhmm.nullable().optional(),
  departure_hhmm: Hhmm.nullable().optional(),
});
export type DiagramItemInput = z.infer<typeof DiagramItemInput>;

/** Times along the diagram: the first stop has no arrival, the last no departure, all else both, each later than before. */
export function checkDiagramTimes(items: readonly DiagramItemInput[]): { index: number; message: string } | undefined {
  const times: string[] = [];
  for (const [i, item] of items.entries()) {
    const first = i === 0;
    const last = i === items.length - 1;
    if ((!first && !item.arrival_hhmm) || (!last && !item.departure_hhmm)) return { index: i, message: TIMES_REQUIRED };
    if (!first) times.push(item.arrival_hhmm!);
    if (!last) times.push(item.departure_hhmm!);
  }
  for (let i = 1; i < times.length; i++) {
    if (times[i]! <= times[i - 1]!) return { index: Math.floor(i / 2), message: TIMES_ORDER };
  }
  return undefined;
}

export const ServiceBody = z
  .object({
    names: z.array(LocalizedLabel).min(1),
    direction: z.enum(DIRECTION_IDS),
    is_special: z.boolean().default(false),
    logical_train_id: z.number().int().positive().default(1),
    display_order: z.number().int().min(0).default(0),
    diagram_items: z.array(DiagramItemInput).min(2, TIMES_REQUIRED).max(10),
  })
  .superRefine((v, ctx) => {
    const ja = v.names.find((n) => n.language_id === 'ja');
    if (!ja || !ja.text.trim()) ctx.addIssue({ code: 'custom', message: 'enter a name', path: ['names'] });
    const problem = checkDiagramTimes(v.diagram_items);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: ['diagram_items'] });
  });
export type ServiceBody = z.infer<typeof ServiceBody>;

export const DiagramItemResponse = z.object({
  diagram_item_id: z.number().int(),
  station_id: z.number().int(),
  arrival_hhmm: z.string().nullable(),
  departure_hhmm: z.string().nullable(),
  display_order: z.number().int(),
});
export type DiagramItemResponse = z.infer<typeof DiagramItemResponse>;

export const ServiceResponse = z.object({
  service_term_id: z.number().int(),
  service_id: z.number().int(),
  is_special: z.boolean(),
  logical_train_id: z.number().int(),
  names: z.array(LocalizedLabel),
  direction: z.enum(DIRECTION_IDS),
  display_order: z.number().int(),
  diagram_items: z.array(DiagramItemResponse),
  is_deletable: z.boolean(),
  undeletable_reason: z.string().nullable(),
});
export type ServiceResponse = z.infer<typeof ServiceResponse>;
export const ServiceListResponse = z.object({ services: z.array(ServiceResponse) });
export type ServiceListResponse = z.infer<typeof ServiceListResponse>;

export const CalendarDay = z.object({
  date: z.string(),
  service_pattern: z.enum(SERVICE_DAY_PATTERNS),
  is_approval_pending: z.boolean(),
});
export type CalendarDay = z.infer<typeof CalendarDay>;
export const PatternCalendarResponse = z.object({ service_term_id: z.number().int(), days: z.array(CalendarDay) });
export type PatternCalendarResponse = z.infer<typeof PatternCalendarResponse>;

export const PatternCalendarBody = z.object({
  days: z.array(z.object({ date: DateString, service_pattern: z.enum(SERVICE_DAY_PATTERNS) })).min(1, NO_CHANGES).max(800),
});
export type PatternCalendarBody = z.infer<typeof PatternCalendarBody>;

export const SpecialDaysResponse = z.object({
  service_term_id: z.number().int(),
  special_services: z.array(z.object({ service_id: z.number().int(), names: z.array(LocalizedLabel), direction: z.enum(DIRECTION_IDS) })),
  days: z.array(z.object({ date: z.string(), service_ids: z.array(z.number().int()), is_approval_pending: z.boolean() })),
});
export type SpecialDaysResponse = z.infer<typeof SpecialDaysResponse>;

export const SpecialDaysBody = z.object({
  days: z.array(z.object({ date: DateString, service_ids: z.array(z.number().int().positive()).max(50) })).max(800),
});
export type SpecialDaysBody = z.infer<typeof SpecialDaysBody>;

/** The change an approval submits. */
export const ApprovalSubmittedResponse = z.object({
  approval_id: z.number().int(),
  status: z.string(),
  /** Our addition: the live bookings applying the change would refuse (trains that stop running). */
  affected_bookings: z.array(AffectedBooking).optional(),
});
export type ApprovalSubmittedResponse = z.infer<typeof ApprovalSubmittedResponse>;

export const DateParams = z.object({ date: DateString });
export const DailyServicesResponse = z.object({
  ordinary_service_ids: z.array(z.number().int()),
  special_service_ids: z.array(z.number().int()),
  charter_service_ids: z.array(z.number().int()),
});
export type DailyServicesResponse = z.infer<typeof DailyServicesResponse>;

export const DiagramsQuery = z.object({ date: DateString });
export const DiagramsResponse = z.object({ date: z.string(), services: z.array(ServiceResponse.omit({ is_deletable: true, undeletable_reason: true })) });
export type DiagramsResponse = z.infer<typeof DiagramsResponse>;

export const SearchServicesQuery = z.object({
  date: DateString,
  station_id: z.coerce.number().int().positive(),
  departure_hhmm_gte: Hhmm.optional(),
});
export const SearchServicesResponse = z.object({
  services: z.array(z.object({ service_id: z.number().int(), names: z.array(LocalizedLabel), direction: z.enum(DIRECTION_IDS), is_special: z.boolean(), departure_hhmm: z.string() })),
});
export type SearchServicesResponse = z.infer<typeof SearchServicesResponse>;

export const YearMonthParams = z.object({ year_month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'enter a valid month (yyyy-MM)') });
export const MonthPatternCalendarResponse = z.object({
  year_month: z.string(),
  days: z.array(z.object({ date: z.string(), service_pattern: z.enum(SERVICE_DAY_PATTERNS) })),
});
export type MonthPatternCalendarResponse = z.infer<typeof MonthPatternCalendarResponse>;
