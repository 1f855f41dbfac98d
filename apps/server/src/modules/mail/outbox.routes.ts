import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OutboxMailDetail, OutboxMailListQuery, OutboxMailListResponse } from '@sagano/domain/mail/outbox-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findAttachment, findMail, listMails } from './outbox.repository.ts';

/** The outbox as back-office admins read it: what was sent, what waits, what failed. */
export function outboxRoutes(app: FastifyInstance, deps: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/outbox-mails', {
    schema: { tags: ['mail'], querystring: OutboxMailListQuery, response: { 200: OutboxMailListResponse } },
    config: { access: 'admin' },
  }, async (request) => {
    const { total, rows } = await listMails(deps.db, request.query);
    return { total, page: request.query.page, per_page: request.query.per_page, mails: rows };
  });

  r.get('/v1/outbox-mails/:id', {
    schema: { tags: ['mail'], params: z.object({ id: z.uuid() }), response: { 200: OutboxMailDetail } },
    config: { access: 'admin' },
  }, async (request) => {
    const mail = await findMail(deps.db, request.params.id);
    if (!mail) throw notFound('mail');
    return mail;
  });

  r.get('/v1/outbox-mails/:id/attachments/:attachment_id', {
    schema: { tags: ['mail'], params: z.object({ id: z.uuid(), attachment_id: z.coerce.number().int().positive() }) },
    config: { access: 'admin' },
  }, async (request, reply) => {
    const file = await findAttachment(deps.db, request.params.id, request.params.attachment_id);
    if (!file) throw notFound('attachment');
    return reply.type(file.contentType).header('content-disposition', `inline; filename="${file.filename}"`).header('cache-control', 'no-store').send(file.content);
  });
}
