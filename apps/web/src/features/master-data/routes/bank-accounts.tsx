import { useState } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PER_PAGE } from '@sagano/domain/common/paging-limits';
import type { BankAccountResponse } from '@sagano/domain/master-data/bank-account-schemas';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { RowActions } from '../../../components/row-actions.tsx';
import { useBankAccounts } from '../api/bank-accounts.ts';
import { BankAccountFormModal } from '../components/bank-account-form-modal.tsx';
import { MasterDataList } from '../components/master-data-list.tsx';

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** /bank-accounts (口座情報): where agents transfer money; the one marked 振込先 prints on invoices (spec 000 Master menu). */
export function Component() {
  const { t } = useTranslation(['masterData', 'common']);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageOf(searchParams.get('page'));
  const accounts = useBankAccounts(page, DEFAULT_PER_PAGE);
  // null: closed; 'new': adding; an account: editing it.
  const [editing, setEditing] = useState<BankAccountResponse | 'new' | null>(null);
  const rows = accounts.data?.bank_accounts ?? [];

  return (
    <>
      <MasterDataList
        title={t('bankAccounts.title')}
        description={t('bankAccounts.description')}
        addLabel={t('bankAccounts.add')}
        onAdd={() => setEditing('new')}
        loading={accounts.isPending}
        pending={accounts.isPlaceholderData}
        tableLabel={t('bankAccounts.listLabel')}
        minWidth={820}
        columns={[
          { label: t('bankAccounts.columns.bank') },
          { label: t('bankAccounts.columns.account') },
          { label: t('bankAccounts.columns.holder') },
          { label: t('bankAccounts.columns.company') },
          { label: t('bankAccounts.columns.transfer') },
          { label: t('bankAccounts.columns.actions'), width: 80 },
        ]}
        empty={accounts.isSuccess && rows.length === 0 ? t('bankAccounts.empty') : null}
        footer={
          accounts.data && (
            <ListPagination total={accounts.data.total} page={accounts.data.page} perPage={accounts.data.per_page} onChange={(next) => setSearchParams({ page: String(next) })} />
          )
        }
      >
        {rows.map((a) => (
          <Table.Tr key={a.id} data-testid={`bank-account-${a.id}`}>
            <Table.Td>
              <Text size="sm">{a.bank_name}</Text>
              <Text size="xs" c="dimmed">
                {t('bankAccounts.branch', { name: a.branch_name, code: a.branch_code })}
              </Text>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('bankAccounts.account', { type: t(`bankAccounts.types.${a.account_type}`), code: a.account_code })}</Table.Td>
            <Table.Td>{a.account_name}</Table.Td>
            <Table.Td>{a.company_name}</Table.Td>
            <Table.Td>{a.is_transfer_account && <Badge variant="light">{t('bankAccounts.transferBadge')}</Badge>}</Table.Td>
            <Table.Td>
              <RowActions edit={{ label: t('bankAccounts.edit', { bank: a.bank_name, branch: a.branch_name, code: a.account_code }), onClick: () => setEditing(a) }} />
            </Table.Td>
          </Table.Tr>
        ))}
      </MasterDataList>
      {editing !== null && <BankAccountFormModal key={editing === 'new' ? 'new' : editing.id} account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
