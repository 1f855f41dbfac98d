/** The api-keys module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { apiKeysContract } from './api-keys.openapi.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
export { createApiKeysService } from './api-keys.service.ts';
