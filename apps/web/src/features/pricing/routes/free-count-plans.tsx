import { useState } from 'react';
import { ActionIcon, Button, Group, LoadingOverlay, Paper, Table, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FreeCountPlanResponse } from '@sagano/domain/pricing/pricing-schemas';
import { ConfirmMutation } from '../../../components/confirm-mutation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useDeleteFreeCountPlan } from '../api/delete-free-count-plan.ts';
import { useFreeCountPlans } from '../api/get-free-count-plans.ts';
import { FreeCountRowEditor } from '../components/free-count-row-editor.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';

/** /free-count-plans: participant ranges and how many of them ride free, edited in the list. */
export function Component() {
  const { t } = useTranslation(['pricing', 'common']);
  const plans = useFreeCountPlans();
  const remove = useDeleteFreeCountPlan();
  /** The row being edited: a plan id, 'new', or none. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [deleting, setDeleting] = useState<FreeCountPlanResponse | null>(null);
  const [confirmOpened, setConfirmOpened] = useState(false);
  const rows = plans.data?.free_count_plans ?? [];
  const othersThan = (id: number | null) => rows.filter((p) => p.id !== id);

  return (
    <>
      <PageHeader
        title={t('freeCount.title')}
        description={t('freeCount.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} disabled={editing === 'new'}>
            {t('freeCount.add')}
          </Button>
        }
      />
      <Paper withBorder p="md" pos="relative" maw={720}>
        <LoadingOverlay visible={plans.isFetching && !plans.data} />
        <Table aria-label={t('freeCount.listLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('freeCount.columns.range')}</Table.Th>
              <Table.Th>{t('freeCount.columns.free')}</Table.Th>
              <Table.Th w={100}>{t('freeCount.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && editing !== 'new' && <TableEmptyRow colSpan={3}>{t('freeCount.empty')}</TableEmptyRow>}
            {rows.map((plan) =>
              editing === plan.id ? (
                <FreeCountRowEditor key={plan.id} plan={plan} others={othersThan(plan.id)} onDone={() => setEditing(null)} />
              ) : (
                <Table.Tr key={plan.id} data-testid={`free-count-${plan.min}`}>
                  <Table.Td>{t('freeCount.rangeText', { min: plan.min, max: plan.max })}</Table.Td>
                  <Table.Td>{t('freeCount.freeText', { count: plan.free_quantity })}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t('common:actions.edit')}>
                        <ActionIcon variant="subtle" aria-label={t('freeCount.edit', { min: plan.min, max: plan.max })} onClick={() => setEditing(plan.id)}>
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('common:actions.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('freeCount.delete', { min: plan.min, max: plan.max })}
                          onClick={() => {
                            setDeleting(plan);
                            setConfirmOpened(true);
                          }}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
            {editing === 'new' && <FreeCountRowEditor plan={null} others={rows} onDone={() => setEditing(null)} />}
          </Table.Tbody>
        </Table>
      </Paper>
      <ConfirmMutation
        target={confirmOpened ? deleting : null}
        title={t('freeCount.deleteTitle')}
        message={(plan) => t('freeCount.deleteConfirm', { min: plan.min, max: plan.max, count: plan.free_quantity })}
        confirmLabel={t('common:actions.delete')}
        danger
        mutation={remove}
        variables={(plan) => plan.id}
        done={t('freeCount.deleted')}
        onClose={() => setConfirmOpened(false)}
      />
    </>
  );
}
