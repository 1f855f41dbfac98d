import type { BankAccountInput, BankAccountResponse } from '@sagano/domain/master-data/bank-account-schemas';
import { notFound } from '../../lib/app-error.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { findBankAccount, insertBankAccount, lockBankAccounts, unmarkTransferAccount, updateBankAccount } from './bank-accounts.repository.ts';

/** The operator's bank accounts, one of them the account transfers go to. */
export function createBankAccountsService() {
  return {
    /** Adds an account; marked as the transfer account, it takes the mark from the one that had it. */
    async createBankAccount(work: Work, input: BankAccountInput): Promise<BankAccountResponse> {
      if (input.is_transfer_account) {
        await lockBankAccounts(work.tx);
        await unmarkTransferAccount(work.tx);
      }
      const id = await insertBankAccount(work.tx, input);
      return (await findBankAccount(work.tx, id))!;
    },

    /** Replaces the account's details; marking it un-marks the previous transfer account in the same transaction. */
    async changeBankAccount(work: Work, id: number, input: BankAccountInput): Promise<BankAccountResponse> {
      if (input.is_transfer_account) await lockBankAccounts(work.tx);
      if (!(await findBankAccount(work.tx, id, { lock: true }))) throw notFound('bank account');
      if (input.is_transfer_account) await unmarkTransferAccount(work.tx, id);
      await updateBankAccount(work.tx, id, input);
      return (await findBankAccount(work.tx, id))!;
    },
  };
}
