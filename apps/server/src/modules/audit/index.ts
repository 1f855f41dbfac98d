/** The audit module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { auditContract } from './audit.openapi.ts';
export { insertOperationLog } from './operation-logs.repository.ts';
export { operationLogsRoutes } from './operation-logs.routes.ts';
