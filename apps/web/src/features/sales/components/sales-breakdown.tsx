import { lazy, Suspense } from 'react';
import { Grid, Paper, ScrollArea, Skeleton, Table, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { yenOf } from '@sagano/domain/money/yen-e6';
import type { SalesFigures } from '@sagano/domain/sales/sales-schemas';
import { TableEmptyRow } from '../../../components/table-empty-row.tsx';
import { formatYen } from '../../../lib/yen.ts';

export interface SalesBreakdownRow extends SalesFigures {
  key: string;
  label: string;
}

const SERIES = [
  { name: 'fare', color: 'blue.6' },
  { name: 'discrepancy', color: 'orange.6' },
  { name: 'cancellation_fee', color: 'grape.6' },
] as const;

/** The chart's height: its placeholder keeps the same place while the chart library downloads. */
const CHART_HEIGHT = 260;

/**
 * The chart (visx: d3's scales and stacking in SVG) downloads after the totals and tables are
 * shown, once, for all five charts.
 */
const SalesChart = lazy(() => import('./sales-chart.tsx'));

/**
 * One breakdown of the sales: a stacked bar chart of fares, discrepancies and cancellation fees
 * (in yen) with the table of the same rows beside it. The chart is drawn for the eye only; the
 * table is the data (screen readers and copying read it).
 */
export function SalesBreakdown({ id, title, rows, keyHeader }: { id: string; title: string; rows: SalesBreakdownRow[]; keyHeader: string }) {
  const { t } = useTranslation('sales');
  const data = rows.map((r) => ({ key: r.key, label: r.label, fare: yenOf(r.fare), discrepancy: yenOf(r.discrepancy), cancellation_fee: yenOf(r.cancellation_fee) }));
  const series = SERIES.map((s) => ({ ...s, label: t(`figures.${s.name}`) }));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`sales-${id}-title`} data-testid={`sales-${id}`}>
      <Title order={2} size="h4" id={`sales-${id}-title`} mb="sm">
        {title}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }} aria-hidden data-testid={`sales-${id}-chart`}>
          <Suspense fallback={<Skeleton h={CHART_HEIGHT} animate={false} />}>
            <SalesChart
              h={CHART_HEIGHT}
              data={data}
              series={series}
              valueFormatter={(v) => t('chartYen', { value: v.toLocaleString('ja-JP') })}
            />
          </Suspense>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {/* Focusable, so that a keyboard alone can scroll the table sideways on a phone. */}
          <ScrollArea viewportProps={{ tabIndex: 0 }}>
            <Table striped highlightOnHover withTableBorder fz="sm" horizontalSpacing={8} style={{ whiteSpace: 'nowrap' }}>
              <Table.Caption>{t('tableCaption', { title })}</Table.Caption>
              {/* Headings and long row names may wrap (English ones are long); figures stay on one line. */}
              <Table.Thead style={{ whiteSpace: 'normal' }}>
                <Table.Tr>
                  <Table.Th>{keyHeader}</Table.Th>
                  <Table.Th ta="right">{t('figures.fare')}</Table.Th>
                  <Table.Th ta="right">{t('figures.discrepancy')}</Table.Th>
                  <Table.Th ta="right">{t('figures.cancellation_fee')}</Table.Th>
                  <Table.Th ta="right">{t('figures.amount')}</Table.Th>
                  <Table.Th ta="right">{t('figures.bookings')}</Table.Th>
                  <Table.Th ta="right">{t('figures.people')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.length === 0 && <TableEmptyRow colSpan={7}>{t('empty')}</TableEmptyRow>}
                {rows.map((r) => (
                  <Table.Tr key={r.key} data-testid={`sales-${id}-row`}>
                    <Table.Th scope="row" fw={500} miw={104} style={{ whiteSpace: 'normal' }}>
                      {r.label}
                    </Table.Th>
                    <Table.Td ta="right">{formatYen(r.fare)}</Table.Td>
                    <Table.Td ta="right">{formatYen(r.discrepancy)}</Table.Td>
                    <Table.Td ta="right">{formatYen(r.cancellation_fee)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {formatYen(r.amount)}
                    </Table.Td>
                    <Table.Td ta="right">{r.bookings.toLocaleString('ja-JP')}</Table.Td>
                    <Table.Td ta="right">{r.people.toLocaleString('ja-JP')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
