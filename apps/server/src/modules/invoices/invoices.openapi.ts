/** The contract of the invoices calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const invoicesContract: AreaContract[] = [defineArea('invoices', 'Invoices, receipts and refund notes of a booking\'s payments, as PDF.', {
  'GET /v1/bookings/{booking_id}/payments/{payment_id}/invoice.pdf': { id: 'invoices.invoicePdf', summary: 'Download an invoice' },
  'GET /v1/bookings/{booking_id}/payments/{payment_id}/receipt.pdf': { id: 'invoices.receiptPdf', summary: 'Download a receipt', description: 'Only for a paid payment.' },
  'GET /v1/bookings/{booking_id}/payments/{payment_id}/return-invoice.pdf': { id: 'invoices.refundNotePdf', summary: 'Download a refund note' },
  'GET /v1/bookings/{booking_id}/invoices/{payment_id}': { id: 'invoices.get', summary: 'Read a payment\'s invoice', description: 'The invoice data behind the PDF.' },
})];
