/** The reference module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { referenceContract } from './reference.openapi.ts';
export { listTrains, listUnits } from './reference.repository.ts';
export { referenceRoutes } from './reference.routes.ts';
