import { z } from 'zod';
import { LocalizedLabel } from '../common/language.ts';

/** Products (spec 000 "Product"): what a booking is sold as; the group channel sells 「団体乗車券」. */
export const PRODUCT_CHANNELS = ['GROUP', 'INDIVIDUAL'] as const;

export const PRODUCT_DATE_ORDER_MESSAGE = 'the end of the service period must be after the start';

/**
 * A product, written whole (PUT replaces it). It is sold for the service dates from
 * `service_date_from` to `service_date_to` (inclusive); null on a side leaves it open there.
 */
export const ProductBody = z
  .object({
    short_name: z.string('a name is required').trim().min(1, 'a name is required').max(50),
    channel: z.enum(PRODUCT_CHANNELS).default('GROUP'),
    priority: z.number().int().min(0).max(10_000).default(0),
    labels: z.array(LocalizedLabel.extend({ text: z.string().max(200) })).max(10).default([]),
    service_date_from: z.iso.date().nullable().default(null),
    service_date_to: z.iso.date().nullable().default(null),
  })
  .refine((p) => p.service_date_from === null || p.service_date_to === null || p.service_date_from <= p.service_date_to, { message: PRODUCT_DATE_ORDER_MESSAGE, path: ['service_date_to'] });
export type ProductBody = z.infer<typeof ProductBody>;

export const ProductResponse = z.object({
  id: z.number().int(),
  short_name: z.string(),
  channel: z.string(),
  priority: z.number().int(),
  labels: z.array(LocalizedLabel),
  /** The first and last service dates the product is sold for; null when open on that side. */
  service_date_from: z.iso.date().nullable(),
  service_date_to: z.iso.date().nullable(),
});
export type ProductResponse = z.infer<typeof ProductResponse>;

/** Whether a product is sold on every one of the dates (yyyy-MM-dd; none: always). */
export function productSoldOn(product: Pick<ProductResponse, 'service_date_from' | 'service_date_to'>, dates: readonly string[]): boolean {
  return dates.every((d) => (product.service_date_from === null || product.service_date_from <= d) && (product.service_date_to === null || d <= product.service_date_to));
}

/**
 * service_dates (spec 001 §7.4): yyyy-MM-dd, comma separated (a round trip's two days): only the
 * products sold on every one of them are answered; absent, all.
 */
export const ProductListQuery = z.object({
  service_dates: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((d) => d.trim()) : []))
    .pipe(z.array(z.iso.date()).max(31)),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

export const ProductListResponse = z.object({ products: z.array(ProductResponse) });
export type ProductListResponse = z.infer<typeof ProductListResponse>;
