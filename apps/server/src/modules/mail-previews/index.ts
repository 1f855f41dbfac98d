/** The mail-previews module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { mailKindsRoutes } from './mail-kinds.routes.ts';
