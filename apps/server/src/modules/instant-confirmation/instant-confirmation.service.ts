/**
 * The operator's instant confirmation rules (issue 37, ADR 037) as master data with approval: a
 * new rule and a change of one are submitted to the approvals module and written when approved
 * (INSTANT_CONFIRMATION_RULE_INSERT / _UPDATE); turning a rule off takes effect at once. The rules
 * are applied by the bookings module (`applyInstantConfirmation`), which reads `enabledRules`.
 */
import {
  InstantConfirmationRuleBody,
  type InstantConfirmationRuleListResponse,
  type InstantConfirmationRuleResponse,
  type InstantConfirmationRuleUpdatePayload,
} from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import type { Db, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { openApprovalsOf, type ApprovalRow, type ApprovalsService } from '../approvals/index.ts';
import type { Principal } from '../auth/index.ts';
import {
  disableInstantConfirmationRule,
  enabledInstantConfirmationRules,
  findInstantConfirmationRule,
  insertInstantConfirmationRule,
  listInstantConfirmationRules,
  replaceInstantConfirmationRule,
  type InstantConfirmationRuleRow,
} from './instant-confirmation.repository.ts';

const TARGETS = ['INSTANT_CONFIRMATION_RULE_INSERT', 'INSTANT_CONFIRMATION_RULE_UPDATE'] as const;

function pendingOf(a: ApprovalRow, rule: InstantConfirmationRuleBody) {
  return {
    approval_id: a.id,
    status: a.status as 'SUBMITTED' | 'JOB_PENDING' | 'JOB_FAILED',
    submitted_at: a.submittedAt.toISOString(),
    submitted_by: a.submittedByEmail,
    rule,
  };
}

export function toRuleResponse(r: InstantConfirmationRuleRow, pending: InstantConfirmationRuleResponse['pending_change'] = null): InstantConfirmationRuleResponse {
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    agent_ids: r.agentIds,
    channels: r.channels,
    max_participants: r.maxParticipants,
    min_days_ahead: r.minDaysAhead,
    only_sufficient_level: r.onlySufficientLevel,
    auto_assign_seats: r.autoAssignSeats,
    version: r.version,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    pending_change: pending,
  };
}

export function createInstantConfirmationService(deps: { db: Db; approvals: Pick<ApprovalsService, 'submit'> }) {
  const { db } = deps;

  async function list(executor: Executor = db): Promise<InstantConfirmationRuleListResponse> {
    const [rules, open] = [await listInstantConfirmationRules(executor), await openApprovalsOf(executor, TARGETS)];
    const changes = new Map<number, ApprovalRow>();
    const pendingRules: InstantConfirmationRuleListResponse['pending_rules'] = [];
    for (const a of open) {
      if (a.target === 'INSTANT_CONFIRMATION_RULE_INSERT') {
        const rule = InstantConfirmationRuleBody.safeParse(a.payload);
        if (rule.success) pendingRules.push(pendingOf(a, rule.data));
      } else {
        const p = a.payload as InstantConfirmationRuleUpdatePayload;
        changes.set(p.rule_id, a); // the newest change of a rule is the one shown
      }
    }
    return {
      instant_confirmation_rules: rules.map((r) => {
        const a = changes.get(r.id);
        const rule = a ? InstantConfirmationRuleBody.safeParse((a.payload as InstantConfirmationRuleUpdatePayload).rule) : null;
        return toRuleResponse(r, a && rule?.success ? pendingOf(a, rule.data) : null);
      }),
      pending_rules: pendingRules,
    };
  }

  return {
    list,

    async get(id: number): Promise<InstantConfirmationRuleResponse> {
      const found = (await list()).instant_confirmation_rules.find((r) => r.id === id);
      if (!found) throw notFound('instant confirmation rule');
      return found;
    },

    /** Asks for a new rule: written (turned on) once approved. */
    async submitRule(work: Work, principal: Principal, body: InstantConfirmationRuleBody): Promise<{ approval_id: number; status: 'SUBMITTED' }> {
      const approval = await deps.approvals.submit(work, principal, 'INSTANT_CONFIRMATION_RULE_INSERT', body);
      return { approval_id: approval.id, status: 'SUBMITTED' };
    },

    /** Asks to change a rule's conditions: applied (and the rule turned on) once approved. */
    async submitRuleChange(work: Work, principal: Principal, id: number, body: InstantConfirmationRuleBody): Promise<{ approval_id: number; status: 'SUBMITTED' }> {
      if (!(await findInstantConfirmationRule(work.tx, id))) throw notFound('instant confirmation rule');
      const payload: InstantConfirmationRuleUpdatePayload = { rule_id: id, rule: body };
      const approval = await deps.approvals.submit(work, principal, 'INSTANT_CONFIRMATION_RULE_UPDATE', payload);
      return { approval_id: approval.id, status: 'SUBMITTED' };
    },

    /** Turns a rule off at once: the next booking is not confirmed by it (no approval; the call is logged). */
    async disableRule(work: Work, id: number): Promise<InstantConfirmationRuleResponse> {
      const row = await disableInstantConfirmationRule(work.tx, id);
      if (!row) throw notFound('instant confirmation rule');
      return toRuleResponse(row);
    },

    /** Applies an approved new rule (the approval job's unit of work). */
    async applyInsert(work: Work, body: InstantConfirmationRuleBody): Promise<void> {
      await insertInstantConfirmationRule(work.tx, body);
    },

    /** Applies an approved change; a rule removed meanwhile fails the approval (JOB_FAILED). */
    async applyUpdate(work: Work, payload: InstantConfirmationRuleUpdatePayload): Promise<void> {
      if (!(await findInstantConfirmationRule(work.tx, payload.rule_id, { lock: true }))) throw notFound('instant confirmation rule');
      await replaceInstantConfirmationRule(work.tx, payload.rule_id, payload.rule);
    },

    /** The rules a new booking is tried against (turned on, oldest first). */
    enabledRules: (executor: Executor) => enabledInstantConfirmationRules(executor),
  };
}

export type InstantConfirmationService = ReturnType<typeof createInstantConfirmationService>;
