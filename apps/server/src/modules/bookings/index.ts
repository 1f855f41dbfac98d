/** The bookings module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { confirm } from './booking-answer.ts';
export { addSpecialNote } from './booking-notes.ts';
export { mailTemplate } from './booking-presenter.ts';
export { bookingFilters } from './booking-search.repository.ts';
export { refuseBookingsOnStoppedTrains } from './booking-suspension.ts';
export { promoteWaitlistJob, sweepWaitlistPromotionsJob } from './bookings.jobs.ts';
export { bookingsContract } from './bookings.openapi.ts';
export { bookingsRoutes } from './bookings.routes.ts';
export { createBookingsService, type BookingsService } from './bookings.service.ts';
export { applyInstantConfirmation, type InstantConfirmationDeps, type InstantConfirmationOutcome } from './instant-confirmation.ts';
export { priceParticipants } from './pricing-reference.ts';
export { cancellationDeclinedMail } from './cancellation-mails.ts';
export { changeMail, type ChangeMailKind, type ChangeMailNames } from './change-mails.ts';
export { remindAnswerDueJob } from './contract-term.jobs.ts';
