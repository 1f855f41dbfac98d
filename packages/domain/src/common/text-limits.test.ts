/** Every limit a screen counts against is the one its schema enforces: the limit passes, one more is refused. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CreateAgentBody, CreateAgentGroupBody, CreateStaffBody, MAX_AGENT_NAME, MAX_AGENT_OTHER_NAME } from '../agents/agent-schemas.ts';
import { ApproveBody, MAX_APPROVAL_REASON, RejectBody } from '../approvals/approval-schemas.ts';
import { ArrangementPatternBody, MAX_PATTERN_NAME } from '../arrangements/arrangement-schemas.ts';
import { CreateApiKeyBody, MAX_API_KEY_NAME } from '../auth/api-key-schemas.ts';
import { AssignOperatorBody, BookingGroup, ConfirmBookingBody, CreateBookingBody, MAX_GROUP_NAME_KANA, MAX_REQUEST_NOTE, MAX_SPECIAL_NOTE, TourConductor, Applicant } from '../bookings/booking-schemas.ts';
import { BankAccountBody, MAX_ACCOUNT_NAME, MAX_BANK_NAME } from '../master-data/bank-account-schemas.ts';
import { MAX_BUSINESS_HOURS, MAX_OPERATOR_ADDRESS, MAX_OPERATOR_NAME, OperatorBasicInfoBody } from '../master-data/operator-basic-info-schemas.ts';
import { MAX_TRANSFER_NOTE, RecordBankTransferBody } from '../payments/payment-schemas.ts';
import { MAX_PRICING_PLAN_NAME, PricingPlanBody } from '../pricing/pricing-schemas.ts';
import { AssignSeatsNgBody, ConfirmVoucherBody } from '../seats/seat-schemas.ts';
import { MAX_SEAT_NG_REASON } from '../seats/seat-limits.ts';
import { CreateUserBody } from '../users/user-schemas.ts';
import { MAX_MAIL_BODY, MAX_MAIL_SUBJECT, MAX_PERSON_NAME } from './text-limits.ts';

/** Text of `n` characters a person could type (kana, so a limit is counted in characters). */
const text = (n: number) => 'ア'.repeat(n);

const cases: [string, z.ZodType, number][] = [
  ['applicant name', Applicant.shape.name, MAX_PERSON_NAME],
  ['tour conductor name', TourConductor.shape.name, MAX_PERSON_NAME],
  ['operator in charge', AssignOperatorBody.shape.operator_name, MAX_PERSON_NAME],
  ['staff name', CreateStaffBody.shape.name, MAX_PERSON_NAME],
  ['main admin name', CreateAgentBody.shape.main_admin_name, MAX_PERSON_NAME],
  ['account name', CreateUserBody.shape.name, MAX_PERSON_NAME],
  ['group name kana', BookingGroup.shape.name_kana, MAX_GROUP_NAME_KANA],
  ['request note', CreateBookingBody.shape.note, MAX_REQUEST_NOTE],
  ['voucher note', ConfirmVoucherBody.shape.note, MAX_SPECIAL_NOTE],
  ['mail subject', ConfirmBookingBody.shape.mail.shape.subject, MAX_MAIL_SUBJECT],
  ['mail body', ConfirmBookingBody.shape.mail.shape.body, MAX_MAIL_BODY],
  ['seats NG reason', AssignSeatsNgBody.shape.ng_reason, MAX_SEAT_NG_REASON],
  ['approval reason', ApproveBody.shape.reason, MAX_APPROVAL_REASON],
  ['rejection reason', RejectBody.shape.reason, MAX_APPROVAL_REASON],
  ['arrangement pattern name', ArrangementPatternBody.shape.name, MAX_PATTERN_NAME],
  ['API key name', CreateApiKeyBody.shape.name, MAX_API_KEY_NAME],
  ['agent name', CreateAgentBody.shape.name_ja, MAX_AGENT_NAME],
  ['agent name (English)', CreateAgentBody.shape.name_en, MAX_AGENT_OTHER_NAME],
  ['branch name (kana)', CreateAgentGroupBody.shape.name_kana, MAX_AGENT_OTHER_NAME],
  ['bank name', BankAccountBody.shape.bank_name, MAX_BANK_NAME],
  ['operator name', OperatorBasicInfoBody.shape.name, MAX_OPERATOR_NAME],
  ['business hours', OperatorBasicInfoBody.shape.business_hours, MAX_BUSINESS_HOURS],
  ['operator address', OperatorBasicInfoBody.shape.address, MAX_OPERATOR_ADDRESS],
  ['transfer note', RecordBankTransferBody.shape.note, MAX_TRANSFER_NOTE],
  ['pricing plan name', PricingPlanBody.shape.name, MAX_PRICING_PLAN_NAME],
];

describe('the exported text limits are the schemas’ own', () => {
  it.each(cases)('%s: the limit passes, one more character is refused', (_name, schema, max) => {
    expect(schema.safeParse(text(max)).success).toBe(true);
    expect(schema.safeParse(text(max + 1)).success).toBe(false);
  });

  it('the bank account holder (katakana) passes at its limit and not beyond', () => {
    expect(BankAccountBody.shape.account_name.safeParse('サ'.repeat(MAX_ACCOUNT_NAME)).success).toBe(true);
    expect(BankAccountBody.shape.account_name.safeParse('サ'.repeat(MAX_ACCOUNT_NAME + 1)).success).toBe(false);
  });
});
