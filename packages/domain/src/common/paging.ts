import { z } from 'zod';

/** Lists answer `{total, page, per_page, <rows>}`; pages count from 1. */
export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

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
