import { z } from 'zod';
import type { BookingResponse } from '@sagano/domain/bookings/booking-schemas';
import { LocalizedLabel } from '@sagano/domain/common/language';

// The revision snapshots are typed `unknown` on the wire; these are the parts the screen reads.
const Legs = z.array(
  z.object({
    direction: z.string(),
    service_date: z.string(),
    service_id: z.number(),
    /** The train's name (added by the server; absent in answers from before it was). */
    service_name: z.array(LocalizedLabel).optional(),
    from_station_id: z.number(),
    to_station_id: z.number(),
  }),
);
const Participants = z.object({
  participant_quantity: z.number(),
  unit_quantity_items: z.array(z.object({ unit_id: z.number(), quantity: z.number(), calculated_quantity: z.number().optional() })),
});
const Payment = z.object({ total_amount: z.number(), status: z.string().optional() });

export type RevisionView = {
  type: 'CREATE' | 'UPDATE' | 'CANCEL';
  revision: number;
  status: BookingResponse['main_param_histories'][number]['status'];
  subStatus: BookingResponse['main_param_histories'][number]['sub_status'];
  created_at: string;
  created_by: string;
  legs: z.infer<typeof Legs> | null;
  participants: z.infer<typeof Participants> | null;
  amount: number | null;
  paymentStatus: string | null;
  /** The cancellation this revision declined (shown where it first appears), else null. */
  declined: NonNullable<BookingResponse['main_param_histories'][number]['cancellation_declined']> | null;
  /** The reason the operator gave for declining a change request (on the revision that declined it), else null. */
  changeDeclined: string | null;
  /** The operator's reason for mailing a prepaid voucher before its fare was paid (this revision's), else null. */
  voucherOverride: string | null;
  /** What differs from the revision before (all of it for the first). */
  changed: { trains: boolean; participants: boolean; amount: boolean; payment: boolean; status: boolean };
};

/**
 * The people of a revision per unit as they were counted: the calculated quantities (free places
 * moved to the free unit, as the price table shows them), units with nobody left out.
 */
export function countedUnits(participants: z.infer<typeof Participants>): { unit_id: number; quantity: number }[] {
  return participants.unit_quantity_items
    .map((i) => ({ unit_id: i.unit_id, quantity: i.calculated_quantity ?? i.quantity }))
    .filter((i) => i.quantity > 0);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The revisions, oldest first, each with what changed since the previous one. */
export function revisionViews(histories: BookingResponse['main_param_histories']): RevisionView[] {
  const sorted = [...histories].sort((a, b) => a.revision - b.revision);
  let previous: RevisionView | null = null;
  return sorted.map((h) => {
    const legs = Legs.safeParse(h.service_order);
    const participants = Participants.safeParse(h.participant_group);
    const payment = Payment.safeParse(h.payment);
    const view: RevisionView = {
      type: h.type,
      revision: h.revision,
      status: h.status,
      subStatus: h.sub_status,
      created_at: h.created_at,
      created_by: h.created_by,
      legs: legs.success ? legs.data : null,
      participants: participants.success ? participants.data : null,
      amount: payment.success ? payment.data.total_amount : null,
      paymentStatus: payment.success ? (payment.data.status ?? null) : null,
      declined: null,
      changeDeclined: null,
      voucherOverride: h.voucher_override_unpaid_reason ?? null,
      changed: { trains: true, participants: true, amount: true, payment: true, status: true },
    };
    if (previous) {
      view.changed = {
        trains: !same(previous.legs, view.legs),
        participants: !same(previous.participants, view.participants),
        amount: previous.amount !== view.amount,
        payment: previous.paymentStatus !== view.paymentStatus,
        status: previous.status !== view.status || previous.subStatus !== view.subStatus,
      };
    }
    // The decline stays on later snapshots until the next request: shown only on the revision that made it.
    const before = sorted[sorted.indexOf(h) - 1]?.cancellation_declined ?? null;
    if (h.cancellation_declined && !same(h.cancellation_declined, before)) view.declined = h.cancellation_declined;
    // The change decline reason stays on the booking while it is NOT_MODIFIED: shown where the status became so.
    if (h.modification_decline_reason && h.status === 'NOT_MODIFIED' && previous?.status !== 'NOT_MODIFIED') view.changeDeclined = h.modification_decline_reason;
    previous = view;
    return view;
  });
}
