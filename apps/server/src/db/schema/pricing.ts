/**
 * Pricing (the pricing module): pricing plans and their unit prices, free-count plans and products.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { createdAt, updatedAt } from './columns.ts';
import { units } from './reference.ts';

export const pricingPlans = pgTable(
  'pricing_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    segment: text('segment').notNull(),
    serviceDateFrom: text('service_date_from').notNull(),
    serviceDateTo: text('service_date_to').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('pricing_plans_range', sql`${t.serviceDateFrom} <= ${t.serviceDateTo}`)],
);

export const pricingPlanUnits = pgTable(
  'pricing_plan_units',
  {
    pricingPlanId: integer('pricing_plan_id')
      .notNull()
      .references(() => pricingPlans.id, { onDelete: 'cascade' }),
    unitId: integer('unit_id')
      .notNull()
      .references(() => units.id),
    priceE6: bigint('price_e6', { mode: 'number' }).notNull(),
    decrementFeeE6: bigint('decrement_fee_e6', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.pricingPlanId, t.unitId] })],
);

export const freeCountPlans = pgTable(
  'free_count_plans',
  {
    id: serial('id').primaryKey(),
    min: integer('min').notNull(),
    max: integer('max').notNull(),
    freeQuantity: integer('free_quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('free_count_plans_range', sql`${t.min} >= 1 and ${t.min} <= ${t.max} and ${t.freeQuantity} >= 0`)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shortName: text('short_name').notNull(),
    channel: text('channel').notNull().default('GROUP'),
    priority: integer('priority').notNull().default(0),
    labels: jsonb('labels').$type<LocalizedLabel[]>().notNull().default([]),
    /** The service dates the product is sold for (GET /v1/products?service_dates); null: open on that side. */
    serviceDateFrom: date('service_date_from', { mode: 'string' }),
    serviceDateTo: date('service_date_to', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('products_service_dates', sql`${t.serviceDateFrom} is null or ${t.serviceDateTo} is null or ${t.serviceDateFrom} <= ${t.serviceDateTo}`)],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const pricingTableOwners = {
  pricing_plans: 'pricing',
  pricing_plan_units: 'pricing',
  free_count_plans: 'pricing',
  products: 'pricing',
} as const;
