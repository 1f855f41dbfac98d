import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MAIL_TEMPLATES, MailTemplateResponse } from '@sagano/domain/bookings/booking-schemas';
import type { RefusalReason } from '@sagano/domain/bookings/booking-state';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { bookingsKeys } from './bookings-keys.ts';

export type MailTemplate = z.infer<typeof MailTemplateResponse>;
/** Every mail a booking step sends from a template: booking OK / NG, the seat table and the voucher. */
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

/** GET /v1/bookings/{id}/mail_templates/{template}?reason=: the mail to edit before sending (the reason only for booking_ng). */
export function getMailTemplate(bookingId: string, template: MailTemplateName, reason: RefusalReason | null): Promise<MailTemplate> {
  return apiClient.get<MailTemplate>(apiPath('/v1/bookings/{booking_id}/mail_templates/{mail_template}', { booking_id: bookingId, mail_template: template }), { reason });
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
