import { z } from 'zod';

/**
 * The operator's basic information (spec 000 "Operator info": name, logo, tel, business hours,
 * address, invoice_number): printed on the seat table and voucher, and signed under the
 * booking mails. The logo is not kept yet (the documents print the name).
 */

/** A qualified-invoice issuer number: T and 13 digits (適格請求書発行事業者登録番号), or empty until registered. */
export const INVOICE_NUMBER_MESSAGE = 'enter T and 13 digits';

export const OperatorBasicInfoBody = z.object({
  name: z.string('a name is required').trim().min(1, 'a name is required').max(100),
  tel: z
    .string('a phone number is required')
    .trim()
    .min(1, 'a phone number is required')
    .max(20)
    .regex(/^[0-9+()\- ]+$/, 'enter digits, spaces, + ( ) or -'),
  business_hours: z.string().trim().max(100),
  address: z.string().trim().max(200),
  invoice_number: z.string().trim().regex(/^(T\d{13})?$/, INVOICE_NUMBER_MESSAGE),
});
export type OperatorBasicInfoBody = z.infer<typeof OperatorBasicInfoBody>;

export const OperatorBasicInfoResponse = OperatorBasicInfoBody.extend({ updated_at: z.string() });
export type OperatorBasicInfoResponse = z.infer<typeof OperatorBasicInfoResponse>;

/** The closing lines of the booking mails: who answers, and how to reach them. */
export function mailSignature(info: Pick<OperatorBasicInfoBody, 'name' | 'tel' | 'business_hours'>): string {
  const hours = info.business_hours ? `（${info.business_hours}）` : '';
  return `${info.name} 団体予約係\nTEL ${info.tel}${hours}`;
}
