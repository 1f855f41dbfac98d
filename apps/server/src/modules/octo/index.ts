/** The octo module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { expireOctoHoldsJob } from './octo.jobs.ts';
export { OCTO_PREFIX, octoRoutes } from './octo.routes.ts';
export { expireOctoHolds } from './octo-holds.ts';
export { createOctoService, type OctoService } from './octo.service.ts';
