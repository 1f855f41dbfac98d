/**
 * The trains that will not run on a day (suspended by the operator, or stopped by a calendar
 * change) and the live bookings on them. Refusing those bookings is the bookings module's step
 * (bookings/booking-suspension.ts); inventory receives it as a port (RefuseBookingsOnStoppedTrains),
 * wired in app.ts, so this module does not import the booking flows above it. The bookings on
 * them are read in inventory.repository.ts (bookingsOnStoppedTrains).
 */
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { Work } from '../../lib/unit-of-work.ts';

export type SuspensionReason = 'SERVICE_SUSPENSION' | 'SERVICEDAY_SUSPENSION';

/** One train on one day that will not run, and the reason its bookings are refused with. */
export interface StoppedTrain {
  serviceDate: string;
  serviceId: number;
  reason: SuspensionReason;
}

/** A live booking on a stopped train, as the suspend dialog and the approval screens list it. */
export interface AffectedBooking {
  booking_id: string;
  status: BookingStatus;
  sub_status: BookingSubStatus;
  group_name: string;
  agent_name: string;
  agent_name_en: string;
  agent_sub_group_name: string;
  agent_sub_group_name_en: string;
  participant_quantity: number;
  service_date: string;
  service_id: number;
  service_names: LocalizedLabel[];
  direction: 'down' | 'up';
  reason: SuspensionReason;
}

/**
 * Refuses every live booking on the stopped trains in the caller's transaction and answers the
 * booking numbers refused (bookings/booking-suspension.ts refuseBookingsOnStoppedTrains).
 */
export type RefuseBookingsOnStoppedTrains = (work: Work, actor: string, trains: readonly StoppedTrain[]) => Promise<string[]>;
