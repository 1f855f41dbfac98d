import { z } from 'zod';
import { PagingQuery } from '../common/paging.ts';
import { MESSAGE_CATEGORIES } from './message-categories.ts';
import { MAX_MESSAGE_BODY, MAX_MESSAGE_TITLE } from './message-limits.ts';

/**
 * Dashboard articles (spec 000 §3 "Dashboard message", 001 §7.7) on the wire: the back office
 * writes them, every signed-in user reads them. The body is plain text (links are recognised when
 * shown, never stored as markup).
 */


export const MessageCategoryField = z.enum(MESSAGE_CATEGORIES, 'choose one of IMPORTANT, OPERATION, NOTICE, CAMPAIGN');

/** What POST /v1/messages creates and PUT /v1/messages/{message_id} changes. */
export const MessageBody = z.object({
  category: MessageCategoryField,
  title: z.string('a title is required').trim().min(1, 'a title is required').max(MAX_MESSAGE_TITLE),
  body: z.string().max(MAX_MESSAGE_BODY).default(''),
});
export type MessageBody = z.input<typeof MessageBody>;

export const MessageListQuery = PagingQuery.extend({ category: MessageCategoryField.optional() });
export type MessageListQuery = z.infer<typeof MessageListQuery>;

export const MessageIdParams = z.object({ message_id: z.coerce.number().int().positive() });
export const MessageAttachmentParams = MessageIdParams.extend({ attachment_id: z.coerce.number().int().positive() });

/**
 * PUT /v1/messages/order: one category's articles, every one of them, first shown first. Each
 * gets sort_id (position counted from the end + 1) × 10 (spec 000 §5).
 */
export const MessageOrderBody = z.object({
  category: MessageCategoryField,
  message_ids: z
    .array(z.number().int().positive())
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'an article is listed twice'),
});
export type MessageOrderBody = z.infer<typeof MessageOrderBody>;

export const MessageAttachmentResponse = z.object({
  id: z.number().int(),
  filename: z.string(),
  /** GET it signed in: the bytes, offered for download under `filename`. */
  download_url: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
});
export type MessageAttachmentResponse = z.infer<typeof MessageAttachmentResponse>;

export const MessageResponse = z.object({
  id: z.number().int(),
  category: MessageCategoryField,
  title: z.string(),
  body: z.string(),
  create_time: z.string(),
  update_time: z.string(),
  sort_id: z.number().int(),
  attachments: z.array(MessageAttachmentResponse),
});
export type MessageResponse = z.infer<typeof MessageResponse>;

export const MessageListResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  messages: z.array(MessageResponse),
});
export type MessageListResponse = z.infer<typeof MessageListResponse>;

/** PUT /v1/messages/order answers the category's articles in their new order. */
export const MessageOrderResponse = z.object({ category: MessageCategoryField, messages: z.array(MessageResponse) });
export type MessageOrderResponse = z.infer<typeof MessageOrderResponse>;

/** The sort_id of each position of a reordered category: (position counted from the end + 1) × 10. */
export function reorderedSortIds(count: number): number[] {
  return Array.from({ length: count }, (_, position) => (count - position) * 10);
}

/** A new article's sort_id: the largest in its category + 10, or 0 when the category has none (spec 000 §5). */
export function nextSortId(largest: number | null): number {
  return largest === null ? 0 : largest + 10;
}
