/** The users module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { usersContract } from './users.openapi.ts';
export { usersRoutes } from './users.routes.ts';
export { createUsersService } from './users.service.ts';
