/**
 * A booking change side by side (DESIGN §5): what the booking is now and what it becomes, with
 * the price before and after, the decrement fee, the difference and what happens to the seats.
 * The server builds it once (change-comparison.ts); screens and mails only show it.
 */
import { z } from 'zod';
import { LocalizedLabel } from '../common/language.ts';
import { DIRECTIONS } from '../reference/reference-schemas.ts';

/** UNCHANGED: nothing about the seats changes; KEPT: a headcount change on the same trains keeps the seats of those who remain; RELEASED: the seats are given up and assigned again. */
export const CHANGE_SEAT_OUTCOMES = ['UNCHANGED', 'KEPT', 'RELEASED'] as const;
export type ChangeSeatOutcome = (typeof CHANGE_SEAT_OUTCOMES)[number];

/** Other parts of the booking a change may touch besides trains and participants. */
export const CHANGE_OTHER_FIELDS = ['applicant', 'tour_conductor', 'group', 'note'] as const;

export const ChangeSummaryLeg = z.object({
  service_date: z.string(),
  service_id: z.number().int(),
  service_name: z.array(LocalizedLabel),
  from_station_id: z.number().int(),
  to_station_id: z.number().int(),
});
export type ChangeSummaryLeg = z.infer<typeof ChangeSummaryLeg>;

const BeforeAfter = z.object({ before: z.number().int(), after: z.number().int() });

export const ChangeSummary = z.object({
  /** A train, date or segment differs (the one train change a confirmed booking has). */
  trains_changed: z.boolean(),
  legs: z.array(
    z.object({
      direction: z.enum(DIRECTIONS),
      before: ChangeSummaryLeg.nullable(),
      after: ChangeSummaryLeg.nullable(),
      /** The date or the train differs. */
      train_changed: z.boolean(),
      /** The boarding or alighting station differs. */
      segment_changed: z.boolean(),
    }),
  ),
  /** Each unit booked before or after, with the decrement fee the change charges for it. */
  units: z.array(
    z.object({
      unit_id: z.number().int(),
      before_quantity: z.number().int(),
      after_quantity: z.number().int(),
      decrement_quantity: z.number().int(),
      decrement_fee: z.number().int(),
    }),
  ),
  participant_quantity: BeforeAfter,
  wheelchairs: BeforeAfter,
  /** Of the wheelchairs, those needing a slope. */
  wheelchair_slopes: BeforeAfter,
  /** Amounts in yen × 1,000,000: the total now, the fares after, the decrement fees, the total after and after − before (negative: to refund). */
  amounts: z.object({
    before_total_amount: z.number().int(),
    fare_amount: z.number().int(),
    decrement_fee_amount: z.number().int(),
    after_total_amount: z.number().int(),
    difference_amount: z.number().int(),
  }),
  seats: z.enum(CHANGE_SEAT_OUTCOMES),
  other_changes: z.array(z.enum(CHANGE_OTHER_FIELDS)),
});
export type ChangeSummary = z.infer<typeof ChangeSummary>;
