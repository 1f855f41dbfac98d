import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ATTACHMENT_BYTES } from '@sagano/domain/messages/attachment-type';
import {
  MessageAttachmentParams,
  MessageBody,
  MessageIdParams,
  MessageListQuery,
  MessageListResponse,
  MessageOrderBody,
  MessageOrderResponse,
  MessageResponse,
} from '@sagano/domain/messages/message-schemas';
import type { Db } from '../../db/client.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FileStorage } from '../files/index.ts';
import { createMessage, createMessagesService, listMessages, readMessage, reorderMessages, updateMessage } from './messages.service.ts';

const FIELD = 'file';

/**
 * The one file of a multipart/form-data upload. A file over the limit is cut one byte past it
 * (not refused by the parser with a 413), so the service answers the 400 naming the field.
 */
async function uploadedFile(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw invalid(FIELD, 'send the file as multipart/form-data');
  try {
    const part = await request.file({ limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: false });
    if (!part) throw invalid(FIELD, 'choose a file');
    return { bytes: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof AppError || (typeof status === 'number' && status < 500)) throw error;
    throw invalid(FIELD, 'the upload is not a complete multipart/form-data body');
  }
}

/** `attachment; filename="<ASCII stand-in>"; filename*=UTF-8''<the name>` (RFC 6266 / 5987). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Dashboard articles under /v1/messages (spec 001 §7.7): every signed-in user reads them and
 * downloads their attachments; the back office (not station staff, not agents: 403) writes them,
 * each write in the operation log.
 */
export function messagesRoutes(app: FastifyInstance, deps: { db: Db; fileStorage: FileStorage; clock: Clock }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const service = createMessagesService({ db, storage: deps.fileStorage, clock: deps.clock });
  const tags = ['messages'];
  const category = 'messages' as const;
  const read = { access: 'authenticated' as const };
  const write = { access: 'backOffice' as const, category };

  r.get('/v1/messages', { schema: { tags, querystring: MessageListQuery, response: { 200: MessageListResponse } }, config: read }, (request) => listMessages(db, request.query));

  r.get('/v1/messages/:message_id', { schema: { tags, params: MessageIdParams, response: { 200: MessageResponse } }, config: read }, (request) =>
    readMessage(db, request.params.message_id),
  );

  r.post('/v1/messages', { schema: { tags, body: MessageBody, response: { 200: MessageResponse } }, config: { ...write, operation: 'messages.create' } }, (request) =>
    request.mutate((work) => createMessage(work, request.principal!, request.body)),
  );

  r.put('/v1/messages/order', { schema: { tags, body: MessageOrderBody, response: { 200: MessageOrderResponse } }, config: { ...write, operation: 'messages.reorder' } }, (request) =>
    request.mutate((work) => reorderMessages(work, request.body)),
  );

  r.put(
    '/v1/messages/:message_id',
    { schema: { tags, params: MessageIdParams, body: MessageBody, response: { 200: MessageResponse } }, config: { ...write, operation: 'messages.update' } },
    (request) => request.mutate((work) => updateMessage(work, request.principal!, request.params.message_id, request.body)),
  );

  r.delete(
    '/v1/messages/:message_id',
    { schema: { tags, params: MessageIdParams, response: { 200: z.object({ ok: z.literal(true) }) } }, config: { ...write, operation: 'messages.delete' } },
    (request) => request.mutate((work) => service.deleteMessage(work, request.params.message_id)),
  );

  r.delete(
    '/v1/messages/:message_id/attachments/:attachment_id',
    { schema: { tags, params: MessageAttachmentParams, response: { 200: MessageResponse } }, config: { ...write, operation: 'messages.delete_attachment' } },
    (request) => request.mutate((work) => service.removeAttachment(work, request.principal!, request.params.message_id, request.params.attachment_id)),
  );

  r.get('/v1/messages/:message_id/attachments/:attachment_id', { schema: { tags, params: MessageAttachmentParams }, config: read }, async (request, reply) => {
    const file = await service.readAttachment(request.params.message_id, request.params.attachment_id);
    return reply.type(file.contentType).header('content-disposition', contentDisposition(file.filename)).header('cache-control', 'private, no-store').send(file.bytes);
  });

  // Uploads parse multipart/form-data in a scope of their own: no other route takes it.
  void app.register(async (scope) => {
    await scope.register(multipart);
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(
      '/v1/messages/:message_id/attachments',
      { schema: { tags, params: MessageIdParams, consumes: ['multipart/form-data'], response: { 200: MessageResponse } }, config: { ...write, operation: 'messages.add_attachment' } },
      async (request) => {
        const upload = await uploadedFile(request);
        // The operation log keeps what was uploaded, not its bytes.
        request.body = { file_name: upload.filename, byte_size: upload.bytes.length };
        const stored = await service.storeAttachment(request.params.message_id, { ...upload, field: FIELD });
        return request.mutate((work) => service.addAttachment(work, request.principal!, request.params.message_id, stored));
      },
    );
  });
}
