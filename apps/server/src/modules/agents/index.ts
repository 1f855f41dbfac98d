/** The agents module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { agentsContract } from './agents.openapi.ts';
export { branchAdminMails } from './agents.repository.ts';
export { agentsRoutes } from './agents.routes.ts';
