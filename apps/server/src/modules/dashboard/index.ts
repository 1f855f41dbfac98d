/** The dashboard module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { dashboardContract } from './dashboard.openapi.ts';
export { dashboardRoutes } from './dashboard.routes.ts';
export { createDashboardService } from './dashboard.service.ts';
