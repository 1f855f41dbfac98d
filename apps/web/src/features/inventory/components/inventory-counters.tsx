import { Box, Group, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceInventoryResponse } from '@sagano/domain/inventory/inventory-schemas';
import type { ReferenceLabels } from './use-reference-labels.ts';

const num = { ta: 'right', style: { fontVariantNumeric: 'tabular-nums' } } as const;

/** Capacity, held and left per arrangement type and leg: what the allotment levels are computed from. */
export function InventoryCounters({ inventory, refs }: { inventory: ServiceInventoryResponse; refs: ReferenceLabels }) {
  const { t } = useTranslation('inventory');
  const legs = [...inventory.legs].sort((a, b) => a - b);
  const typeIds = [...new Set(inventory.counters.map((c) => c.arrangement_type_id))].sort(
    (a, b) => (refs.typeById.get(a)?.display_order ?? a) - (refs.typeById.get(b)?.display_order ?? b),
  );
  const counter = (typeId: number, leg: number) => inventory.counters.find((c) => c.arrangement_type_id === typeId && c.leg === leg);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {t('service.counters')}
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table withTableBorder withColumnBorders verticalSpacing={4} fz="sm" aria-label={t('service.counters')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th rowSpan={2}>{t('service.columns.type')}</Table.Th>
              {legs.map((leg) => (
                <Table.Th key={leg} colSpan={3} ta="center">
                  {t('service.legHeader', { from: refs.stationName(leg), to: refs.stationName(leg + 1) })}
                </Table.Th>
              ))}
            </Table.Tr>
            <Table.Tr>
              {legs.flatMap((leg) => [
                <Table.Th key={`${leg}-c`} ta="right" fw={500}>
                  {t('service.columns.capacity')}
                </Table.Th>,
                <Table.Th key={`${leg}-h`} ta="right" fw={500}>
                  {t('service.columns.held')}
                </Table.Th>,
                <Table.Th key={`${leg}-v`} ta="right" fw={500}>
                  {t('service.columns.vacant')}
                </Table.Th>,
              ])}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {typeIds.map((typeId) => (
              <Table.Tr key={typeId}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Box w={12} h={12} style={{ borderRadius: 2, background: refs.typeById.get(typeId)?.color_hex ?? '#ccc', flexShrink: 0 }} aria-hidden />
                    <Text size="sm">{refs.typeName(typeId)}</Text>
                  </Group>
                </Table.Td>
                {legs.flatMap((leg) => {
                  const c = counter(typeId, leg);
                  return [
                    <Table.Td key={`${leg}-c`} {...num}>
                      {c?.capacity ?? '—'}
                    </Table.Td>,
                    <Table.Td key={`${leg}-h`} {...num}>
                      {c?.held ?? '—'}
                    </Table.Td>,
                    <Table.Td key={`${leg}-v`} {...num} fw={700}>
                      {c ? c.capacity - c.held : '—'}
                    </Table.Td>,
                  ];
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** Standing places per car (only The Rich car has them in the demo train). */
export function StandingSummary({ inventory, refs }: { inventory: ServiceInventoryResponse; refs: ReferenceLabels }) {
  const { t } = useTranslation('inventory');
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {t('service.standing')}
      </Title>
      <Table verticalSpacing={4} fz="sm" aria-label={t('service.standing')}>
        <Table.Tbody>
          {[...inventory.cars]
            .sort((a, b) => a.car_number - b.car_number)
            .map((car) => (
              <Table.Tr key={car.logical_car_id}>
                <Table.Td w={200}>
                  {car.is_rich ? t('richCar', { number: car.car_number }) : t('car', { number: car.car_number })}
                  {car.standing.arrangement_type_id !== null && car.standing.quantity > 0 && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      {refs.typeName(car.standing.arrangement_type_id)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {car.standing.quantity > 0 ? t('service.standingLine', car.standing) : <Text span c="dimmed" size="sm">{t('service.noStanding')}</Text>}
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
