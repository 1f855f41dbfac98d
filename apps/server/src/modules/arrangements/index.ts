/** The arrangements module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { registerApplicationTermApprovals } from './application-terms.approvals.ts';
export { insertApplicationTerm } from './application-terms.repository.ts';
export { insertPattern } from './arrangement-patterns.repository.ts';
export { arrangementsContract } from './arrangements.openapi.ts';
export { arrangementsRoutes } from './arrangements.routes.ts';
export { createArrangementsService } from './arrangements.service.ts';
