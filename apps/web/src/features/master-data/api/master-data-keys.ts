import { queryRoots } from '../../../lib/query-keys.ts';
/** Query keys of the master data screens under /v1/master-data. */
export const masterDataKeys = {
  groupSchedules: [...queryRoots.masterData, 'group-schedules'] as const,
  specialContractTerms: [...queryRoots.masterData, 'special-contract-terms'] as const,
  operatorBasicInfo: [...queryRoots.masterData, 'operator-basic-info'] as const,
};
