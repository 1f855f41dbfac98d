import { z } from 'zod';
import { e6OfYen } from '../money/yen-e6.ts';
import { SEGMENTS } from '../reference/reference-schemas.ts';

/**
 * Pricing master data (DESIGN §6, spec 000 "Pricing application", "Free count plan"): group
 * pricing plans per segment and date range, and the free count plans. Amounts are integers on
 * the millionth scale (price_e6).
 */

const DateString = z.iso.date();
/** Prices up to 10 million yen: far above any fare, and safely below 2^53 on the e6 scale. */
const MAX_PRICE_E6 = e6OfYen(10_000_000);
const AmountE6 = z.number().int('enter a non-negative integer').min(0, 'enter a non-negative integer').max(MAX_PRICE_E6);

export const PricingPlanUnit = z.object({
  unit_id: z.number().int(),
  price_e6: AmountE6,
  decrement_fee_e6: AmountE6,
});
export type PricingPlanUnit = z.infer<typeof PricingPlanUnit>;

export const MAX_PRICING_PLAN_NAME = 100;

export const PricingPlanBody = z
  .object({
    name: z.string('a name is required').trim().min(1, 'a name is required').max(MAX_PRICING_PLAN_NAME),
    segment: z.enum(SEGMENTS),
    service_date_from: DateString,
    service_date_to: DateString,
    units: z.array(PricingPlanUnit).max(100),
  })
  .refine((v) => v.service_date_from <= v.service_date_to, { message: 'end date must be after start date', path: ['service_date_to'] })
  .refine((v) => new Set(v.units.map((u) => u.unit_id)).size === v.units.length, { message: 'each unit may be priced once', path: ['units'] });
export type PricingPlanBody = z.infer<typeof PricingPlanBody>;

export const PricingPlanResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  segment: z.enum(SEGMENTS),
  service_date_from: z.string(),
  service_date_to: z.string(),
  units: z.array(PricingPlanUnit),
  updated_at: z.string(),
});
export type PricingPlanResponse = z.infer<typeof PricingPlanResponse>;

export const PricingPlanListQuery = z.object({ segment: z.enum(SEGMENTS).optional() });
export type PricingPlanListQuery = z.infer<typeof PricingPlanListQuery>;

export const PricingPlanListResponse = z.object({ pricing_plans: z.array(PricingPlanResponse) });
export type PricingPlanListResponse = z.infer<typeof PricingPlanListResponse>;

export const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** The one message of the free count plan screens (spec 000 §5: 「正しい人数を入力してください。」). */
export const FREE_COUNT_MESSAGE = 'enter a correct number';
const Count = z.number(FREE_COUNT_MESSAGE).int(FREE_COUNT_MESSAGE).min(0, FREE_COUNT_MESSAGE).max(100_000, FREE_COUNT_MESSAGE);

export const FreeCountPlanBody = z.object({ min: Count, max: Count, free_quantity: Count });
export type FreeCountPlanBody = z.infer<typeof FreeCountPlanBody>;

export const FreeCountPlanResponse = FreeCountPlanBody.extend({ id: z.number().int(), updated_at: z.string() });
export type FreeCountPlanResponse = z.infer<typeof FreeCountPlanResponse>;

export const FreeCountPlanListResponse = z.object({ free_count_plans: z.array(FreeCountPlanResponse) });
export type FreeCountPlanListResponse = z.infer<typeof FreeCountPlanListResponse>;

export const PricingDateParams = z.object({ date: DateString });

/** GET /v1/pricing/{date}: the plan in force per segment (a segment without one is left out). */
export const PricingOnDateResponse = z.object({
  date: z.string(),
  pricing_plans: z.array(PricingPlanResponse.omit({ updated_at: true })),
});
export type PricingOnDateResponse = z.infer<typeof PricingOnDateResponse>;
