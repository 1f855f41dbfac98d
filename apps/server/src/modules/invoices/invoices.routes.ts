/**
 * The payment documents as PDFs (DESIGN §6): staff and the booking's own agent or branch per
 * payment, and the group's invoice by booking id and token (spec 001 §7.3): the Invoice entity as
 * JSON, or its PDF (Accept: application/pdf, or the .pdf address). A GET may issue the document;
 * the service writes the operation log ('invoices.issue') in the issuing transaction.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingIdParams } from '@sagano/domain/bookings/booking-schemas';
import type { DocumentKind } from '@sagano/domain/invoices/document-numbers';
import { BookingCancellationPolicyResponse } from '@sagano/domain/bookings/cancellation-schedule';
import { InvoiceResponse } from '@sagano/domain/invoices/invoice-entity';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { bookingCancellationPolicy } from './cancellation-policy-document.ts';
import { TokenQuery } from '@sagano/domain/seats/seat-schemas';
import { DOCUMENT_FILE_PREFIX, DOCUMENT_IMAGES, type IssuedPdf, type InvoicesService } from './invoices.service.ts';

const PaymentParams = BookingIdParams.extend({ payment_id: z.coerce.number().int().positive() });

function sendPdf(reply: FastifyReply, kind: DocumentKind, issued: IssuedPdf) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${DOCUMENT_FILE_PREFIX[kind]}-${issued.documentNumber}.pdf"`)
    .header('cache-control', 'no-store')
    .send(issued.pdf);
}

/** The weight (q) the Accept header gives a media type named exactly; 0 when it is not named. */
function weightOf(accept: string, type: string): number {
  for (const range of accept.split(',')) {
    const [name, ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (name !== type) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    return Number.isFinite(weight) ? weight : 0;
  }
  return 0;
}

/** JSON unless the caller asks for the PDF by name above JSON (no Accept, or * / *: JSON). */
export function wantsPdf(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const pdf = weightOf(accept, 'application/pdf');
  return pdf > 0 && pdf > weightOf(accept, 'application/json');
}

export function invoicesRoutes(app: FastifyInstance, deps: { invoices: InvoicesService; db: Db; clock: Clock }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { invoices } = deps;
  const tags = ['invoices'];

  const documents: [string, DocumentKind][] = [
    ['invoice', 'INVOICE'],
    ['receipt', 'RECEIPT'],
    ['return-invoice', 'RETURN_INVOICE'],
  ];
  for (const [file, kind] of documents) {
    r.get(`/v1/bookings/:booking_id/payments/:payment_id/${file}.pdf`, {
      schema: { tags, params: PaymentParams },
      // Back office and the booking's own agent or branch (others: 404), not station staff; when, the payment's flags decide (409).
      config: { access: 'backOfficeOrAgent' },
    }, async (request, reply) => sendPdf(reply, kind, await invoices.staffPdf(request.principal!, request.params.booking_id, request.params.payment_id, kind)));
  }

  // The group's invoice (spec 001 §7.3, token): the Invoice entity, or the same document as a PDF.
  r.get('/v1/bookings/:booking_id/invoices/:payment_id', {
    schema: { tags, params: PaymentParams, querystring: TokenQuery, response: { 200: InvoiceResponse } },
    config: { access: 'public' },
  }, async (request, reply) => {
    const { booking_id, payment_id } = request.params;
    reply.header('vary', 'Accept');
    if (wantsPdf(request)) return sendPdf(reply, 'INVOICE', await invoices.customerInvoicePdf(booking_id, request.query.token, payment_id));
    reply.header('cache-control', 'no-store');
    return invoices.customerInvoice(booking_id, request.query.token, payment_id);
  });

  // The link the group's page offers: a browser's address asks for no media type.
  r.get('/v1/bookings/:booking_id/invoices/:payment_id.pdf', {
    schema: { tags, params: PaymentParams, querystring: TokenQuery },
    config: { access: 'public' },
  }, async (request, reply) => sendPdf(reply, 'INVOICE', await invoices.customerInvoicePdf(request.params.booking_id, request.query.token, request.params.payment_id)));

  // The booking's cancellation-policy document (spec 001 §7.7): back office and the booking's own agent or branch, as the cancel page.
  r.get('/v1/bookings/:booking_id/cancellation_policy', {
    schema: { tags, params: BookingIdParams, response: { 200: BookingCancellationPolicyResponse } },
    config: { access: 'backOfficeOrAgent' },
  }, async (request) => bookingCancellationPolicy(deps.db, request.principal!, request.params.booking_id, deps.clock.today()));

  for (const image of DOCUMENT_IMAGES) {
    r.get(`/v1/bookings/:booking_id/invoices/:payment_id/${image}`, {
      schema: { tags, params: PaymentParams, querystring: TokenQuery },
      config: { access: 'public' },
    }, async (request, reply) => {
      const file = await invoices.customerInvoiceImage(request.params.booking_id, request.query.token, request.params.payment_id, image);
      return reply.type(file.contentType).header('cache-control', 'private, max-age=3600').send(file.bytes);
    });
  }
}
