import { Box, ColorSwatch, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group as SvgGroup } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';

/** One bar: `key` tells rows apart (two trains or agents may bear the same name), `label` is what shows. */
type Datum = { key: string; label: string; fare: number; discrepancy: number; cancellation_fee: number };
type SeriesName = 'fare' | 'discrepancy' | 'cancellation_fee';

/** Up to this many bars every bar keeps its label; more (a month of days) show every few, so that none touch. */
const LABEL_EVERY_BAR_UP_TO = 5;
/** A bar is at most this wide (one train's bar would otherwise fill the chart). */
const MAX_BAR_WIDTH = 56;
/** Room for the legend above the plot and for the labels under it. */
const LEGEND_HEIGHT = 28;
const MARGIN = { top: 8, right: 8, bottom: 28 };
/** A tick label's width at 12 px type (a Japanese character is a full square, a digit about half), to leave the values' axis room for its longest. */
const labelWidth = (label: string) => [...label].reduce((width, c) => width + (c.charCodeAt(0) > 0x2e7f ? 12 : 7), 0);
/** A label cut with an ellipsis to fit `room` pixels (the table beside the chart has it whole). */
function fitLabel(label: string, room: number): string {
  if (labelWidth(label) <= room) return label;
  const chars = [...label];
  while (chars.length > 1 && labelWidth(`${chars.join('')}…`) > room) chars.pop();
  return `${chars.join('')}…`;
}
const tickText = { fontSize: 12, fill: 'var(--mantine-color-dimmed)', fontFamily: 'inherit' } as const;

/** A theme colour as Mantine names it ('blue.6') as the CSS variable it sets. */
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * A breakdown's stacked bar chart (the default export, for React.lazy in sales-breakdown.tsx):
 * drawn in SVG with visx (d3's scales and stacking, some 20 KiB gzip). A negative figure (a
 * discrepancy) stacks below the zero line. Hovering a bar shows its figures; the chart is a
 * picture of the table beside it, which holds the data for screen readers and copying.
 */
export default function SalesChart({
  h,
  data,
  series,
  valueFormatter,
}: {
  h: number;
  data: Datum[];
  series: { name: SeriesName; color: string; label: string }[];
  valueFormatter: (value: number) => string;
}) {
  const { ref, width } = useElementSize();
  const keys = series.map((s) => s.name);
  const colorOf = Object.fromEntries(series.map((s) => [s.name, cssColor(s.color)])) as Record<SeriesName, string>;
  const totals = data.flatMap((d) => {
    const values = keys.map((k) => d[k]);
    return [values.filter((v) => v > 0).reduce((a, b) => a + b, 0), values.filter((v) => v < 0).reduce((a, b) => a + b, 0)];
  });
  const low = Math.min(0, ...totals);
  const high = Math.max(0, ...totals);
  // No sales in the period: the zero line at the bottom, alone.
  const yScale = scaleLinear<number>({ domain: low === high ? [0, 1] : [low, high], nice: 4 });
  const yTicks = low === high ? [0] : yScale.ticks(4);
  const left = Math.max(...yTicks.map((v) => labelWidth(valueFormatter(v)))) + 12;
  const plotHeight = h - LEGEND_HEIGHT - MARGIN.top - MARGIN.bottom;
  const plotWidth = Math.max(0, width - left - MARGIN.right);
  yScale.range([plotHeight, 0]);
  const xScale = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, plotWidth], padding: 0.25 });
  const labelOf = new Map(data.map((d) => [d.key, d.label]));
  // Many bars (a month of days): every few labels, about one per 80 px; each cut to its room.
  const every = data.length <= LABEL_EVERY_BAR_UP_TO ? 1 : Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(plotWidth / 80))));
  const tickValues = data.map((d) => d.key).filter((_, i) => i % every === 0);
  const labelRoom = xScale.step() * every - 6;
  const barWidth = Math.min(xScale.bandwidth(), MAX_BAR_WIDTH);
  const barInset = (xScale.bandwidth() - barWidth) / 2;
  return (
    <Box ref={ref} h={h} data-chart="sales">
      <Group gap="md" justify="center" h={LEGEND_HEIGHT} wrap="nowrap">
        {series.map((s) => (
          <Group key={s.name} gap={6} wrap="nowrap">
            <ColorSwatch color={colorOf[s.name]} size={10} withShadow={false} />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
      {width > 0 && (
        <svg width={width} height={h - LEGEND_HEIGHT} role="presentation">
          <SvgGroup left={left} top={MARGIN.top}>
            <GridRows scale={yScale} width={plotWidth} tickValues={yTicks} stroke="var(--mantine-color-default-border)" strokeDasharray="5 5" />
            <BarStack<Datum, SeriesName> data={data} keys={keys} x={(d) => d.key} xScale={xScale} yScale={yScale} color={(key) => colorOf[key]} offset="diverging">
              {(stacks) =>
                stacks.flatMap((stack) =>
                  stack.bars.map((bar) => <rect key={`${stack.key}-${bar.index}`} x={bar.x + barInset} y={bar.y} width={barWidth} height={Math.max(0, bar.height)} fill={bar.color} data-bar={stack.key} />),
                )
              }
            </BarStack>
            {data.map((d) => (
              <Tooltip.Floating
                key={d.key}
                attributes={{ tooltip: { role: 'tooltip' } }}
                label={
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {d.label}
                    </Text>
                    {series.map((s) => (
                      <Group key={s.name} gap={6} wrap="nowrap">
                        <ColorSwatch color={colorOf[s.name]} size={8} withShadow={false} />
                        <Text size="xs">
                          {s.label}: {valueFormatter(d[s.name])}
                        </Text>
                      </Group>
                    ))}
                  </Stack>
                }
              >
                {/* The whole column answers the pointer, not only its bars (a small figure is a thin bar). */}
                <rect x={xScale(d.key) ?? 0} y={0} width={xScale.bandwidth()} height={plotHeight} fill="transparent" />
              </Tooltip.Floating>
            ))}
            <AxisLeft scale={yScale} tickValues={yTicks} tickFormat={(v) => valueFormatter(Number(v))} hideAxisLine hideTicks tickLabelProps={{ ...tickText, textAnchor: 'end', dx: -4, dy: 4 }} />
            <AxisBottom
              top={plotHeight}
              scale={xScale}
              tickValues={tickValues}
              tickFormat={(key) => fitLabel(labelOf.get(key) ?? '', labelRoom)}
              stroke="var(--mantine-color-default-border)"
              tickStroke="var(--mantine-color-default-border)"
              tickLabelProps={{ ...tickText, textAnchor: 'middle' }}
            />
          </SvgGroup>
        </svg>
      )}
    </Box>
  );
}
