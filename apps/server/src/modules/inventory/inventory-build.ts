/**
 * Builds and rebuilds the inventory of service days from the arrangement pattern that applies
 * to them (DESIGN §3–§4).
 */
import type { Work } from '../../lib/unit-of-work.ts';

export interface InventoryScope {
  fromDate: string;
  toDate: string;
  /** Only these services; all services with an application in the range when omitted. */
  serviceIds?: number[];
}

/**
 * (Re)builds the inventory of every running service day in the scope that has an arrangement
 * application: its pattern, and the counters per arrangement type and leg. Refuses (throws
 * AppError CONFLICT, nothing changed) when a rebuild would leave fewer seats of a type than are
 * already held on a leg, or would move a seat already held or assigned. Service days that no
 * longer run or no longer have an application lose their inventory unless something is held.
 */
export async function rebuildInventory(_work: Work, _scope: InventoryScope): Promise<{ serviceDays: number }> {
  throw new Error('not implemented yet');
}
