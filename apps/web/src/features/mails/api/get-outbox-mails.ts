import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMailListQuery, OutboxMailListResponse } from '@sagano/domain/mail/outbox-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /v1/outbox-mails: mails written by the system, newest first, paged. */
export function getOutboxMails(params: OutboxMailListQuery): Promise<OutboxMailListResponse> {
  return apiClient.get<OutboxMailListResponse>('/v1/outbox-mails', params);
}

export function outboxMailsQueryOptions(params: OutboxMailListQuery) {
  return queryOptions({
    queryKey: [...queryRoots.outboxMails, 'list', params],
    queryFn: () => getOutboxMails(params),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxMails(params: OutboxMailListQuery) {
  return useQuery(outboxMailsQueryOptions(params));
}
