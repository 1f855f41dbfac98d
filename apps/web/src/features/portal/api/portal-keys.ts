import { ownAgentKeys } from '../../../lib/own-agent.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /v1/agent_staffs's query (StaffListQuery) as the portal sends it: its agent is the caller's. */
export type StaffListParams = { page: number; per_page: number; group_id?: number };

/** Query keys of the portal's own reads: the caller's agent or branch, and its staff. */
export const portalKeys = {
  all: queryRoots.portal,
  agent: ownAgentKeys.agent,
  group: ownAgentKeys.group,
  staffs: [...queryRoots.portal, 'staffs'] as const,
  staffList: (params: StaffListParams) => [...queryRoots.portal, 'staffs', params] as const,
  apiKeys: [...queryRoots.portal, 'api-keys'] as const,
  webhookEndpoints: [...queryRoots.portal, 'webhook-endpoints'] as const,
  webhookDeliveries: (endpointId: number, page: number, status: string) => [...queryRoots.portal, 'webhook-endpoints', endpointId, 'deliveries', page, status] as const,
  bookingCount: (status: string, from: string) => [...queryRoots.portal, 'bookingCount', status, from] as const,
};
