import type { RefusalReason } from '@sagano/domain/bookings/booking-state';
import type { CustomerBookingSummary } from '@sagano/domain/seats/seat-schemas';

/**
 * What the group's page says has happened to the booking, one message per state, so that it never
 * promises what will not come: a cancelled or refused booking gets no seats, voucher or invoice.
 */
export type CustomerPageState =
  | 'cancelled'
  | 'refusedFull'
  | 'refusedDaySuspended'
  | 'refusedTrainSuspended'
  | 'refusedOther'
  | 'waitlisted'
  | 'submitted'
  | 'changeRequested'
  | 'cancellationRequested'
  | 'confirmedNoSeats'
  | 'seated'
  | 'voucherReady';

/** What the page says where seats or the voucher would be: they are coming, wait for the operator's answer, or will not come. */
export type Outlook = 'ready' | 'coming' | 'afterAnswer' | 'onHold' | 'never';

export interface CustomerPageView {
  state: CustomerPageState;
  /** The message's tone (Mantine colour). */
  color: 'gray' | 'red' | 'orange' | 'blue' | 'teal';
  /** The trains section, when a train has no seats shown yet. */
  seats: Exclude<Outlook, 'ready'>;
  voucher: Outlook;
  /** Whether the fare's invoice may be offered (a cancelled or refused fare's never is). */
  invoice: boolean;
}

const REFUSED: Record<RefusalReason, CustomerPageState> = {
  FULL: 'refusedFull',
  SERVICEDAY_SUSPENSION: 'refusedDaySuspended',
  SERVICE_SUSPENSION: 'refusedTrainSuspended',
  OTHER: 'refusedOther',
};

type Summary = Pick<CustomerBookingSummary, 'status' | 'refusal_reason' | 'voucher_available' | 'trains'>;

const hasSeats = (summary: Summary) => summary.trains.some((train) => train.standing > 0 || train.cars.some((car) => car.seats.length > 0));

/** The page's message for the booking as the server tells it. Pure: unit-tested in every state. */
export function customerPageView(summary: Summary): CustomerPageView {
  switch (summary.status) {
    case 'CANCELLED':
      return { state: 'cancelled', color: 'gray', seats: 'never', voucher: 'never', invoice: false };
    case 'NOT_RESERVED':
      return { state: REFUSED[summary.refusal_reason ?? 'OTHER'], color: 'red', seats: 'never', voucher: 'never', invoice: false };
    case 'WAITLIST':
      return { state: 'waitlisted', color: 'orange', seats: 'afterAnswer', voucher: 'afterAnswer', invoice: true };
    case 'SUBMITTED':
      return { state: 'submitted', color: 'blue', seats: 'afterAnswer', voucher: 'afterAnswer', invoice: true };
    case 'MODIFICATION_SUBMITTED':
      return { state: 'changeRequested', color: 'blue', seats: 'afterAnswer', voucher: 'afterAnswer', invoice: true };
    case 'CANCELLATION_SUBMITTED':
    case 'CANCELLATION_PENDING':
      return { state: 'cancellationRequested', color: 'orange', seats: 'onHold', voucher: 'onHold', invoice: true };
    case 'RESERVED':
    case 'MODIFIED':
    case 'NOT_MODIFIED':
      if (summary.voucher_available) return { state: 'voucherReady', color: 'teal', seats: 'coming', voucher: 'ready', invoice: true };
      if (hasSeats(summary)) return { state: 'seated', color: 'teal', seats: 'coming', voucher: 'coming', invoice: true };
      return { state: 'confirmedNoSeats', color: 'teal', seats: 'coming', voucher: 'coming', invoice: true };
  }
}
