/**
 * The OCTO supplier API under /octo (ADR 039): the standard's paths, its request bodies, its
 * `Octo-Capabilities` header and its error bodies, called by resellers with an agent's API key.
 * These routes are out of the /v1 contract (`hide`): their contract is the OCTO standard, and
 * their answers are typed with `@octocloud/types` (checked in test/octo.test.ts).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_WEBHOOK_URL } from '@sagano/domain/webhooks/webhook-schemas';
import { AppError } from '../../lib/app-error.ts';
import { SUPPORTED_CAPABILITIES, type OctoCapability } from './octo-answers.ts';
import { OctoError, badRequest, octoErrorOf } from './octo-errors.ts';
import type { OctoService } from './octo.service.ts';

export const OCTO_PREFIX = '/octo';

const LocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-MM-dd').refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'must be a date yyyy-MM-dd');
const Text = (max: number) => z.string().max(max);
const Contact = z
  .object({
    fullName: Text(200).nullish(),
    firstName: Text(100).nullish(),
    lastName: Text(100).nullish(),
    emailAddress: Text(254).nullish(),
    phoneNumber: Text(30).nullish(),
    locales: z.array(Text(20)).max(10).optional(),
    postalCode: Text(20).nullish(),
    country: Text(3).nullish(),
    notes: Text(1000).nullish(),
    allowMarketing: z.boolean().optional(),
  })
  .partial();
const UnitItem = z.object({ uuid: z.uuid().optional(), unitId: Text(50), resellerReference: Text(100).optional(), contact: Contact.optional() });
const UnitItems = z.array(UnitItem).max(2000);
const Uuid = z.object({ uuid: Text(100) });
const ExpirationMinutes = z.number().int().optional();

const AvailabilityBody = z.object({
  productId: Text(50),
  optionId: Text(50),
  localDateStart: LocalDate.optional(),
  localDateEnd: LocalDate.optional(),
  availabilityIds: z.array(Text(50)).max(100).optional(),
  units: z.array(z.object({ id: Text(50), quantity: z.number().int().min(0).max(2000) })).max(100).optional(),
  currency: Text(3).nullish(),
});
const ReserveBody = z.object({
  uuid: z.uuid().optional(),
  productId: Text(50),
  optionId: Text(50),
  availabilityId: Text(50).optional(),
  expirationMinutes: ExpirationMinutes,
  notes: Text(1000).nullish(),
  unitItems: UnitItems.optional(),
  resellerReference: Text(100).optional(),
  contact: Contact.optional(),
  currency: Text(3).nullish(),
});
const UpdateBody = ReserveBody.partial().extend({ emailReceipt: z.boolean().optional() });
const ConfirmBody = z.object({ emailReceipt: z.boolean().optional(), resellerReference: Text(100).optional(), contact: Contact.optional(), unitItems: UnitItems.optional() });
const ExtendBody = z.object({ expirationMinutes: ExpirationMinutes }).optional();
const CancelBody = z.object({ reason: Text(1000).nullish(), force: z.boolean().optional() }).optional();
const WebhookBody = z.object({
  url: z.string().trim().min(1).max(MAX_WEBHOOK_URL),
  event: z.literal('booking_update', { error: 'only booking_update is offered' }),
});
const ListQuery = z.object({
  resellerReference: Text(100).optional(),
  supplierReference: Text(100).optional(),
  localDate: LocalDate.optional(),
  localDateStart: LocalDate.optional(),
  localDateEnd: LocalDate.optional(),
  productId: z.string().regex(/^[1-9][0-9]{0,8}$/).transform(Number).optional(),
  optionId: Text(50).optional(),
});

/** The capabilities asked for (comma separated) that this supplier has; others are ignored, as the standard says. */
export function capabilitiesOf(request: FastifyRequest): OctoCapability[] {
  const header = request.headers['octo-capabilities'];
  const asked = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((c) => c.trim());
  return SUPPORTED_CAPABILITIES.filter((c) => asked.includes(c));
}

function octoError(error: FastifyError | Error, request: FastifyRequest): OctoError {
  if (error instanceof OctoError) return error;
  if (error instanceof AppError) return octoErrorOf(error.status, error.message);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]!;
    const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    return badRequest(`${field}: ${first.message ?? 'is invalid'}`);
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'unhandled error');
  return octoErrorOf(status, status >= 500 ? 'an unexpected error occurred' : error.message);
}

export function octoRoutes(app: FastifyInstance, deps: { octo: OctoService }) {
  app.register(
    async (octo) => {
      // The standard's error bodies for everything under /octo, the refusals of the auth and rate-limit hooks included.
      octo.setErrorHandler((error, request, reply) => {
        const e = octoError(error as Error, request);
        return reply.status(e.status).send(e.body);
      });
      octo.setNotFoundHandler((request, reply) => reply.status(404).send({ error: 'BAD_REQUEST', errorMessage: `${request.method} ${request.url.split('?')[0]} is not an OCTO call of this supplier` }));
      // The key itself, not a signed-in screen: OCTO resellers are agents' systems.
      // After the auth hook (a parent's onRequest runs first), before the body is read.
      octo.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('octo-capabilities', capabilitiesOf(request).join(', '));
        if (request.routeOptions.url && !request.principal?.apiKey) throw new OctoError('FORBIDDEN', 'call the OCTO API with an agent\'s API key (Authorization: Bearer sgk_…)');
      });

      const r = octo.withTypeProvider<ZodTypeProvider>();
      const read = { access: 'agent' as const, category: 'bookings' as const };
      const hide = true;
      const caps = (request: FastifyRequest) => capabilitiesOf(request);

      r.get('/capabilities', { schema: { hide }, config: read }, () => deps.octo.capabilities());
      r.get('/supplier', { schema: { hide }, config: read }, (request) => deps.octo.supplier(caps(request)));
      r.get('/products', { schema: { hide }, config: read }, (request) => deps.octo.products(caps(request)));
      r.get('/products/:id', { schema: { hide, params: z.object({ id: Text(50) }) }, config: read }, (request) => deps.octo.product(request.params.id, caps(request)));
      // Searches: they read only, so a session would not log them; an API key's reads are all logged anyway.
      r.post('/availability/calendar', { schema: { hide, body: AvailabilityBody }, config: { ...read, operationLog: false } }, (request) => deps.octo.calendar(request.body, caps(request)));
      r.post('/availability', { schema: { hide, body: AvailabilityBody }, config: { ...read, operationLog: false } }, (request) => deps.octo.availability(request.body, caps(request)));

      r.post('/bookings', { schema: { hide, body: ReserveBody }, config: { ...read, operation: 'octo.reserve' } }, (request) =>
        request.mutate((work) => deps.octo.reserve(work, request.principal!, request.body, caps(request))),
      );
      r.get('/bookings', { schema: { hide, querystring: ListQuery }, config: read }, (request) => {
        const q = request.query;
        // The standard asks for a filter: a reference or a date (a reseller never pages through everything).
        if (q.resellerReference === undefined && q.supplierReference === undefined && q.localDate === undefined && q.localDateStart === undefined && q.localDateEnd === undefined) {
          throw badRequest('filter by resellerReference, supplierReference or localDate (or localDateStart and localDateEnd)');
        }
        return deps.octo.list(request.principal!, q, caps(request));
      });
      r.get('/bookings/:uuid', { schema: { hide, params: Uuid }, config: read }, (request) => deps.octo.get(request.principal!, request.params.uuid, caps(request)));
      r.patch('/bookings/:uuid', { schema: { hide, params: Uuid, body: UpdateBody }, config: { ...read, operation: 'octo.update' } }, (request) =>
        request.mutate((work) => deps.octo.update(work, request.principal!, request.params.uuid, request.body, caps(request))),
      );
      r.post('/bookings/:uuid/extend', { schema: { hide, params: Uuid, body: ExtendBody }, config: { ...read, operation: 'octo.extend' } }, (request) =>
        request.mutate((work) => deps.octo.extend(work, request.principal!, request.params.uuid, request.body ?? {}, caps(request))),
      );
      r.post('/bookings/:uuid/confirm', { schema: { hide, params: Uuid, body: ConfirmBody }, config: { ...read, operation: 'octo.confirm' } }, (request) =>
        request.mutate((work) => deps.octo.confirm(work, request.principal!, request.params.uuid, request.body, caps(request))),
      );
      r.post('/bookings/:uuid/cancel', { schema: { hide, params: Uuid, body: CancelBody }, config: { ...read, operation: 'octo.cancel' } }, (request) =>
        request.mutate((work) => deps.octo.cancel(work, request.principal!, request.params.uuid, request.body ?? {}, caps(request))),
      );
      // octo/webhooks: a booking_update POSTed to the reseller's address when one of its bookings is confirmed, changed or cancelled.
      r.get('/webhooks', { schema: { hide }, config: read }, (request) => deps.octo.webhooks(request.principal!));
      r.post('/webhooks', { schema: { hide, body: WebhookBody }, config: { ...read, operation: 'octo.webhook_create' } }, (request) =>
        request.mutate((work) => deps.octo.createWebhook(work, request.principal!, request.body)),
      );
      r.delete('/webhooks/:id', { schema: { hide, params: z.object({ id: Text(50) }) }, config: { ...read, operation: 'octo.webhook_delete' } }, (request) =>
        request.mutate((work) => deps.octo.deleteWebhook(work, request.principal!, request.params.id)),
      );
      // DELETE /bookings/{uuid} is the standard's older spelling of the cancellation.
      r.delete('/bookings/:uuid', { schema: { hide, params: Uuid, body: CancelBody }, config: { ...read, operation: 'octo.cancel' } }, (request) =>
        request.mutate((work) => deps.octo.cancel(work, request.principal!, request.params.uuid, request.body ?? {}, caps(request))),
      );
    },
    { prefix: OCTO_PREFIX },
  );
}
