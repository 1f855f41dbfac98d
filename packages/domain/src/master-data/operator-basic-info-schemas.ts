import { z } from 'zod';

/**
 * The operator's basic information (spec 000 "Operator info": name, logo, tel, business hours,
 * address, invoice_number; the invoice header adds postal_code, fax and the company stamp):
 * printed on the seat table, voucher and invoices, and signed under the booking mails. The logo
 * and the stamp are images uploaded on their own calls (PUT …/logo, …/stamp).
 */

/** A qualified-invoice issuer number: T and 13 digits (適格請求書発行事業者登録番号), or empty until registered. */
export const INVOICE_NUMBER_MESSAGE = 'enter T and 13 digits';

export const POSTAL_CODE_MESSAGE = 'enter 3 digits, a hyphen and 4 digits (e.g. 616-8373)';
const PHONE_LIKE = /^[0-9+()\- ]+$/;
const PHONE_LIKE_MESSAGE = 'enter digits, spaces, + ( ) or -';

/** The minimum group size setting's range (a group of one is the floor; 2000 the most a booking counts). */
export const MIN_GROUP_SIZE = { min: 1, max: 2000 } as const;
/** The usual floor of Japanese rail group fares; the setting's value as shipped. */
export const DEFAULT_MIN_GROUP_SIZE = 8;
const MIN_GROUP_SIZE_MESSAGE = `enter a whole number from ${MIN_GROUP_SIZE.min} to ${MIN_GROUP_SIZE.max}`;

export const MAX_OPERATOR_NAME = 100;
export const MAX_BUSINESS_HOURS = 100;
export const MAX_OPERATOR_ADDRESS = 200;

export const OperatorBasicInfoBody = z.object({
  name: z.string('a name is required').trim().min(1, 'a name is required').max(MAX_OPERATOR_NAME),
  tel: z
    .string('a phone number is required')
    .trim()
    .min(1, 'a phone number is required')
    .max(20)
    .regex(PHONE_LIKE, PHONE_LIKE_MESSAGE),
  business_hours: z.string().trim().max(MAX_BUSINESS_HOURS),
  address: z.string().trim().max(MAX_OPERATOR_ADDRESS),
  invoice_number: z.string().trim().regex(/^(T\d{13})?$/, INVOICE_NUMBER_MESSAGE),
  /** 〒 as 123-4567, or empty. Left out, the stored one stays (clients written before it existed). */
  postal_code: z.string().trim().regex(/^(\d{3}-\d{4})?$/, POSTAL_CODE_MESSAGE).optional(),
  /** Phone-like, or empty. Left out, the stored one stays. */
  fax: z.string().trim().max(20).regex(/^([0-9+()\- ]+)?$/, PHONE_LIKE_MESSAGE).optional(),
  /** The smallest group a booking may carry (participants), 1–2000. Left out, the stored one stays. */
  min_group_size: z
    .number(MIN_GROUP_SIZE_MESSAGE)
    .int(MIN_GROUP_SIZE_MESSAGE)
    .min(MIN_GROUP_SIZE.min, MIN_GROUP_SIZE_MESSAGE)
    .max(MIN_GROUP_SIZE.max, MIN_GROUP_SIZE_MESSAGE)
    .optional(),
});
export type OperatorBasicInfoBody = z.infer<typeof OperatorBasicInfoBody>;

export const OperatorBasicInfoResponse = OperatorBasicInfoBody.extend({
  postal_code: z.string(),
  fax: z.string(),
  min_group_size: z.number().int(),
  /** Where the image is served (GET …/operator-basic-info/logo, with its key as a version so a new image is fetched anew); null when none is set. */
  logo_url: z.string().nullable(),
  stamp_url: z.string().nullable(),
  updated_at: z.string(),
});
export type OperatorBasicInfoResponse = z.infer<typeof OperatorBasicInfoResponse>;

/** The two images of the operator: the logo and the company stamp (社印), each uploaded and removed on its own. */
export const OPERATOR_IMAGES = ['logo', 'stamp'] as const;
export type OperatorImage = (typeof OPERATOR_IMAGES)[number];

/** The closing lines of the booking mails: who answers, and how to reach them. */
export function mailSignature(info: Pick<OperatorBasicInfoBody, 'name' | 'tel' | 'business_hours'>): string {
  const hours = info.business_hours ? `（${info.business_hours}）` : '';
  return `${info.name} 団体予約係\nTEL ${info.tel}${hours}`;
}
