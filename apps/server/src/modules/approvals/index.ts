/** The approvals module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { registerApprovalTarget, type ApprovalTarget } from './approval-targets.ts';
export { applyApprovalJob } from './approval.jobs.ts';
export { approvalsContract } from './approvals.openapi.ts';
export { openApprovalsOf, pendingApprovalsIn, type ApprovalRow } from './approvals.repository.ts';
export { approvalsRoutes } from './approvals.routes.ts';
export { createApprovalsService, type ApprovalsService } from './approvals.service.ts';
