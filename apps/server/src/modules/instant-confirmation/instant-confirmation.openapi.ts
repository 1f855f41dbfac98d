/** The contract of the instant confirmation rule calls (ADR 014, ADR 037): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const instantConfirmationContract: AreaContract[] = [defineArea('instant-confirmation', 'The operator\'s rules for confirming a booking request in the request that submits it: which agents and channels, up to how many people, how many days ahead, only on trains with plenty of room, and whether seats are given too.', {
  'GET /v1/instant-confirmation-rules': { id: 'instantConfirmation.listRules', summary: 'List instant confirmation rules', description: 'Every rule, oldest first (the order they are tried in), each with a change waiting for approval; and the new rules waiting for approval.' },
  'GET /v1/instant-confirmation-rules/{id}': { id: 'instantConfirmation.getRule', summary: 'Read an instant confirmation rule' },
  'POST /v1/instant-confirmation-rules': { id: 'instantConfirmation.submitRule', summary: 'Ask for a new rule', description: 'Operator admins only. The rule is written, turned on, once a second person approves it (`INSTANT_CONFIRMATION_RULE_INSERT`); answers the approval.' },
  'PUT /v1/instant-confirmation-rules/{id}': { id: 'instantConfirmation.submitRuleChange', summary: 'Ask to change a rule', description: 'Operator admins only. Every condition, replaced once approved (`INSTANT_CONFIRMATION_RULE_UPDATE`); the approved change turns the rule on again. Answers the approval.' },
  'POST /v1/instant-confirmation-rules/{id}/disable': { id: 'instantConfirmation.disableRule', summary: 'Turn a rule off', description: 'Operator admins only. Takes effect at once, without approval: the next booking request is not confirmed by this rule. Turning it on again is a change for approval.' },
})];
