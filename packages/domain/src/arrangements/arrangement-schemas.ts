import { z } from 'zod';
import { LocalizedLabel } from '../common/language.ts';
import { MAX_PERSON_NAME } from '../common/text-limits.ts';

/** Spec 000 §5: saving a pattern with any seat left without a type. */
export const EVERY_SEAT_MESSAGE = 'every seat must have a pattern chosen';

const Id = z.number().int().positive();

export const SeatArrangement = z.object({
  seat_id: z.string().trim().min(1).max(20),
  arrangement_type_id: Id,
});
export type SeatArrangement = z.infer<typeof SeatArrangement>;

export const ArrangementPatternCar = z.object({
  logical_car_id: Id,
  standing_capacity: z.number().int().min(0).max(999).default(0),
  /** The (STANDING) type that owns the car's standing places; required when capacity > 0. */
  standing_arrangement_type_id: Id.nullable().default(null),
  arrangements: z.array(SeatArrangement).max(500),
});
export type ArrangementPatternCar = z.infer<typeof ArrangementPatternCar>;

export const MAX_PATTERN_NAME = 100;

export const ArrangementPatternBody = z.object({
  name: z.string().trim().min(1, 'enter a name').max(MAX_PATTERN_NAME),
  logical_train_id: Id,
  cars: z.array(ArrangementPatternCar).max(20),
});
export type ArrangementPatternBody = z.infer<typeof ArrangementPatternBody>;
export type ArrangementPatternInput = z.input<typeof ArrangementPatternBody>;

export const ArrangementPatternIdParams = z.object({ id: z.coerce.number().int().positive() });

export const ArrangementPatternResponse = z.object({
  arrangement_pattern_id: z.number().int(),
  name: z.string(),
  logical_train_id: z.number().int(),
  cars: z.array(
    z.object({
      logical_car_id: z.number().int(),
      standing_capacity: z.number().int(),
      standing_arrangement_type_id: z.number().int().nullable(),
      arrangements: z.array(SeatArrangement),
    }),
  ),
  /** True while an arrangement application term uses the pattern (it cannot be deleted then). */
  is_in_use: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ArrangementPatternResponse = z.infer<typeof ArrangementPatternResponse>;

export const ArrangementPatternSummary = z.object({
  arrangement_pattern_id: z.number().int(),
  name: z.string(),
  logical_train_id: z.number().int(),
  /** Seats per arrangement type, in type order. */
  seat_counts: z.array(z.object({ arrangement_type_id: z.number().int(), seats: z.number().int() })),
  standing_capacity: z.number().int(),
  is_in_use: z.boolean(),
  updated_at: z.string(),
});
export type ArrangementPatternSummary = z.infer<typeof ArrangementPatternSummary>;

export const ArrangementPatternListResponse = z.object({ arrangement_patterns: z.array(ArrangementPatternSummary) });
export type ArrangementPatternListResponse = z.infer<typeof ArrangementPatternListResponse>;

// ---------- application terms ----------

const DateString = z.iso.date();

export const ArrangementApplication = z.object({
  service_id: Id,
  arrangement_pattern_id: Id,
});
export type ArrangementApplication = z.infer<typeof ArrangementApplication>;

const ApplicationTermFields = z.object({
  from_date: DateString,
  to_date: DateString,
  applications: z.array(ArrangementApplication).min(1, 'choose a pattern for at least one train').max(200),
  /** Who asks, as typed on the screen (the operation log keeps the signed-in account anyway). */
  operator: z.string().trim().max(MAX_PERSON_NAME).optional(),
});

export const ApplicationTermBody = ApplicationTermFields
  .refine((b) => b.from_date <= b.to_date, { path: ['to_date'], message: 'the end date must be on or after the start date' })
  .refine((b) => new Set(b.applications.map((a) => a.service_id)).size === b.applications.length, {
    path: ['applications'],
    message: 'each train may appear only once',
  });
export type ApplicationTermBody = z.infer<typeof ApplicationTermBody>;

/** Approval payload of ARRANGEMENT_APPLICATION_TERM_INSERT: a new term of a service term. */
export const ApplicationTermInsertPayload = ApplicationTermFields.extend({ service_term_id: z.number().int().positive() });
export type ApplicationTermInsertPayload = z.infer<typeof ApplicationTermInsertPayload>;

/** Approval payload of ARRANGEMENT_APPLICATION_TERM_APPEND: new dates and trains for an existing term. */
export const ApplicationTermAppendPayload = ApplicationTermInsertPayload.extend({ arrangement_application_term_id: z.number().int().positive() });
export type ApplicationTermAppendPayload = z.infer<typeof ApplicationTermAppendPayload>;

export const ServiceTermIdParams = z.object({ service_term_id: z.coerce.number().int().positive() });
export const ApplicationTermIdParams = z.object({ id: z.coerce.number().int().positive() });

export const ApplicationTermResponse = z.object({
  arrangement_application_term_id: z.number().int(),
  service_term_id: z.number().int(),
  from_date: z.string(),
  to_date: z.string(),
  applications: z.array(ArrangementApplication),
  updated_at: z.string(),
});
export type ApplicationTermResponse = z.infer<typeof ApplicationTermResponse>;

/** A change waiting for an approver: shown on the list so nobody asks twice. */
export const PendingApplicationChange = z.object({
  approval_id: z.number().int(),
  target: z.enum(['ARRANGEMENT_APPLICATION_TERM_INSERT', 'ARRANGEMENT_APPLICATION_TERM_APPEND']),
  status: z.string(),
  arrangement_application_term_id: z.number().int().nullable(),
  from_date: z.string(),
  to_date: z.string(),
  applications: z.array(ArrangementApplication),
  submitted_at: z.string(),
});
export type PendingApplicationChange = z.infer<typeof PendingApplicationChange>;

/** The trains of the service term, so the screen can name them without another call. */
export const TermService = z.object({
  service_id: z.number().int(),
  names: z.array(LocalizedLabel),
  direction: z.string(),
  is_special: z.boolean(),
  logical_train_id: z.number().int(),
  display_order: z.number().int(),
});
export type TermService = z.infer<typeof TermService>;

export const ApplicationTermListResponse = z.object({
  service_term: z.object({ service_term_id: z.number().int(), from_date: z.string(), to_date: z.string() }),
  services: z.array(TermService),
  arrangement_application_terms: z.array(ApplicationTermResponse),
  pending_approvals: z.array(PendingApplicationChange),
});
export type ApplicationTermListResponse = z.infer<typeof ApplicationTermListResponse>;

export const ApprovalSubmittedResponse = z.object({ approval_id: z.number().int(), status: z.string() });
export type ApprovalSubmittedResponse = z.infer<typeof ApprovalSubmittedResponse>;
