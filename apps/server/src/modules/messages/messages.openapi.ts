/** The contract of the dashboard articles calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

const MESSAGE = {
  id: 12,
  category: 'OPERATION',
  title: '6月10日 嵯峨野1号 臨時ダイヤ',
  body: 'Sagano 1 on 10 June leaves Torokko Saga at 9:07 instead of 9:02.',
  create_time: '2027-05-20T00:30:00.000Z',
  update_time: '2027-05-20T00:30:00.000Z',
  sort_id: 30,
  attachments: [{ id: 4, filename: 'timetable-0610.pdf', download_url: '/v1/messages/12/attachments/4', content_type: 'application/pdf', byte_size: 48213 }],
};
const ARTICLE = { category: 'OPERATION', title: '6月10日 嵯峨野1号 臨時ダイヤ', body: 'Sagano 1 on 10 June leaves Torokko Saga at 9:07 instead of 9:02.' };

export const messagesContract: AreaContract[] = [defineArea('messages', 'Dashboard articles: notices from the operator (important news, operations, campaigns) that every signed-in user reads on their home screen, with attachments. The back office writes them.', {
  'GET /v1/messages': {
    id: 'messages.list',
    summary: 'List dashboard articles',
    description: 'The articles, optionally of one category, in their display order (larger `sort_id` first), a page at a time, each with its attachments.',
    examples: { query: { category: 'OPERATION', page: 1, per_page: 20 }, response: { total: 1, page: 1, per_page: 20, messages: [MESSAGE] } },
  },
  'GET /v1/messages/{message_id}': {
    id: 'messages.get',
    summary: 'Read a dashboard article',
    description: 'One article with its attachments; a deleted article answers 404.',
    examples: { response: MESSAGE },
  },
  'POST /v1/messages': {
    id: 'messages.create',
    summary: 'Write a dashboard article',
    description: 'Publishes a new article at the top of its category (its `sort_id` is the category\'s largest + 10). The title is required (at most 200 characters); the body is plain text (at most 10,000). Open dashboards are told to refresh (`message.changed` on `GET /v1/events`). Station staff and agents are refused (403).',
    examples: { request: ARTICLE, response: { ...MESSAGE, attachments: [] } },
  },
  'PUT /v1/messages/order': {
    id: 'messages.reorder',
    summary: 'Reorder one category\'s articles',
    description: 'Puts the articles of one category in the order given, first shown first. `message_ids` must list every article of that category exactly once, else `400 VALIDATION_FAILED` naming `message_ids` and nothing changes. Answers the category\'s articles in their new order.',
    examples: { request: { category: 'OPERATION', message_ids: [12, 9, 7] } },
  },
  'PUT /v1/messages/{message_id}': {
    id: 'messages.update',
    summary: 'Change a dashboard article',
    description: 'Replaces the article\'s category, title and body; moved to another category, it goes to the top of that one. Its attachments stay.',
    examples: { request: ARTICLE, response: MESSAGE },
  },
  'DELETE /v1/messages/{message_id}': {
    id: 'messages.delete',
    summary: 'Delete a dashboard article',
    description: 'Deletes the article and its attachments, their stored files included; it disappears from every dashboard.',
    examples: { response: { ok: true } },
  },
  'POST /v1/messages/{message_id}/attachments': {
    id: 'messages.addAttachment',
    summary: 'Attach a file to an article',
    description: 'Uploads one file as `multipart/form-data` (field `file`): PDF, PNG, JPEG, Excel (.xlsx), Word (.docx), CSV or plain text, at most 10 MB, its type judged by its bytes and agreeing with its name\'s extension. An article holds at most 10 attachments. A refused file is a `400 VALIDATION_FAILED` naming `file` and nothing is stored; `503 NOT_READY` when the file storage does not take it. Answers the article with its attachments.',
    errors: ['NOT_READY'],
    examples: { response: MESSAGE },
    media: {
      request: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary', description: 'The file, with its name (at most 200 characters).' } },
          },
        },
      },
    },
  },
  'GET /v1/messages/{message_id}/attachments/{attachment_id}': {
    id: 'messages.downloadAttachment',
    summary: 'Download an attachment',
    description: 'The attachment\'s bytes with its own content type, offered for download under its file name (`Content-Disposition: attachment`, the name also UTF-8 encoded). 404 when the article, the attachment or its stored file is gone; `503 NOT_READY` when the file storage does not answer.',
    errors: ['NOT_READY'],
    media: {
      response: {
        description: 'The file, in the `content_type` its attachment lists.',
        content: {
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
          'image/png': { schema: { type: 'string', format: 'binary' } },
          'image/jpeg': { schema: { type: 'string', format: 'binary' } },
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string', format: 'binary' } },
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { schema: { type: 'string', format: 'binary' } },
          'text/csv': { schema: { type: 'string', format: 'binary' } },
          'text/plain': { schema: { type: 'string', format: 'binary' } },
        },
        headers: {
          'Content-Disposition': { description: '`attachment; filename="<ASCII stand-in>"; filename*=UTF-8\'\'<the name>`', schema: { type: 'string' } },
        },
      },
    },
  },
  'DELETE /v1/messages/{message_id}/attachments/{attachment_id}': {
    id: 'messages.deleteAttachment',
    summary: 'Remove an attachment',
    description: 'Takes one attachment off the article and deletes its stored file (404 when the article or the attachment is gone). Answers the article with the attachments left.',
    examples: { response: { ...MESSAGE, attachments: [] } },
  },
})];
