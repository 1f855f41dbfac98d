/** The sales module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { paymentMoney } from './booking-money-sql.ts';
export { salesContract } from './sales.openapi.ts';
export { salesRoutes } from './sales.routes.ts';
export { createSalesService } from './sales.service.ts';
