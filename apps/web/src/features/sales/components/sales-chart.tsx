import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** Up to this many bars every bar keeps its label (recharts drops labels that would touch); more (a month of days) keep recharts' spacing. */
const LABEL_EVERY_BAR_UP_TO = 5;
/** A label under a bar is cut with an ellipsis past its share of the width (the table beside the chart has it whole). */
const tickLabelFor = (bars: number) => {
  const limit = Math.max(10, Math.floor(48 / Math.max(1, bars)));
  return (label: string) => (label.length > limit ? `${label.slice(0, limit - 1)}…` : label);
};

/**
 * A breakdown's stacked bar chart (the default export, for React.lazy in sales-breakdown.tsx).
 * A few bars each keep their label, shortened when long; many bars (days) keep recharts' own spacing.
 */
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
  return (
    <BarChart
      h={h}
      data={data}
      dataKey="label"
      type="stacked"
      series={series}
      withLegend
      valueFormatter={valueFormatter}
      tickLine="y"
      // The chart is a picture of the table beside it (hidden from screen readers there): recharts'
      // keyboard layer would put a focusable element inside that hidden column.
      accessibilityLayer={false}
      xAxisProps={data.length <= LABEL_EVERY_BAR_UP_TO ? { interval: 0, tickFormatter: tickLabelFor(data.length) } : {}}
    />
  );
}
