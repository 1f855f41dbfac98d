/** The contract of the mail calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const mailContract: AreaContract[] = [defineArea('mail', 'Mails the system sent or will send (the outbox).', {
  'GET /v1/outbox-mails': { id: 'mail.list', summary: 'List sent mails' },
  'GET /v1/outbox-mails/{id}': { id: 'mail.get', summary: 'Read a sent mail' },
  'GET /v1/outbox-mails/{id}/attachments/{attachment_id}': { id: 'mail.attachment', summary: 'Download a mail\'s attachment' },
})];
