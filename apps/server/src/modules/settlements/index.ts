/** The settlements module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { monthlyInvoiceMail } from './settlement-mails.ts';
export { deliverMonthlyInvoiceJob, monthlyBillingJob } from './settlement.jobs.ts';
export { settlementsContract } from './settlements.openapi.ts';
export { settlementsRoutes } from './settlements.routes.ts';
export { createSettlementsService } from './settlements.service.ts';
