import { eq } from 'drizzle-orm';
import type { OperatorBasicInfoBody, OperatorBasicInfoResponse } from '@sagano/domain/master-data/operator-basic-info-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

/** The one row (migration 0015 makes it). */
export async function readOperatorBasicInfo(db: Executor): Promise<OperatorBasicInfoResponse> {
  const [row] = await db.select().from(t.operatorBasicInfo).where(eq(t.operatorBasicInfo.id, 1));
  if (!row) throw new Error('operator_basic_info has no row: migration 0015 makes it');
  return { name: row.name, tel: row.tel, business_hours: row.businessHours, address: row.address, invoice_number: row.invoiceNumber, updated_at: row.updatedAt.toISOString() };
}

export async function updateOperatorBasicInfo(db: Executor, input: OperatorBasicInfoBody): Promise<void> {
  await db
    .update(t.operatorBasicInfo)
    .set({ name: input.name, tel: input.tel, businessHours: input.business_hours, address: input.address, invoiceNumber: input.invoice_number, updatedAt: new Date() })
    .where(eq(t.operatorBasicInfo.id, 1));
}
