import { useState } from 'react';
import { Table, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import { SEGMENTS } from '@sagano/domain/reference/reference-schemas';
import { useUnits } from '../../../lib/reference/get-units.ts';
import { MasterDataList } from '../components/master-data-list.tsx';
import { UnitFormModal } from '../components/unit-form-modal.tsx';

/**
 * /units: the fare units of each segment (spec 000 §3 "Unit"; our screen, the Master menu):
 * passengers (adult, child with their annotations) and the luggage and change-handling-fee items;
 * adding one posts /v1/units. Units are not changed or removed (bookings and plans name them).
 */
export function Component() {
  const { t } = useTranslation(['masterData', 'common']);
  const units = useUnits();
  const [adding, setAdding] = useState(false);
  const segmentOrder = (segment: string) => SEGMENTS.indexOf(segment as (typeof SEGMENTS)[number]);
  const rows = [...(units.data?.units ?? [])].sort((a, b) => segmentOrder(a.segment) - segmentOrder(b.segment) || a.display_order - b.display_order || a.id - b.id);
  const yes = (on: boolean) => (on ? <IconCheck size={16} aria-label={t('units.yes')} /> : <Text span c="dimmed">—</Text>);

  return (
    <>
      <MasterDataList
        title={t('units.title')}
        description={t('units.description')}
        addLabel={t('units.add')}
        onAdd={() => setAdding(true)}
        loading={units.isPending}
        tableLabel={t('units.listLabel')}
        minWidth={820}
        columns={[
          { label: t('units.columns.segment') },
          { label: t('units.columns.fareType') },
          { label: t('units.columns.annotation') },
          { label: t('units.columns.nameJa') },
          { label: t('units.columns.nameEn') },
          { label: t('units.columns.displayOrder'), align: 'right' },
          { label: t('units.columns.countInclusive') },
          { label: t('units.columns.autoCalculated') },
        ]}
        empty={units.isSuccess && rows.length === 0 ? t('units.empty') : null}
      >
        {rows.map((u) => (
          <Table.Tr key={u.id} data-testid={`unit-${u.id}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`units.segments.${u.segment}`)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`units.fareTypes.${u.fare_type}`)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`units.annotations.${u.annotation}`)}</Table.Td>
            <Table.Td>{labelText(u.name_label, 'ja')}</Table.Td>
            <Table.Td>{labelText(u.name_label, 'en')}</Table.Td>
            <Table.Td ta="right">{u.display_order}</Table.Td>
            <Table.Td>{yes(u.count_inclusive)}</Table.Td>
            <Table.Td>{yes(u.auto_calculated)}</Table.Td>
          </Table.Tr>
        ))}
      </MasterDataList>
      {adding && <UnitFormModal onClose={() => setAdding(false)} />}
    </>
  );
}
