/**
 * The database schema, one file per area under ./schema/ (ADR 009): a table is written only by
 * its own module. One set of migrations (generated from this barrel by drizzle-kit) serves both
 * the embedded PGlite and a PostgreSQL server; nothing here may need more than PostgreSQL 15.
 */
export * from './schema/reference.ts';
export * from './schema/pricing.ts';
export * from './schema/agents.ts';
export * from './schema/accounts.ts';
export * from './schema/audit.ts';
export * from './schema/mail.ts';
export * from './schema/timetable.ts';
export * from './schema/arrangements.ts';
export * from './schema/inventory.ts';
export * from './schema/approvals.ts';
export * from './schema/files.ts';
export * from './schema/master-data.ts';
export * from './schema/instant-confirmation.ts';
export * from './schema/bookings.ts';
export * from './schema/seats.ts';
export * from './schema/payments.ts';
export * from './schema/invoices.ts';
export * from './schema/settlements.ts';
export * from './schema/notifications.ts';
export * from './schema/scheduled-work.ts';
export * from './schema/bulk-reservations.ts';
export * from './schema/messages.ts';
export * from './schema/rate-limits.ts';
export * from './schema/webhooks.ts';
export * from './schema/octo.ts';
