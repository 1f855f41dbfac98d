import { queryRoots } from '../../../lib/query-keys.ts';
/** Query keys of the master data screens under /v1/master-data. */
export const masterDataKeys = {
  groupSchedules: [...queryRoots.masterData, 'group-schedules'] as const,
  specialContractTerms: [...queryRoots.masterData, 'special-contract-terms'] as const,
  operatorBasicInfo: [...queryRoots.masterData, 'operator-basic-info'] as const,
  bankAccounts: [...queryRoots.masterData, 'bank-accounts'] as const,
  bankAccountPage: (page: number, perPage: number) => [...queryRoots.masterData, 'bank-accounts', { page, per_page: perPage }] as const,
  cancellationPolicy: [...queryRoots.masterData, 'cancellation-policy'] as const,
  instantConfirmationRules: [...queryRoots.masterData, 'instant-confirmation-rules'] as const,
  ruleAgents: [...queryRoots.masterData, 'instant-confirmation-rules', 'agents'] as const,
};
