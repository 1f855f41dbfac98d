/**
 * A booking's cancellation-policy document (spec 001 §7.7): the policy the booking is priced on
 * (frozen at its confirmation, else the one in force now) as days and fees in yen for the booking
 * as it stands, what today costs, and the fee already quoted. Visible exactly as the booking is.
 */
import { BookingCancellationPolicyResponse, cancellationSchedule, rowInForce } from '@sagano/domain/bookings/cancellation-schedule';
import type { Executor } from '../../db/client.ts';
import type { Principal } from '../auth/index.ts';
import { loadVisible, readCancellationTerms } from '../booking-core/index.ts';

/** GET /v1/bookings/:booking_id/cancellation_policy: the booking's policy document. */
export async function bookingCancellationPolicy(db: Executor, principal: Principal, bookingId: string, today: string): Promise<BookingCancellationPolicyResponse> {
  const a = await loadVisible(db, principal, bookingId);
  const terms = await readCancellationTerms(db, a.booking.id);
  // The days before are counted to the first train (as the fee is).
  const serviceDate = a.services.map((s) => s.serviceDate).sort()[0]!;
  const schedule = cancellationSchedule(terms.policy, serviceDate, a.booking.totalAmountE6);
  return BookingCancellationPolicyResponse.parse({
    booking_id: a.booking.bookingId,
    group_name: a.booking.groupName,
    agent_name: a.agent.nameJa,
    agent_name_en: a.agent.nameEn,
    status: a.booking.status,
    service_date: serviceDate,
    total_amount: a.booking.totalAmountE6,
    frozen: a.booking.cancellationPolicy !== null,
    ignore_cancellation_policy: a.agent.ignoreCancellationPolicy,
    free_until: schedule.free_until,
    rows: schedule.rows,
    today,
    in_force_days_before: rowInForce(terms.policy, serviceDate, today),
    cancellation_fee: a.booking.cancellationFeeE6,
  });
}
