import { useState } from 'react';
import { Button, LoadingOverlay, Paper, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SpecialContractTermResponse } from '@sagano/domain/master-data/special-contract-term-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { useDeleteSpecialContractTerm, useSpecialContractTerms } from '../api/special-contract-terms.ts';
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
      <PageHeader
        title={t('terms.title')}
        description={t('terms.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'form', term: null })}>
            {t('terms.add')}
          </Button>
        }
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={terms.isPending} />
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label={t('terms.listLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('terms.columns.period')}</Table.Th>
                <Table.Th>{t('terms.columns.name')}</Table.Th>
                <Table.Th>{t('terms.columns.deadline')}</Table.Th>
                <Table.Th>{t('terms.columns.answer')}</Table.Th>
                <Table.Th w={100}>{t('terms.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {terms.isSuccess && rows.length === 0 && <TableEmptyRow colSpan={5}>{t('terms.empty')}</TableEmptyRow>}
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
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
