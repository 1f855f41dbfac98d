/** The invoices module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { invoicesContract } from './invoices.openapi.ts';
export { invoicesRoutes } from './invoices.routes.ts';
export { createInvoicesService } from './invoices.service.ts';
export { monthlyInvoiceOf } from './invoices.repository.ts';
export { issueMonthlyInvoice, renderMonthlyInvoice } from './monthly-invoice.ts';
