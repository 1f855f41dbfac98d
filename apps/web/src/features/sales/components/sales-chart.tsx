import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** A breakdown's stacked bar chart (the default export, for React.lazy in sales-breakdown.tsx). */
export default function SalesChart({
  h,
  data,
  series,
  valueFormatter,
}: {
  h: number;
  data: { label: string; fare: number; discrepancy: number; cancellation_fee: number }[];
  series: { name: string; color: string; label: string }[];
  valueFormatter: (value: number) => string;
}) {
  return <BarChart h={h} data={data} dataKey="label" type="stacked" series={series} withLegend valueFormatter={valueFormatter} tickLine="y" />;
}
