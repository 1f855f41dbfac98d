/** The jobs module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { claimEffect, recordEffectDetail } from './job-runs.repository.ts';
export { jobsContract } from './jobs.openapi.ts';
export { jobsRoutes } from './jobs.routes.ts';
export { createJobsService } from './jobs.service.ts';
