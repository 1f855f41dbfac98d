/** The contract of the invoices calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

const PDF = { 'application/pdf': { schema: { type: 'string', format: 'binary' } } };
const PDF_NAME = { 'Content-Disposition': { description: '`inline; filename="invoice-INV-000001.pdf"`: the document\'s number.', schema: { type: 'string' } } };

export const invoicesContract: AreaContract[] = [defineArea('invoices', 'Invoices, receipts and refund notes of a booking\'s payments, as PDF, the group\'s invoice as the Invoice entity, and a booking\'s cancellation-policy document.', {
  'GET /v1/bookings/{booking_id}/payments/{payment_id}/invoice.pdf': {
    id: 'invoices.invoicePdf',
    summary: 'Download an invoice',
    description: 'The payment\'s invoice (請求書) while its `can_view_invoice` flag is set (`409 STEP_NOT_ALLOWED` otherwise): issued on the first download, the same document while the total stands.',
    errors: ['STEP_NOT_ALLOWED'],
    media: { response: { description: 'The invoice PDF.', content: PDF, headers: PDF_NAME } },
  },
  'GET /v1/bookings/{booking_id}/payments/{payment_id}/receipt.pdf': {
    id: 'invoices.receiptPdf',
    summary: 'Download a receipt',
    description: 'Only for a paid payment (`can_view_receipt`; `409 STEP_NOT_ALLOWED` otherwise). A refund record has none.',
    errors: ['STEP_NOT_ALLOWED'],
    media: { response: { description: 'The receipt PDF.', content: PDF, headers: PDF_NAME } },
  },
  'GET /v1/bookings/{booking_id}/payments/{payment_id}/return-invoice.pdf': {
    id: 'invoices.refundNotePdf',
    summary: 'Download a refund note',
    description: 'The return invoice (適格返還請求書) of a refund record (`return_invoice_url`), naming the invoice it returns from; `409 STEP_NOT_ALLOWED` for any other payment.',
    errors: ['STEP_NOT_ALLOWED'],
    media: { response: { description: 'The return invoice PDF.', content: PDF, headers: PDF_NAME } },
  },
  'GET /v1/bookings/{booking_id}/invoices/{payment_id}': {
    id: 'invoices.get',
    summary: 'Read a payment\'s invoice',
    description:
      'The group\'s invoice of one payment of its booking (spec 001 §7.3), opened by the booking\'s `token`: the Invoice entity (spec 000 §3: `header`, `body`, `note`, `status`, `is_cancel`) as JSON, from the same issued document the PDF prints (issued on the first request, the same number while the total stands, a new one referring to it when the total changed). Send `Accept: application/pdf` for the PDF itself (or use the `.pdf` address). `status` is the payment\'s status now; `is_cancel` says the invoice bills a cancellation fee; amounts are on the e6 scale. 404 for a wrong token, another booking\'s payment, or a payment that has no invoice now (the group gets invoices only).',
    media: {
      response: {
        description: 'The Invoice entity (JSON, the default), or with `Accept: application/pdf` the PDF.',
        content: PDF,
        headers: { ...PDF_NAME, Vary: { description: '`Accept`: the answer depends on it.', schema: { type: 'string' } } },
      },
      headers: [{ name: 'Accept', description: '`application/pdf` for the PDF; anything else (or none) for the JSON entity.', schema: { type: 'string' }, example: 'application/pdf' }],
    },
  },
  'GET /v1/bookings/{booking_id}/cancellation_policy': {
    id: 'invoices.getCancellationPolicyDocument',
    summary: 'Read a booking\'s cancellation policy document',
    description:
      'The cancellation policy the booking is priced on (spec 001 §7.7): frozen when it was confirmed (`frozen`), else the one in force now, which it will take when confirmed. Each row says from which day to which day (Tokyo dates, both included, counted to the first train) a cancellation costs its rate, and the fee in yen (e6) for the booking as it stands, rounded up to 10 yen as the cancellation quote rounds it; cancelling up to `free_until` costs nothing. `in_force_days_before` is today\'s row, `cancellation_fee` the fee already quoted once a cancellation was asked for or started. The booking\'s own agent or branch and the back office; another agent\'s booking answers 404.',
  },
  'GET /v1/bookings/{booking_id}/invoices/{payment_id}.pdf': {
    id: 'invoices.getPdf',
    summary: 'Download a payment\'s invoice as PDF',
    description: 'The same document as `GET /v1/bookings/{booking_id}/invoices/{payment_id}` with `Accept: application/pdf`, at an address a browser link can open (the group\'s page links it).',
    media: { response: { description: 'The invoice PDF.', content: PDF, headers: PDF_NAME } },
  },
  'GET /v1/bookings/{booking_id}/invoices/{payment_id}/logo': {
    id: 'invoices.getLogo',
    summary: 'Read the logo an invoice printed',
    description: 'The operator\'s logo as the group\'s issued invoice printed it (`header.operator_info.logo_url`). 404 before the invoice is issued or when it printed none.',
    media: { response: { description: 'The image.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } } },
  },
  'GET /v1/bookings/{booking_id}/invoices/{payment_id}/stamp': {
    id: 'invoices.getStamp',
    summary: 'Read the company stamp an invoice printed',
    description: 'The company stamp as the group\'s issued invoice printed it (`header.operator_info.stamp_url`). 404 before the invoice is issued or when it printed none.',
    media: { response: { description: 'The image.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } } },
  },
})];
