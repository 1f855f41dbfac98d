/** The booking-core module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { firstPastUnheld, heldOf, holdDirections, releaseAllotmentsStep, releaseEverything, reserveAllotments, seatsOf, typesOf } from './booking-allotments.ts';
export { bookingNgMail, bookingOkMail, seatTableMail, suspensionMail, voucherMail, type MailBooking } from './booking-mail-templates.ts';
export { bookingStepRoutes } from './booking-step-route.ts';
export { SYSTEM_ACTOR, SYSTEM_CALLER, beginStep, beginSystemStep, callerOf, nextStep, notify, recordStep, recordSystemStep, stateOf, stateOfLocked } from './booking-steps.ts';
export { customerUrl, loadVisible, toMailBooking } from './booking-views.ts';
export { findBookingRow, loadBooking, loadBookingWith, lockBooking, readCancellationPolicy, readCancellationTerms, recordRevision, recordRevisions, type BookingAggregate, type BookingPatch, type HistoryStepNote, type LockedBooking, type LockedService } from './bookings.repository.ts';
export { bookingOfLink, tokenMatches } from './customer-access.ts';
export { exchangeHeldStanding, insertBookingGraph, lowerHeld, markBulkReservationSql, moveSegment, replaceServices, replaceUnits, replaceWheelchairs, writeChangedBooking, type NewBooking } from './booking-rows.repository.ts';
