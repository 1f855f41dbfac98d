import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MailTemplateResponse } from '@sagano/domain/bookings/booking-schemas';
import type { RefusalReason } from '@sagano/domain/bookings/booking-state';
import { apiClient } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

export type MailTemplate = z.infer<typeof MailTemplateResponse>;
export type MailTemplateName = 'booking_ok' | 'booking_ng';

/** GET /v1/bookings/{id}/mail_templates/{template}?reason=: the mail to edit before confirm or refuse. */
export function getMailTemplate(bookingId: string, template: MailTemplateName, reason: RefusalReason | null): Promise<MailTemplate> {
  return apiClient.get<MailTemplate>(`/v1/bookings/${bookingId}/mail_templates/${template}`, { reason });
}

export function mailTemplateQueryOptions(bookingId: string, template: MailTemplateName, reason: RefusalReason | null) {
  return queryOptions({
    queryKey: bookingsKeys.mailTemplate(bookingId, template, reason),
    queryFn: () => getMailTemplate(bookingId, template, reason),
    staleTime: 0,
  });
}

export function useMailTemplate(bookingId: string, template: MailTemplateName, reason: RefusalReason | null, enabled: boolean) {
  return useQuery({ ...mailTemplateQueryOptions(bookingId, template, reason), enabled });
}
