import { z } from 'zod';

import { MAX_PER_PAGE, DEFAULT_PER_PAGE } from './paging-limits.ts';

/** The page sizes live apart (paging-limits.ts, no zod), for screens that only show them; re-exported here. */
export { DEFAULT_PER_PAGE, MAX_PER_PAGE };

export const PagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});
export type PagingQuery = z.infer<typeof PagingQuery>;

export function pageEnvelope<K extends string, T extends z.ZodType>(key: K, row: T) {
  const rows = { [key]: z.array(row) } as { [P in K]: z.ZodArray<T> };
  return z.object({
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    ...rows,
  });
}
