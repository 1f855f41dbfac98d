import { queryRoots } from '../../../lib/query-keys.ts';

export const bulkKeys = {
  all: queryRoots.bulkOperations,
  list: () => [...queryRoots.bulkOperations, 'list'] as const,
  run: (id: number) => [...queryRoots.bulkOperations, 'run', id] as const,
};
