import { useState } from 'react';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SpecialContractTermResponse } from '@sagano/domain/master-data/special-contract-term-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { useDeleteSpecialContractTerm, useSpecialContractTerms } from '../api/special-contract-terms.ts';
import { MasterDataList } from '../components/master-data-list.tsx';
import { SpecialContractTermFormModal } from '../components/special-contract-term-form-modal.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

type Dialog = { kind: 'form'; term: SpecialContractTermResponse | null } | { kind: 'delete'; term: SpecialContractTermResponse };

/** /special-contract-terms: submission deadline and answer date per period of service dates (spec 000 Master menu). */
export function Component() {
  const { t } = useTranslation(['masterData', 'common']);
  const terms = useSpecialContractTerms();
  const remove = useDeleteSpecialContractTerm();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const rows = terms.data?.special_contract_terms ?? [];
  const close = () => setDialog(null);

  return (
    <>
      <MasterDataList
        title={t('terms.title')}
        description={t('terms.description')}
        addLabel={t('terms.add')}
        onAdd={() => setDialog({ kind: 'form', term: null })}
        loading={terms.isPending}
        tableLabel={t('terms.listLabel')}
        minWidth={720}
        columns={[
          { label: t('terms.columns.period') },
          { label: t('terms.columns.name') },
          { label: t('terms.columns.deadline') },
          { label: t('terms.columns.answer') },
          { label: t('terms.columns.actions'), width: 100 },
        ]}
        empty={terms.isSuccess && rows.length === 0 ? t('terms.empty') : null}
      >
        {rows.map((term) => (
          <Table.Tr key={term.service_from_date} data-testid={`special-contract-term-${term.service_from_date}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('terms.period', { from: term.service_from_date, to: term.service_to_date })}</Table.Td>
            <Table.Td>{term.name}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{term.submission_deadline}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{term.answer_date}</Table.Td>
            <Table.Td>
              <RowActions
                edit={{ label: t('terms.edit', { name: term.name }), onClick: () => setDialog({ kind: 'form', term }) }}
                remove={{ label: t('terms.delete', { name: term.name }), onClick: () => setDialog({ kind: 'delete', term }) }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </MasterDataList>
      {dialog?.kind === 'form' && <SpecialContractTermFormModal key={dialog.term?.service_from_date ?? 'new'} term={dialog.term} onClose={close} />}
      <ConfirmMutation
        target={dialog?.kind === 'delete' ? dialog.term : null}
        title={t('terms.deleteTitle')}
        message={(term) => t('terms.deleteConfirm', { name: term.name, from: term.service_from_date, to: term.service_to_date })}
        confirmLabel={t('common:actions.delete')}
        danger
        mutation={remove}
        variables={(term) => term.service_from_date}
        done={t('terms.deleted')}
        onClose={close}
      />
    </>
  );
}
