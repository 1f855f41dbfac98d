/**
 * Builds and rebuilds the inventory of service days from the arrangement pattern that applies
 * to them (DESIGN §3–§4). Set-based: a season of service days is a handful of statements
 * (inventory-build.repository.ts), all in the caller's transaction.
 */
import { AppError } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import {
  assignedSeatsChangingType,
  countersOverHeld,
  dropStaging,
  droppedDaysWithHolds,
  stagedServiceDays,
  stageRebuild,
  writeRebuild,
  type InventoryScope,
} from './inventory-build.repository.ts';

/**
 * (Re)builds the inventory of every running service day in the scope that has an arrangement
 * application: its pattern, and the counters per arrangement type and leg. Refuses (AppError
 * CONFLICT, nothing changed) when a rebuild would leave fewer seats of a type than are held on
 * a leg, would change the type of a seat held or assigned, or would drop a service day that has
 * holds. Service days that no longer run or have no application lose their inventory.
 */
export async function rebuildInventory(work: Work, scope: InventoryScope): Promise<{ serviceDays: number }> {
  const { tx } = work;
  await stageRebuild(tx, scope);

  const droppedWithHolds = await droppedDaysWithHolds(tx, scope);
  if (droppedWithHolds > 0) {
    throw new AppError('CONFLICT', `${droppedWithHolds} service day(s) that would stop running or lose their arrangement have seats held by bookings`);
  }
  const overHeld = await countersOverHeld(tx);
  if (overHeld > 0) {
    throw new AppError('CONFLICT', 'the new arrangement leaves fewer seats than are already held by bookings');
  }
  const movedAssigned = await assignedSeatsChangingType(tx);
  if (movedAssigned > 0) {
    throw new AppError('CONFLICT', 'the new arrangement changes the type of seats already held or assigned');
  }

  await writeRebuild(tx, scope);
  const serviceDays = await stagedServiceDays(tx);
  await dropStaging(tx);
  return { serviceDays };
}
