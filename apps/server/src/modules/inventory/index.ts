/** The inventory module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { GROUP_TYPE_ID_SQL, LOCK_TIMEOUT_SQL, capacityOnLegsSql, holdAllotments, releaseAllotments, vacantOnLegsSql, type AllotmentRequest, type DirectionHold } from './allotments.ts';
export { registerCalendarChangeApprovals } from './calendar-approvals.ts';
export type { LinkedBooking } from './customer-inventory.ts';
export { rebuildInventory } from './inventory-build.ts';
export { releaseGroupAllotmentsJob } from './inventory.jobs.ts';
export { inventoryContract } from './inventory.openapi.ts';
export { bookingsOnStoppedTrains, servicesOnDay } from './inventory.repository.ts';
export { inventoryRoutes } from './inventory.routes.ts';
export { createInventoryService } from './inventory.service.ts';
export { seatTypeJoinsSql, seatTypeSql } from './seat-types.ts';
export { prepareSeatFixing, planSeating } from './seatability.ts';
export { lockTrainDay, readSeating, type SeatTypes } from './seatability.repository.ts';
export type { StoppedTrain, SuspensionReason } from './stopped-trains.ts';
export { PROMOTE_WAITLIST, promoteWaitlistAfterCommit, promotionPayloadOf, type PromoteWaitlistPayload } from './waitlist-promotion-key.ts';
export { markWaitlistPromotionDone, pendingWaitlistPromotions, pruneWaitlistPromotions } from './waitlist-promotion-requests.repository.ts';
