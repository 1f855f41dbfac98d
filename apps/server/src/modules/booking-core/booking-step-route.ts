/**
 * A booking step as a route: POST /v1/bookings/{booking_id}/{path}, run in one transaction with
 * its operation log row (tied to the booking), answering {ok: true} or the step's own answer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperationName } from '@sagano/domain/audit/operation-log-schemas';
import { BookingIdParams } from '@sagano/domain/bookings/booking-schemas';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/index.ts';

const Ok = z.object({ ok: z.literal(true) });

export interface StepRequest<B> {
  principal: Principal;
  body: B;
  bookingId: string;
  query: unknown;
}

/** Registers booking steps on `app` under the given OpenAPI tags. */
export function bookingStepRoutes(app: FastifyInstance, tags: string[]) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  return <B extends z.ZodType>(
    path: string,
    operation: OperationName,
    body: B | undefined,
    run: (request: StepRequest<z.infer<B>>, work: Work) => Promise<unknown>,
    options: { access?: 'backOffice' | 'backOfficeOrAgent'; response?: z.ZodType; query?: z.ZodType } = {},
  ) => {
    r.post(`/v1/bookings/:booking_id/${path}`, {
      schema: { tags, params: BookingIdParams, ...(body ? { body } : {}), ...(options.query ? { querystring: options.query } : {}), response: { 200: options.response ?? Ok } },
      config: { access: options.access ?? 'backOffice', category: 'bookings', operation },
    }, async (request) => {
      const result = await request.mutate(
        (work) => run({ principal: request.principal!, body: request.body as z.infer<B>, bookingId: request.params.booking_id, query: request.query }, work),
        { bookingId: request.params.booking_id },
      );
      return options.response ? result : { ok: true as const };
    });
  };
}
