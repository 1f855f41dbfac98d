import { eq } from 'drizzle-orm';
import type { OperatorBasicInfoBody, OperatorBasicInfoResponse, OperatorImage } from '@sagano/domain/master-data/operator-basic-info-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export const OPERATOR_BASIC_INFO_PATH = '/v1/master-data/operator-basic-info';

/** Where an image is served; its key (content-addressed) rides along so a new image is a new address. */
export function operatorImageUrl(image: OperatorImage, key: string | null): string | null {
  return key ? `${OPERATOR_BASIC_INFO_PATH}/${image}?v=${key.slice(0, 16)}` : null;
}

/** The one row (migration 0015 makes it). */
export async function readOperatorBasicInfo(db: Executor): Promise<OperatorBasicInfoResponse> {
  const [row] = await db.select().from(t.operatorBasicInfo).where(eq(t.operatorBasicInfo.id, 1));
  if (!row) throw new Error('operator_basic_info has no row: migration 0015 makes it');
  return {
    name: row.name,
    tel: row.tel,
    business_hours: row.businessHours,
    address: row.address,
    invoice_number: row.invoiceNumber,
    postal_code: row.postalCode,
    fax: row.fax,
    min_group_size: row.minGroupSize,
    logo_url: operatorImageUrl('logo', row.logoFileKey),
    stamp_url: operatorImageUrl('stamp', row.stampFileKey),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The stored file key of the logo or the stamp, or null when none is set. */
export async function readOperatorImageKey(db: Executor, image: OperatorImage): Promise<string | null> {
  const [row] = await db.select({ logo: t.operatorBasicInfo.logoFileKey, stamp: t.operatorBasicInfo.stampFileKey }).from(t.operatorBasicInfo).where(eq(t.operatorBasicInfo.id, 1));
  return row?.[image] ?? null;
}

export async function updateOperatorBasicInfo(db: Executor, input: OperatorBasicInfoBody): Promise<void> {
  await db
    .update(t.operatorBasicInfo)
    .set({
      name: input.name,
      tel: input.tel,
      businessHours: input.business_hours,
      address: input.address,
      invoiceNumber: input.invoice_number,
      ...(input.postal_code !== undefined ? { postalCode: input.postal_code } : {}),
      ...(input.fax !== undefined ? { fax: input.fax } : {}),
      ...(input.min_group_size !== undefined ? { minGroupSize: input.min_group_size } : {}),
      updatedAt: new Date(),
    })
    .where(eq(t.operatorBasicInfo.id, 1));
}

/** Points the logo or the stamp at a stored file (null: none). */
export async function setOperatorImageKey(db: Executor, image: OperatorImage, key: string | null): Promise<void> {
  await db
    .update(t.operatorBasicInfo)
    .set({ ...(image === 'logo' ? { logoFileKey: key } : { stampFileKey: key }), updatedAt: new Date() })
    .where(eq(t.operatorBasicInfo.id, 1));
}
