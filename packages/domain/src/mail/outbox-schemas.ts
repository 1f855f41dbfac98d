import { z } from 'zod';
import { PagingQuery } from '../common/paging.ts';

export const OUTBOX_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OutboxMailRow = z.object({
  id: z.string(),
  created_at: z.string(),
  kind: z.string(),
  to_address: z.string(),
  subject: z.string(),
  body_text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  booking_id: z.string().nullable(),
});
export type OutboxMailRow = z.infer<typeof OutboxMailRow>;

/** One mail with the files sent with it (seat sheet, voucher). */
export const OutboxMailDetail = OutboxMailRow.extend({
  attachments: z.array(z.object({ attachment_id: z.number().int(), filename: z.string(), content_type: z.string(), size: z.number().int() })),
});
export type OutboxMailDetail = z.infer<typeof OutboxMailDetail>;

export const OutboxMailListQuery = PagingQuery.extend({
  status: z.enum(OUTBOX_STATUSES).optional(),
  to_address: z.string().trim().max(254).optional(),
});
export type OutboxMailListQuery = z.infer<typeof OutboxMailListQuery>;

export const OutboxMailListResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  mails: z.array(OutboxMailRow),
});
export type OutboxMailListResponse = z.infer<typeof OutboxMailListResponse>;
