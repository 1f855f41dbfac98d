/**
 * The payment documents as PDFs (DESIGN §6): staff and the booking's own agent or branch per
 * payment, and the group's invoice by booking id and token (spec 001 §7.3). A GET may issue the
 * document; the service writes the operation log ('invoices.issue') in the issuing transaction.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingIdParams } from '@sagano/domain/bookings/booking-schemas';
import type { DocumentKind } from '@sagano/domain/invoices/document-numbers';
import { TokenQuery } from '@sagano/domain/seats/seat-schemas';
import { DOCUMENT_FILE_PREFIX, type IssuedPdf, type InvoicesService } from './invoices.service.ts';

const PaymentParams = BookingIdParams.extend({ payment_id: z.coerce.number().int().positive() });

function sendPdf(reply: FastifyReply, kind: DocumentKind, issued: IssuedPdf) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${DOCUMENT_FILE_PREFIX[kind]}-${issued.documentNumber}.pdf"`)
    .header('cache-control', 'no-store')
    .send(issued.pdf);
}

export function invoicesRoutes(app: FastifyInstance, deps: { invoices: InvoicesService }) {
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

  r.get('/v1/bookings/:booking_id/invoices/:payment_id', {
    schema: { tags, params: PaymentParams, querystring: TokenQuery },
    config: { access: 'public' },
  }, async (request, reply) => sendPdf(reply, 'INVOICE', await invoices.customerInvoicePdf(request.params.booking_id, request.query.token, request.params.payment_id)));
}
