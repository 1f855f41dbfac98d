import { z } from 'zod';
import { MAIL_KINDS } from './mail-kinds.ts';

/** GET /v1/mail-kinds: every kind of mail the product sends, who receives it, and whether a sample can be shown. */
export const MailKindRow = z.object({
  kind: z.enum(MAIL_KINDS),
  recipient: z.enum(['AGENT_APPLICANT', 'AGENT_ADMIN', 'ACCOUNT_HOLDER', 'OPERATOR_STAFF']),
  has_preview: z.boolean(),
});
export const MailKindListResponse = z.object({ mail_kinds: z.array(MailKindRow) });
export type MailKindListResponse = z.infer<typeof MailKindListResponse>;

export const MailPreviewQuery = z.object({ lang: z.enum(['ja', 'en']).default('ja') });

/** GET /v1/mail-kinds/{kind}/preview: the mail as it is sent, filled in with a fixed sample booking. */
export const MailPreviewResponse = z.object({
  kind: z.enum(MAIL_KINDS),
  /** The language the text is in: booking answers are written in Japanese only (staff edit them before sending). */
  lang: z.enum(['ja', 'en']),
  subject: z.string(),
  body: z.string(),
});
export type MailPreviewResponse = z.infer<typeof MailPreviewResponse>;
