/** Query keys of the arrangements feature: patterns and application terms. */
export const arrangementsKeys = {
  all: ['arrangements'] as const,
  patterns: () => ['arrangements', 'patterns'] as const,
  pattern: (id: number) => ['arrangements', 'patterns', id] as const,
  serviceTerms: () => ['arrangements', 'service-terms'] as const,
  applicationTerms: (serviceTermId: number) => ['arrangements', 'application-terms', serviceTermId] as const,
};
