/** The reports module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { csvText, type Cell } from './report-csv.ts';
export { reportsContract } from './reports.openapi.ts';
export { reportsRoutes } from './reports.routes.ts';
export { createReportsService } from './reports.service.ts';
