/** The messages module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { messagesContract } from './messages.openapi.ts';
export { messagesRoutes } from './messages.routes.ts';
