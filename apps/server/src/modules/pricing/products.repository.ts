import { asc, eq } from 'drizzle-orm';
import type { ProductBody, ProductResponse } from '@sagano/domain/pricing/product-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

function toResponse(r: typeof t.products.$inferSelect): ProductResponse {
  return { id: r.id, short_name: r.shortName, channel: r.channel, priority: r.priority, labels: r.labels };
}

export async function listProducts(db: Executor): Promise<ProductResponse[]> {
  const rows = await db.select().from(t.products).orderBy(asc(t.products.priority), asc(t.products.id));
  return rows.map(toResponse);
}

export async function findProduct(db: Executor, id: number): Promise<ProductResponse | undefined> {
  const [row] = await db.select().from(t.products).where(eq(t.products.id, id));
  return row ? toResponse(row) : undefined;
}

export async function insertProduct(db: Executor, input: ProductBody): Promise<number> {
  const [row] = await db
    .insert(t.products)
    .values({ shortName: input.short_name, channel: input.channel, priority: input.priority, labels: input.labels })
    .returning({ id: t.products.id });
  return row!.id;
}

export async function updateProduct(db: Executor, id: number, input: ProductBody): Promise<void> {
  await db
    .update(t.products)
    .set({ shortName: input.short_name, channel: input.channel, priority: input.priority, labels: input.labels, updatedAt: new Date() })
    .where(eq(t.products.id, id));
}
