import { useState } from 'react';
import { Button, LoadingOverlay, Paper, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAYMENT_DAY_BEFORE, type GroupScheduleResponse } from '@sagano/domain/master-data/group-schedule-schemas';
import { PageHeader } from '../../../components/page-header.tsx';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { useGroupSchedules } from '../api/group-schedules.ts';
import { GroupScheduleFormModal } from '../components/group-schedule-form-modal.tsx';
import { RowActions } from '../../../components/row-actions.tsx';

/** /group-schedules: release, payment and reminder days per period of service dates (spec 000 Master menu). */
export function Component() {
  const { t } = useTranslation(['masterData', 'common']);
  const schedules = useGroupSchedules();
  // null: closed; 'new': adding; a schedule: editing it.
  const [editing, setEditing] = useState<GroupScheduleResponse | 'new' | null>(null);
  const rows = schedules.data?.group_schedules ?? [];
  const daysBefore = (days: number) => t('schedules.daysBefore', { days });

  return (
    <>
      <PageHeader
        title={t('schedules.title')}
        description={t('schedules.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('schedules.add')}
          </Button>
        }
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={schedules.isPending} />
        <Table.ScrollContainer minWidth={760}>
          <Table aria-label={t('schedules.listLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('schedules.columns.period')}</Table.Th>
                <Table.Th>{t('schedules.columns.name')}</Table.Th>
                <Table.Th ta="right">{t('schedules.columns.release')}</Table.Th>
                <Table.Th ta="right">{t('schedules.columns.payment')}</Table.Th>
                <Table.Th ta="right">{t('schedules.columns.remind')}</Table.Th>
                <Table.Th w={80}>{t('schedules.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedules.isSuccess && rows.length === 0 && <TableEmptyRow colSpan={6}>{t('schedules.empty', { days: DEFAULT_PAYMENT_DAY_BEFORE })}</TableEmptyRow>}
              {rows.map((s) => (
                <Table.Tr key={s.service_from_date} data-testid={`group-schedule-${s.service_from_date}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{t('schedules.period', { from: s.service_from_date, to: s.service_to_date })}</Table.Td>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td ta="right">{daysBefore(s.group_arrangement_release_day_before)}</Table.Td>
                  <Table.Td ta="right">{daysBefore(s.payment_day_before)}</Table.Td>
                  <Table.Td ta="right">{daysBefore(s.remind_day_before)}</Table.Td>
                  <Table.Td>
                    <RowActions edit={{ label: t('schedules.edit', { name: s.name }), onClick: () => setEditing(s) }} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {editing !== null && (
        <GroupScheduleFormModal key={editing === 'new' ? 'new' : editing.service_from_date} schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
