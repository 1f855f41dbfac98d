import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAIL_KIND_RECIPIENTS, MAIL_KINDS } from '@sagano/domain/mail/mail-kinds';
import { MailKindListResponse, MailPreviewQuery, MailPreviewResponse } from '@sagano/domain/mail/mail-kind-schemas';
import { mailSignature } from '@sagano/domain/master-data/operator-basic-info-schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { readOperatorBasicInfo } from '../master-data/index.ts';
import { hasMailPreview, mailPreview } from './mail-previews.ts';

/** The mail templates screen (spec 000 §4): every kind of mail, who receives it, and a sample of each. */
export function mailKindsRoutes(app: FastifyInstance, deps: { db: Db; publicUrl: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/v1/mail-kinds', {
    schema: { tags: ['mail'], response: { 200: MailKindListResponse } },
    config: { access: 'backOffice' },
  }, () => ({ mail_kinds: MAIL_KINDS.map((kind) => ({ kind, recipient: MAIL_KIND_RECIPIENTS[kind], has_preview: hasMailPreview(kind) })) }));

  r.get('/v1/mail-kinds/:kind/preview', {
    schema: { tags: ['mail'], params: z.object({ kind: z.enum(MAIL_KINDS) }), querystring: MailPreviewQuery, response: { 200: MailPreviewResponse } },
    config: { access: 'backOffice' },
  }, async (request) => {
    const signature = mailSignature(await readOperatorBasicInfo(deps.db));
    const preview = mailPreview(request.params.kind, request.query.lang, { publicUrl: deps.publicUrl, signature });
    if (!preview) throw notFound('mail preview');
    return { kind: request.params.kind, ...preview };
  });
}
