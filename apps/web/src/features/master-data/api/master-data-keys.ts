/** Query keys of the master data screens under /v1/master-data. */
export const masterDataKeys = {
  groupSchedules: ['master-data', 'group-schedules'] as const,
  specialContractTerms: ['master-data', 'special-contract-terms'] as const,
  operatorBasicInfo: ['master-data', 'operator-basic-info'] as const,
};
