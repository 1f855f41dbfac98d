/**
 * Tells open monthly-report screens (the operator's, the agent's, its billed branches') that a
 * settlement changed. The bookings' own `booking.changed` (recordRevision) does not refresh them.
 */
import type { Executor } from '../../db/client.ts';
import { publishRealtime } from '../../realtime/realtime-publish.ts';

export const settlementChanged = (tx: Executor, agentSettlementId: number, agentId: number, branchIds: Iterable<number>) =>
  publishRealtime(tx, ['operator', `agent:${agentId}`, ...[...new Set(branchIds)].map((id) => `branch:${id}` as const)], { type: 'settlement.changed', agent_settlement_id: agentSettlementId });
