import { z } from 'zod';
import { LocalizedLabel } from '../common/language.ts';

/** Products (spec 000 "Product"): what a booking is sold as; the group channel sells 「団体乗車券」. */
export const PRODUCT_CHANNELS = ['GROUP', 'INDIVIDUAL'] as const;

export const ProductBody = z.object({
  short_name: z.string('a name is required').trim().min(1, 'a name is required').max(50),
  channel: z.enum(PRODUCT_CHANNELS).default('GROUP'),
  priority: z.number().int().min(0).max(10_000).default(0),
  labels: z.array(LocalizedLabel.extend({ text: z.string().max(200) })).max(10).default([]),
});
export type ProductBody = z.infer<typeof ProductBody>;

export const ProductResponse = z.object({
  id: z.number().int(),
  short_name: z.string(),
  channel: z.string(),
  priority: z.number().int(),
  labels: z.array(LocalizedLabel),
});
export type ProductResponse = z.infer<typeof ProductResponse>;

/** service_dates: yyyy-MM-dd, comma separated. Products are not date-bound yet, so all are answered. */
export const ProductListQuery = z.object({
  service_dates: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((d) => d.trim()) : []))
    .pipe(z.array(z.iso.date())),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

export const ProductListResponse = z.object({ products: z.array(ProductResponse) });
export type ProductListResponse = z.infer<typeof ProductListResponse>;
