/**
 * Holding and releasing allotments: the no-overbooking rule of DESIGN §4. Each leg is one
 * conditional UPDATE, legs in ascending order (one lock order for every caller, so no
 * deadlocks); the CHECK (held <= capacity) on the counter row stands behind it.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

export interface AllotmentRequest {
  serviceDate: string;
  serviceId: number;
  arrangementTypeId: number;
  legs: readonly number[];
  quantity: number;
}

/** Sales on a train can be held (`pending`) or the train suspended; neither takes new holds. */
async function requireSellable(tx: Tx, serviceDate: string, serviceId: number): Promise<void> {
  const rows = rowsOf<{ status: string }>(
    await tx.execute(sql`select status from service_day_statuses where service_date = ${serviceDate} and service_id = ${serviceId}`),
  );
  const status = rows[0]?.status;
  if (status === 'suspended') throw new AppError('SERVICE_SUSPENDED', 'the train is suspended on that day');
  if (status === 'pending') throw new AppError('SALES_ON_HOLD', 'sales of the train are on hold on that day');
}

/** Holds `quantity` seats of the type on every leg, or nothing (throws NOT_ENOUGH_SEATS). */
export async function holdAllotment(tx: Tx, request: AllotmentRequest): Promise<void> {
  if (request.quantity <= 0) return;
  await requireSellable(tx, request.serviceDate, request.serviceId);
  // A short lock wait: a request that cannot get the counter soon fails instead of piling up.
  await tx.execute(sql`set local lock_timeout = '5s'`);
  for (const leg of [...request.legs].sort((a, b) => a - b)) {
    const updated = rowsOf<{ held: number }>(
      await tx.execute(sql`
        update inventory_counters set held = held + ${request.quantity}
        where service_date = ${request.serviceDate} and service_id = ${request.serviceId}
          and arrangement_type_id = ${request.arrangementTypeId} and leg = ${leg}
          and capacity - held >= ${request.quantity}
        returning held`),
    );
    if (updated.length === 0) {
      throw new AppError('NOT_ENOUGH_SEATS', `not enough seats left on leg ${leg} of train ${request.serviceId} on ${request.serviceDate}`);
    }
  }
}

/** Returns held seats; releasing more than is held is a bug and fails. */
export async function releaseAllotment(tx: Tx, request: AllotmentRequest): Promise<void> {
  if (request.quantity <= 0) return;
  for (const leg of [...request.legs].sort((a, b) => a - b)) {
    const updated = rowsOf<{ held: number }>(
      await tx.execute(sql`
        update inventory_counters set held = held - ${request.quantity}
        where service_date = ${request.serviceDate} and service_id = ${request.serviceId}
          and arrangement_type_id = ${request.arrangementTypeId} and leg = ${leg}
          and held >= ${request.quantity}
        returning held`),
    );
    if (updated.length === 0) throw new AppError('CONFLICT', `cannot release ${request.quantity} seats on leg ${leg}: fewer are held`);
  }
}
