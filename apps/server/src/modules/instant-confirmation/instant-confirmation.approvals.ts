/** How the approvals module checks and applies instant confirmation rule changes (ADR 037). */
import { InstantConfirmationRuleInsertPayload, InstantConfirmationRuleUpdatePayload } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import { registerApprovalTarget } from '../approvals/index.ts';
import type { InstantConfirmationService } from './instant-confirmation.service.ts';

/** Registers the two targets with the service that applies them (called once by app.ts). No calendar days: the scope is empty. */
export function registerInstantConfirmationApprovals(rules: Pick<InstantConfirmationService, 'applyInsert' | 'applyUpdate'>): void {
  const scope = () => ({ serviceTermId: null, fromDate: null, toDate: null });
  registerApprovalTarget('INSTANT_CONFIRMATION_RULE_INSERT', { payload: InstantConfirmationRuleInsertPayload, scope, apply: (work, p) => rules.applyInsert(work, p) });
  registerApprovalTarget('INSTANT_CONFIRMATION_RULE_UPDATE', { payload: InstantConfirmationRuleUpdatePayload, scope, apply: (work, p) => rules.applyUpdate(work, p) });
}
