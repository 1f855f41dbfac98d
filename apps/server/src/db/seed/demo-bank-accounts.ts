/**
 * Demo bank accounts: the operator's two accounts, the ordinary one marked as the transfer
 * account (振込先) that invoices print. Bank and branch are made up.
 */
import type { Tx } from '../client.ts';
import * as t from '../schema.ts';

export const DEMO_BANK_ACCOUNTS = [
  {
    companyName: '嵯峨野観光鉄道株式会社',
    bankName: '京都みやこ銀行',
    branchName: '嵐山支店',
    branchCode: '123',
    accountCode: '1234567',
    accountName: 'サガノカンコウテツドウ（カ',
    accountType: 'ordinary',
    isTransferAccount: true,
  },
  {
    companyName: '嵯峨野観光鉄道株式会社',
    bankName: '京都みやこ銀行',
    branchName: '亀岡支店',
    branchCode: '456',
    accountCode: '7654321',
    accountName: 'サガノカンコウテツドウ（カ',
    accountType: 'checking',
    isTransferAccount: false,
  },
] as const;

export async function insertDemoBankAccounts(tx: Tx): Promise<void> {
  await tx.insert(t.bankAccounts).values([...DEMO_BANK_ACCOUNTS]);
}
