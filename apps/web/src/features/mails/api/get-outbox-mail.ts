import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxMailDetail } from '@sagano/domain/mail/outbox-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /v1/outbox-mails/{id}: one mail with its body and the files sent with it. */
export function getOutboxMail(id: string): Promise<OutboxMailDetail> {
  return apiClient.get<OutboxMailDetail>(apiPath('/v1/outbox-mails/{id}', { id }));
}

export function outboxMailQueryOptions(id: string) {
  return queryOptions({ queryKey: [...queryRoots.outboxMails, 'detail', id], queryFn: () => getOutboxMail(id) });
}

export function useOutboxMail(id: string | null) {
  return useQuery({ ...outboxMailQueryOptions(id ?? ''), enabled: id !== null });
}
