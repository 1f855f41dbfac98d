import { queryRoots } from '../../../lib/query-keys.ts';
/** Query keys of the arrangements feature: patterns and application terms. */
export const arrangementsKeys = {
  all: queryRoots.arrangements,
  patterns: () => [...queryRoots.arrangements, 'patterns'] as const,
  pattern: (id: number) => [...queryRoots.arrangements, 'patterns', id] as const,
  serviceTerms: () => [...queryRoots.arrangements, 'service-terms'] as const,
  applicationTerms: (serviceTermId: number) => [...queryRoots.arrangements, 'application-terms', serviceTermId] as const,
};
