import { Badge, Button, Group, LoadingOverlay, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SeatMapLegend } from '../../../components/seat-map/seat-map-legend.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useArrangementPatterns } from '../api/get-arrangement-patterns.ts';
import { useArrangementTypeLabels } from '../components/use-arrangement-type-labels.ts';
import { ListTable } from '../../../components/list-table.tsx';

/** /arrangement-pattern: every pattern with its seats per arrangement type. */
export function Component() {
  const { t } = useTranslation('arrangements');
  const patterns = useArrangementPatterns();
  const { byId, nameOf } = useArrangementTypeLabels();
  const rows = patterns.data?.arrangement_patterns ?? [];
  return (
    <>
      <PageHeader
        title={t('patterns.title')}
        description={t('patterns.description')}
        actions={
          <Button component={Link} to="/arrangement-pattern/add" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('patterns.add')}
          </Button>
        }
      />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={patterns.isLoading} />
        <ListTable
          minWidth={640} striped highlightOnHover verticalSpacing="sm" aria-label={t('patterns.listLabel')}
          head={
            <>
              <Table.Th>{t('patterns.columns.name')}</Table.Th>
              <Table.Th>{t('patterns.columns.seats')}</Table.Th>
              <Table.Th>{t('patterns.columns.standing')}</Table.Th>
              <Table.Th>{t('patterns.columns.status')}</Table.Th>
              <Table.Th>{t('patterns.columns.updatedAt')}</Table.Th>
              <Table.Th />
            </>
          }
        >
          {rows.map((p) => (
            <Table.Tr key={p.arrangement_pattern_id}>
              <Table.Td>
                <Text fw={600}>{p.name}</Text>
              </Table.Td>
              <Table.Td>
                <SeatMapLegend
                  label={t('patterns.columns.seats')}
                  items={p.seat_counts.map((c) => ({ key: c.arrangement_type_id, label: nameOf(c.arrangement_type_id), colorHex: byId.get(c.arrangement_type_id)?.color_hex ?? '#adb5bd', count: c.seats }))}
                />
              </Table.Td>
              <Table.Td>{p.standing_capacity}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={p.is_in_use ? 'teal' : 'gray'}>
                  {p.is_in_use ? t('patterns.inUse') : t('patterns.notInUse')}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDateTime(p.updated_at)}</Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <Button component={Link} to={`/arrangement-pattern/${p.arrangement_pattern_id}`} variant="default" size="xs" aria-label={`${t('patterns.edit')} ${p.name}`}>
                    {t('patterns.edit')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        {patterns.data && rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {t('patterns.empty')}
          </Text>
        )}
      </Paper>
    </>
  );
}
