/** The backup module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { backupContract } from './backup.openapi.ts';
export { backupRoutes } from './backup.routes.ts';
