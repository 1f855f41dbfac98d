/** The bulk-operations module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { bulkFinishedMail } from './bulk-mails.ts';
export { bulkRunJob } from './bulk-operations.jobs.ts';
export { bulkOperationsContract } from './bulk-operations.openapi.ts';
export { bulkOperationsRoutes } from './bulk-operations.routes.ts';
export { createBulkOperationsService } from './bulk-operations.service.ts';
