/** The health module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { healthRoutes } from './health.routes.ts';
