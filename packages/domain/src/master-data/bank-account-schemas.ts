import { z } from 'zod';
import { pageEnvelope, PagingQuery } from '../common/paging.ts';

/**
 * Bank accounts (spec 000 "Bank account"): where agents transfer money. The one marked
 * `is_transfer_account` (振込先) is printed on invoices; at most one is marked, and marking
 * another un-marks it.
 */

export const BANK_ACCOUNT_TYPES = ['ordinary', 'saving', 'checking'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export const BRANCH_CODE_MESSAGE = 'enter the 3-digit branch code';
export const ACCOUNT_CODE_MESSAGE = 'enter the 7-digit account number';
export const ACCOUNT_NAME_MESSAGE = 'enter the account holder in kana';

/**
 * The account holder as banks spell it: full-width or half-width katakana (small kana and the
 * sound marks too), digits, capital Latin letters, spaces, and the symbols the Zengin transfer
 * format allows: ( ) . - / , 「 」 and the middle dot ・, in full or half width. No kanji,
 * hiragana or lower case.
 */
const ACCOUNT_NAME = /^[\u30A1-\u30F6\u30FC\u309B\u309C\uFF66-\uFF9F0-9\uFF10-\uFF19A-Z\uFF21-\uFF3A \u3000()\uFF08\uFF09.\uFF0E\-\uFF0D\u2212/\uFF0F,\uFF0C\u300C\u300D\uFF62\uFF63\u30FB\uFF65]+$/;

/** Full-width digits as typed on a Japanese keyboard, turned into ASCII ones. */
export function halfWidthDigits(text: string): string {
  return text.replace(/[\uFF10-\uFF19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}

const Code = (digits: number, message: string) =>
  z
    .string(message)
    .trim()
    .overwrite(halfWidthDigits)
    .regex(new RegExp(`^[0-9]{${digits}}$`), message);

const Required = (message: string, max: number) => z.string(message).trim().min(1, message).max(max);

/** The company, bank and branch names; the account holder's name (katakana as the bank has it). */
export const MAX_BANK_NAME = 100;
export const MAX_ACCOUNT_NAME = 50;

/** POST /v1/master-data/bank-accounts and PUT /{id}: the whole account. */
export const BankAccountBody = z.object({
  company_name: Required('a company name is required', MAX_BANK_NAME),
  bank_name: Required('a bank name is required', MAX_BANK_NAME),
  branch_name: Required('a branch name is required', MAX_BANK_NAME),
  branch_code: Code(3, BRANCH_CODE_MESSAGE),
  account_code: Code(7, ACCOUNT_CODE_MESSAGE),
  account_name: Required('an account name is required', MAX_ACCOUNT_NAME).regex(ACCOUNT_NAME, ACCOUNT_NAME_MESSAGE),
  account_type: z.enum(BANK_ACCOUNT_TYPES, 'choose the account type'),
  is_transfer_account: z.boolean().default(false),
});
export type BankAccountBody = z.input<typeof BankAccountBody>;
export type BankAccountInput = z.output<typeof BankAccountBody>;

export const BankAccountResponse = z.object({
  id: z.number().int(),
  company_name: z.string(),
  bank_name: z.string(),
  branch_name: z.string(),
  branch_code: z.string(),
  account_code: z.string(),
  account_name: z.string(),
  account_type: z.enum(BANK_ACCOUNT_TYPES),
  is_transfer_account: z.boolean(),
  updated_at: z.string(),
});
export type BankAccountResponse = z.infer<typeof BankAccountResponse>;

export const BankAccountListQuery = PagingQuery;
export type BankAccountListQuery = z.infer<typeof BankAccountListQuery>;

export const BankAccountListResponse = pageEnvelope('bank_accounts', BankAccountResponse);
export type BankAccountListResponse = { total: number; page: number; per_page: number; bank_accounts: BankAccountResponse[] };

export const BankAccountIdParams = z.object({ id: z.coerce.number().int().min(1) });
