import { useQuery } from '@tanstack/react-query';
import type { MailKindListResponse, MailPreviewResponse } from '@sagano/domain/mail/mail-kind-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';

/** GET /v1/mail-kinds: every kind of mail the product sends and who receives it. */
export function useMailKinds() {
  return useQuery({ queryKey: ['mail-kinds'], queryFn: () => apiClient.get<MailKindListResponse>('/v1/mail-kinds') });
}

/** GET /v1/mail-kinds/{kind}/preview?lang=: the kind's mail filled in with a sample booking. */
export function useMailPreview(kind: string, lang: 'ja' | 'en', enabled: boolean) {
  return useQuery({
    queryKey: ['mail-kinds', kind, 'preview', lang],
    queryFn: () => apiClient.get<MailPreviewResponse>(apiPath('/v1/mail-kinds/{kind}/preview', { kind }), { lang }),
    enabled,
  });
}
