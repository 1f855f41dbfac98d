/** The master-data module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { paymentDayBeforeOn } from './group-schedules.repository.ts';
export { masterDataContract } from './master-data.openapi.ts';
export { masterDataRoutes } from './master-data.routes.ts';
export { createMasterDataService } from './master-data.service.ts';
export { readOperatorBasicInfo } from './operator-basic-info.repository.ts';
