import { and, asc, eq, isNull, lte, gte, or, type SQL } from 'drizzle-orm';
import type { ProductBody, ProductResponse } from '@sagano/domain/pricing/product-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

function toResponse(r: typeof t.products.$inferSelect): ProductResponse {
  return { id: r.id, short_name: r.shortName, channel: r.channel, priority: r.priority, labels: r.labels, service_date_from: r.serviceDateFrom, service_date_to: r.serviceDateTo };
}

/** The products sold on every one of `serviceDates` (all when none is given), by priority. */
export async function listProducts(db: Executor, serviceDates: readonly string[] = []): Promise<ProductResponse[]> {
  const soldOn = (d: string): SQL => and(or(isNull(t.products.serviceDateFrom), lte(t.products.serviceDateFrom, d)), or(isNull(t.products.serviceDateTo), gte(t.products.serviceDateTo, d)))!;
  const rows = await db
    .select()
    .from(t.products)
    .where(and(...serviceDates.map(soldOn)))
    .orderBy(asc(t.products.priority), asc(t.products.id));
  return rows.map(toResponse);
}

export async function findProduct(db: Executor, id: number): Promise<ProductResponse | undefined> {
  const [row] = await db.select().from(t.products).where(eq(t.products.id, id));
  return row ? toResponse(row) : undefined;
}

export async function insertProduct(db: Executor, input: ProductBody): Promise<number> {
  const [row] = await db
    .insert(t.products)
    .values({ shortName: input.short_name, channel: input.channel, priority: input.priority, labels: input.labels, serviceDateFrom: input.service_date_from, serviceDateTo: input.service_date_to })
    .returning({ id: t.products.id });
  return row!.id;
}

export async function updateProduct(db: Executor, id: number, input: ProductBody): Promise<void> {
  await db
    .update(t.products)
    .set({ shortName: input.short_name, channel: input.channel, priority: input.priority, labels: input.labels, serviceDateFrom: input.service_date_from, serviceDateTo: input.service_date_to, updatedAt: new Date() })
    .where(eq(t.products.id, id));
}
