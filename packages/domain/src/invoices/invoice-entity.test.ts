import { describe, expect, it } from 'vitest';
import { E6 } from '../money/yen-e6.ts';
import { InvoiceResponse, documentNotes, invoiceEntityOf, invoiceReason } from './invoice-entity.ts';
import { InvoiceDocumentContent } from './invoice-schemas.ts';

const content: InvoiceDocumentContent = InvoiceDocumentContent.parse({
  kind: 'INVOICE',
  document_number: 'INV-000012',
  issue_date: '2030-05-01',
  issuer: { name: '嵯峨野観光鉄道株式会社', postal_code: '616-8373', address: '京都市右京区', tel: '075-861-7444', fax: '075-861-7445', registration_number: 'T1234567890123', logo_file_key: 'logo-key', stamp_file_key: null },
  recipient: { agent_name: '京都さくら旅行', branch_name: '大阪支店' },
  booking: {
    booking_id: '30050101',
    group_name: '青葉会',
    group_type: 'NORMAL',
    participants: 10,
    services: [{ direction: 'down', service_date: '2030-05-20', train_name: '1号', from_station: 'トロッコ嵯峨', to_station: 'トロッコ亀岡', departure_hhmm: '09:02', arrival_hhmm: '09:27' }],
  },
  payment: { payment_id: 71, kind: 'FARE', method: 'ONLINE_CREDIT_CARD' },
  lines: [{ label: '大人（05/20 トロッコ嵯峨→トロッコ亀岡）', unit_price: 880 * E6, quantity: 10, amount: 8_800 * E6, tax_rate_percent: 10 }],
  amounts: { taxed: [{ rate_percent: 10, total: 8_800 * E6, tax: 800 * E6 }], not_taxable: 0, total: 8_800 * E6, tax: 800 * E6 },
  due_date: '2030-05-13',
  bank_account: null,
  paid_on: null,
  paid_by: null,
  refers_to: { document_number: 'INV-000003', issue_date: '2030-04-20' },
});

const extras = { status: 'PAYMENT_PENDING' as const, receiptIssueDate: null, logoUrl: '/logo', stampUrl: '/stamp' };

describe('the Invoice entity of an issued document (spec 000 §3)', () => {
  it('lays the frozen content out under the specification\'s names', () => {
    const invoice = invoiceEntityOf(content, extras);
    expect(InvoiceResponse.parse(invoice)).toEqual(invoice);
    expect(Object.keys(invoice)).toEqual(['header', 'body', 'note', 'status', 'is_cancel']);
    expect(Object.keys(invoice.header)).toEqual(['issue_date', 'invoice_id', 'corporate_number', 'operator_info', 'agent_name', 'receipt_issue_date']);
    expect(Object.keys(invoice.body)).toEqual(['due_date', 'reason', 'group_type', 'services', 'payment']);
    expect(invoice.header).toEqual({
      issue_date: '2030-05-01',
      invoice_id: 'INV-000012',
      corporate_number: 'T1234567890123',
      // The stamp printed none: no address for it.
      operator_info: { name: '嵯峨野観光鉄道株式会社', postal_code: '616-8373', address: '京都市右京区', phone_number: '075-861-7444', fax: '075-861-7445', logo_url: '/logo', stamp_url: null },
      agent_name: '京都さくら旅行 大阪支店',
      receipt_issue_date: null,
    });
    expect(invoice.body).toMatchObject({ due_date: '2030-05-13', reason: '団体乗車運賃として', group_type: 'NORMAL', services: content.booking.services });
    expect(invoice.body.payment).toMatchObject({ payment_id: 71, kind: 'FARE', payment_method: 'ONLINE_CREDIT_CARD', document_kind: 'INVOICE', booking_id: '30050101', lines: content.lines, amounts: content.amounts });
    expect(invoice.note).toBe(documentNotes(content).join('\n'));
    expect(invoice.note).toContain('INV-000003 に代わるもの');
    expect(invoice).toMatchObject({ status: 'PAYMENT_PENDING', is_cancel: false });
  });

  it('says a cancellation fee\'s invoice is one, and names what each document is for', () => {
    const fee = { ...content, payment: { ...content.payment, kind: 'CANCELLATION' as const }, refers_to: null };
    expect(invoiceEntityOf(fee, extras)).toMatchObject({ is_cancel: true, body: { reason: '団体乗車券の取消料として' } });
    expect(invoiceReason({ kind: 'INVOICE', payment: { ...content.payment, kind: 'DISCREPANCY' } })).toBe('予約内容の変更による追加料金として');
    expect(invoiceReason({ kind: 'RETURN_INVOICE', payment: { ...content.payment, kind: 'DISCREPANCY' } })).toBe('団体乗車運賃の返還として');
    // A receipt is its own receipt's issue; an invoice names its payment's receipt when one was issued.
    expect(invoiceEntityOf({ ...content, kind: 'RECEIPT' }, extras).header.receipt_issue_date).toBe('2030-05-01');
    expect(invoiceEntityOf(content, { ...extras, receiptIssueDate: '2030-05-09' }).header.receipt_issue_date).toBe('2030-05-09');
    expect(invoiceEntityOf({ ...content, recipient: { agent_name: '京都さくら旅行', branch_name: null } }, extras).header.agent_name).toBe('京都さくら旅行');
  });
});
