/** The seats module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { documentsOf } from './booking-documents.ts';
export { documentsReadSql, type DocumentsRead } from './booking-documents.repository.ts';
export { reissueMail } from './reissue-mails.ts';
export { seatsContract } from './seats.openapi.ts';
export { freeBookingSeats, trimSeats } from './seats.repository.ts';
export { seatsRoutes } from './seats.routes.ts';
export { deliverSeatDocumentJob } from './seats.jobs.ts';
export { createSeatsService } from './seats.service.ts';
