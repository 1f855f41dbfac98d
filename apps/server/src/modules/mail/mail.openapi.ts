/** The contract of the mail calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, dispositionHeader, fileAnswer, type AreaContract } from '../../plugins/openapi-contract.ts';

export const mailContract: AreaContract[] = [defineArea('mail', 'Mails the system sent or will send (the outbox).', {
  'GET /v1/outbox-mails': { id: 'mail.list', summary: 'List sent mails' },
  'GET /v1/outbox-mails/{id}': { id: 'mail.get', summary: 'Read a sent mail' },
  'GET /v1/outbox-mails/{id}/attachments/{attachment_id}': {
    id: 'mail.attachment',
    summary: 'Download a mail\'s attachment',
    description: 'The attachment as the mail carried it: a seat table, voucher or invoice (PDF) or a bulk operation\'s result (CSV).',
    media: { response: fileAnswer('The attachment, in its own content type.', ['application/pdf', 'text/csv'], dispositionHeader('`inline; filename="<the attachment\'s name>"`')) },
  },
  'GET /v1/mail-kinds': { id: 'mail.listKinds', summary: 'List the kinds of mail', description: 'Every kind of mail the product sends, who receives it, and whether a sample can be shown (the mail templates screen).' },
  'GET /v1/mail-kinds/{kind}/preview': { id: 'mail.previewKind', summary: 'Show a sample of a kind of mail', description: 'The mail as its template writes it, filled in with a fixed sample booking, in ja or en (booking answers are Japanese only). 404 for a kind without a sample.' },
})];
