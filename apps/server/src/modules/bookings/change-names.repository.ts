/** The names a change's mails and summary print: stations and units, and trains by id. */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export async function stationAndUnitLabels(executor: Executor) {
  return Promise.all([
    executor.select({ id: t.stations.stationId, labels: t.stations.labels }).from(t.stations),
    executor.select({ id: t.units.id, labels: t.units.nameLabel }).from(t.units),
  ]);
}

export async function serviceNames(executor: Executor, ids: number[]) {
  return executor.select({ id: t.services.id, names: t.services.names }).from(t.services).where(inArray(t.services.id, ids));
}
