/**
 * Operator master data: the cancellation policy, group schedules, special contract terms and the operator’s basic information.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BankAccountType } from '@sagano/domain/master-data/bank-account-schemas';
import { storedFiles } from './files.ts';
import { createdAt, updatedAt } from './columns.ts';

/** The cancellation policy: from days_before days before the service date, rate_e6 of the total is charged. */
export const cancellationPolicies = pgTable(
  'cancellation_policies',
  {
    daysBefore: integer('days_before').primaryKey(),
    rateE6: integer('rate_e6').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('cancellation_policies_values', sql`${t.daysBefore} >= 0 and ${t.rateE6} between 0 and 1000000`)],
);

/** Free count plans: for a participant count in [min, max], that many ride free. */
/**
 * Group schedules (spec 000 "Group schedule"): the days before a service date on which group
 * allotments are released, payment is due and agents are reminded, for the service dates of a
 * period. Named by the period's first date; periods never overlap (exclusion constraint in 0013).
 */
export const groupSchedules = pgTable(
  'group_schedules',
  {
    serviceFromDate: date('service_from_date', { mode: 'string' }).primaryKey(),
    serviceToDate: date('service_to_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    groupArrangementReleaseDayBefore: integer('group_arrangement_release_day_before').notNull(),
    paymentDayBefore: integer('payment_day_before').notNull(),
    remindDayBefore: integer('remind_day_before').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('group_schedules_period', sql`${t.serviceFromDate} <= ${t.serviceToDate}`),
    check(
      'group_schedules_days',
      sql`${t.groupArrangementReleaseDayBefore} between 0 and 365 and ${t.paymentDayBefore} between 0 and 365 and ${t.remindDayBefore} between 0 and 365`,
    ),
  ],
);

/**
 * Special contract terms (spec 000 "Special contract term"): until when SPECIAL_CONTRACTED agents
 * submit requests for a period of service dates, and when the operator answers them. Named by the
 * period's first date; periods never overlap (exclusion constraint in 0014).
 */
export const specialContractTerms = pgTable(
  'special_contract_terms',
  {
    serviceFromDate: date('service_from_date', { mode: 'string' }).primaryKey(),
    serviceToDate: date('service_to_date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    submissionDeadline: date('submission_deadline', { mode: 'string' }).notNull(),
    answerDate: date('answer_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('special_contract_terms_period', sql`${t.serviceFromDate} <= ${t.serviceToDate}`),
    check('special_contract_terms_answer', sql`${t.submissionDeadline} <= ${t.answerDate} and ${t.answerDate} < ${t.serviceFromDate}`),
  ],
);

/** The operator's basic information (spec 000 "Operator info"): one row, id 1, made by migration 0015. */
export const operatorBasicInfo = pgTable(
  'operator_basic_info',
  {
    id: smallint('id').primaryKey(),
    name: text('name').notNull(),
    tel: text('tel').notNull(),
    businessHours: text('business_hours').notNull(),
    address: text('address').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    fax: text('fax').notNull().default(''),
    /** The logo and the company stamp printed on invoices and receipts (files in the storage). */
    logoFileKey: text('logo_file_key').references(() => storedFiles.key),
    stampFileKey: text('stamp_file_key').references(() => storedFiles.key),
    /** The smallest group a booking may carry (participants); 8 is the usual floor of Japanese rail group fares. */
    minGroupSize: smallint('min_group_size').notNull().default(8),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('operator_basic_info_single_row', sql`${t.id} = 1`),
    check('operator_basic_info_min_group_size', sql`${t.minGroupSize} between 1 and 2000`),
  ],
);

/**
 * Bank accounts (spec 000 "Bank account"): where agents transfer money. The one marked
 * `is_transfer_account` prints on invoices (at most one, partial unique index).
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    bankName: text('bank_name').notNull(),
    branchName: text('branch_name').notNull(),
    /** Three digits. */
    branchCode: text('branch_code').notNull(),
    /** The account number: seven digits. */
    accountCode: text('account_code').notNull(),
    /** The account holder in kana, as the bank spells it. */
    accountName: text('account_name').notNull(),
    accountType: text('account_type').$type<BankAccountType>().notNull(),
    isTransferAccount: boolean('is_transfer_account').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bank_accounts_account_type', sql`${t.accountType} in ('ordinary', 'saving', 'checking')`),
    check('bank_accounts_codes', sql`${t.branchCode} ~ '^[0-9]{3}$' and ${t.accountCode} ~ '^[0-9]{7}$'`),
    uniqueIndex('bank_accounts_one_transfer_account').on(t.isTransferAccount).where(sql`${t.isTransferAccount}`),
  ],
);

/** The module that writes each table of this file (ADR 024): apps/server/test/table-ownership.test.ts fails on a write from elsewhere. */
export const masterDataTableOwners = {
  cancellation_policies: 'master-data',
  group_schedules: 'master-data',
  special_contract_terms: 'master-data',
  operator_basic_info: 'master-data',
  bank_accounts: 'master-data',
} as const;
