/**
 * GET /v1/bookings/{booking_id}?token= (spec 001 §7.3): the booking entity as the group may see
 * it with the link mailed to it (DESIGN §10 "Seats, seat tables, vouchers and documents"). The
 * booking's own content only: no notes (they are between the agent and the operator), no
 * history, no money beyond the invoice link, no booking token, and of the people around it only
 * the names the group knows (the applicant's name; the tour conductor, who travels with it).
 */
import { z } from 'zod';
import { BOOKING_STATUSES, BOOKING_SUB_STATUSES, REFUSAL_REASONS } from '../bookings/booking-state.ts';
import { GROUP_TYPES } from '../bookings/booking-constants.ts';
import { CustomerTrain } from './seat-schemas.ts';

export const CustomerBookingResponse = z.object({
  booking_id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  sub_status: z.enum(BOOKING_SUB_STATUSES),
  /** Why the operator could not take the booking (NOT_RESERVED), else null. */
  refusal_reason: z.enum(REFUSAL_REASONS).nullable(),
  /** When the booking was cancelled (ISO), else null. */
  cancelled_at: z.string().nullable(),
  submitted_at: z.string(),
  wait_listing: z.boolean(),
  agent_name: z.string(),
  agent_name_en: z.string(),
  agent_sub_group_name: z.string(),
  agent_sub_group_name_en: z.string(),
  /** Who asked for the booking: the name only (the agent's office address and phone are not the group's). */
  applicant: z.object({ name: z.string() }),
  tour_conductor: z.object({ name: z.string(), phone_number: z.string() }).nullable(),
  group: z.object({ group_type: z.enum(GROUP_TYPES), name: z.string(), name_kana: z.string(), country_code: z.string(), japan_prefecture_code: z.number().int().nullable() }),
  main_params: z.object({
    service_order: z.object({
      is_round_trip: z.boolean(),
      /** The trains as in `services`, by direction; null when the trip has none that way. */
      down_service: CustomerTrain.nullable(),
      up_service: CustomerTrain.nullable(),
      /** Each train with the group's seats by car (none until seats are given) and standing places. */
      services: z.array(CustomerTrain),
    }),
    participant_group: z.object({
      participant_quantity: z.number().int(),
      unit_quantity_items: z.array(z.object({ unit_id: z.number().int(), quantity: z.number().int() })),
      wheel_chairs: z.array(z.object({ need_slope: z.boolean() })),
    }),
    /** The note printed on the voucher. */
    voucherNote: z.string(),
  }),
  voucher_url: z.string().nullable(),
  /** The fare's invoice PDF while the fare has one and the booking stands; else null. */
  invoice_url: z.string().nullable(),
  can_show_voucher: z.boolean(),
  /** The group may move its own seats now (PUT /change-seat). */
  can_change_seat: z.boolean(),
});
export type CustomerBookingResponse = z.infer<typeof CustomerBookingResponse>;
