import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { BankAccountInput, BankAccountListQuery, BankAccountResponse } from '@sagano/domain/master-data/bank-account-schemas';
import type { Executor } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { pageOfTable } from '../../db/paging.ts';

function toResponse(r: typeof t.bankAccounts.$inferSelect): BankAccountResponse {
  return {
    id: r.id,
    company_name: r.companyName,
    bank_name: r.bankName,
    branch_name: r.branchName,
    branch_code: r.branchCode,
    account_code: r.accountCode,
    account_name: r.accountName,
    account_type: r.accountType,
    is_transfer_account: r.isTransferAccount,
    updated_at: r.updatedAt.toISOString(),
  };
}

const columnsOf = (input: BankAccountInput) => ({
  companyName: input.company_name,
  bankName: input.bank_name,
  branchName: input.branch_name,
  branchCode: input.branch_code,
  accountCode: input.account_code,
  accountName: input.account_name,
  accountType: input.account_type,
  isTransferAccount: input.is_transfer_account,
});

/** A page of accounts, oldest first. */
export async function listBankAccounts(db: Executor, q: BankAccountListQuery): Promise<{ total: number; rows: BankAccountResponse[] }> {
  const { total, rows } = await pageOfTable(db, t.bankAccounts, q, { orderBy: [asc(t.bankAccounts.id)] });
  return { total, rows: rows.map(toResponse) };
}

export async function findBankAccount(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<BankAccountResponse | undefined> {
  const query = db.select().from(t.bankAccounts).where(eq(t.bankAccounts.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? toResponse(row) : undefined;
}

/** The account invoices print (振込先), if one is marked. */
export async function findTransferAccount(db: Executor): Promise<BankAccountResponse | undefined> {
  const [row] = await db.select().from(t.bankAccounts).where(eq(t.bankAccounts.isTransferAccount, true));
  return row ? toResponse(row) : undefined;
}

/** Serialises the writes that mark a transfer account, so two at once cannot both keep theirs. */
export async function lockBankAccounts(db: Executor): Promise<void> {
  await db.execute(sql`lock table ${t.bankAccounts} in share row exclusive mode`);
}

/** Un-marks the transfer account other than `except`. */
export async function unmarkTransferAccount(db: Executor, except?: number): Promise<void> {
  await db
    .update(t.bankAccounts)
    .set({ isTransferAccount: false, updatedAt: new Date() })
    .where(and(eq(t.bankAccounts.isTransferAccount, true), except === undefined ? undefined : ne(t.bankAccounts.id, except)));
}

export async function insertBankAccount(db: Executor, input: BankAccountInput): Promise<number> {
  const [row] = await db.insert(t.bankAccounts).values(columnsOf(input)).returning({ id: t.bankAccounts.id });
  return row!.id;
}

export async function updateBankAccount(db: Executor, id: number, input: BankAccountInput): Promise<void> {
  await db.update(t.bankAccounts).set({ ...columnsOf(input), updatedAt: new Date() }).where(eq(t.bankAccounts.id, id));
}
