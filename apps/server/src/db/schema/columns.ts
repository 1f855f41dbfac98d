/**
 * Column and CHECK helpers shared by the schema files (not tables: the barrel does not export them).
 */
import { sql, type SQL } from 'drizzle-orm';
import { jsonb, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LocalizedLabel } from '@sagano/domain/common/language';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const labels = (name: string) => jsonb(name).$type<LocalizedLabel[]>().notNull();

/** A CHECK body allowing only the domain's values: the list is the domain's enum, never retyped. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;
