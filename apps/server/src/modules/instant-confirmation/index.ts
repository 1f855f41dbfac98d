/** The instant-confirmation module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024, ADR 037). */
export { registerInstantConfirmationApprovals } from './instant-confirmation.approvals.ts';
export { instantConfirmationContract } from './instant-confirmation.openapi.ts';
export { enabledRulesFromJson, enabledRulesJsonSql, type InstantConfirmationRuleRow } from './instant-confirmation.repository.ts';
export { instantConfirmationRoutes } from './instant-confirmation.routes.ts';
export { createInstantConfirmationService, toRuleResponse, type InstantConfirmationService } from './instant-confirmation.service.ts';
