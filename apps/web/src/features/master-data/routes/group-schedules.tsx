import { useState } from 'react';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAYMENT_DAY_BEFORE, type GroupScheduleResponse } from '@sagano/domain/master-data/group-schedule-schemas';
import { RowActions } from '../../../components/row-actions.tsx';
import { useGroupSchedules } from '../api/group-schedules.ts';
import { GroupScheduleFormModal } from '../components/group-schedule-form-modal.tsx';
import { MasterDataList } from '../components/master-data-list.tsx';

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
      <MasterDataList
        title={t('schedules.title')}
        description={t('schedules.description')}
        addLabel={t('schedules.add')}
        onAdd={() => setEditing('new')}
        loading={schedules.isPending}
        tableLabel={t('schedules.listLabel')}
        minWidth={760}
        columns={[
          { label: t('schedules.columns.period') },
          { label: t('schedules.columns.name') },
          { label: t('schedules.columns.release'), align: 'right' },
          { label: t('schedules.columns.payment'), align: 'right' },
          { label: t('schedules.columns.remind'), align: 'right' },
          { label: t('schedules.columns.actions'), width: 80 },
        ]}
        empty={schedules.isSuccess && rows.length === 0 ? t('schedules.empty', { days: DEFAULT_PAYMENT_DAY_BEFORE }) : null}
      >
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
      </MasterDataList>
      {editing !== null && (
        <GroupScheduleFormModal key={editing === 'new' ? 'new' : editing.service_from_date} schedule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
