import { Badge, Box, Group, Paper, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AllotmentCalendarDay } from '@sagano/domain/inventory/inventory-schemas';
import type { Direction } from '@sagano/domain/reference/reference-schemas';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { formatDayOfMonth, monthGrid, weekdayOf, type YearMonth } from '../../../lib/calendar-grid.ts';
import { LevelBadge } from './level-badge.tsx';

const SUNDAY_FIRST = [0, 1, 2, 3, 4, 5, 6];
// Any Sunday: only the weekday names are taken from it.
const A_SUNDAY = Date.UTC(2027, 4, 2);

function weekdayNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  return SUNDAY_FIRST.map((d) => format.format(new Date(A_SUNDAY + d * 86_400_000)));
}

function dayColor(date: string): string | undefined {
  const weekday = weekdayOf(date);
  if (weekday === 0) return 'red.9';
  if (weekday === 6) return 'blue.9';
  return undefined;
}

/** A day runs trains when its pattern says so; other days are drawn grey with their pattern. */
export function isServiceDay(day: AllotmentCalendarDay | undefined): boolean {
  return day?.service_pattern === 'ORDINARY' || day?.service_pattern === 'SPECIAL';
}

/**
 * The start of a day link's name, for screen readers ("2026-11-01 の列車を表示 運行済み"); the rest
 * of the name is what the cell shows (day, today, levels), so the name contains the visible text.
 */
function DayLinkName({ date, past }: { date: string; past: boolean }) {
  const { t } = useTranslation('inventory');
  return <VisuallyHidden>{`${t('inquiry.openDay', { date })}${past ? ` ${t('inquiry.pastDay')}` : ''}`}</VisuallyHidden>;
}

function DayCell({ date, day, directions, showApprovals, today }: { date: string; day: AllotmentCalendarDay | undefined; directions: readonly Direction[]; showApprovals: boolean; today: string }) {
  const { t } = useTranslation('inventory');
  const service = isServiceDay(day);
  // Days before today (in Japan) are greyed out: their trains have run and cannot be booked. Grey
  // background and tinted badges rather than transparency, which took their text below 4.5:1.
  const past = date < today;
  const isToday = date === today;
  const levels = (day?.directions ?? []).filter((d) => directions.includes(d.direction_id));
  const content = (
    <Stack gap={4} p={6} h="100%" justify="flex-start">
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={700} c={service && !past ? dayColor(date) : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {Number(date.slice(8))}
          </Text>
          {isToday && (
            <Badge size="xs" variant="filled" color="blue" data-testid="calendar-today">
              {t('inquiry.today')}
            </Badge>
          )}
        </Group>
        {showApprovals && day?.is_approval_pending && (
          <Tooltip label={t('inquiry.approvalPendingHint')}>
            <Badge
              size="xs"
              variant="light"
              color="grape"
              leftSection={<IconHourglassHigh size={10} aria-hidden />}
              data-testid="approval-pending"
            >
              {t('inquiry.approvalPending')}
            </Badge>
          </Tooltip>
        )}
      </Group>
      {service ? (
        levels.map((d) => (
          <Group key={d.direction_id} gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed" miw={directions.length > 1 ? 34 : undefined} style={{ flexShrink: 0 }}>
              {t(`directions.${d.direction_id}`)}
            </Text>
            <LevelBadge level={d.allotment_level} size="xs" muted={past} />
          </Group>
        ))
      ) : (
        <Text size="xs" c="dimmed">
          {day?.service_pattern ? t(`patterns.${day.service_pattern}`) : t('noService')}
        </Text>
      )}
    </Stack>
  );
  return (
    <Table.Td
      p={0}
      h={directions.length > 1 ? 92 : 72}
      bg={past ? 'gray.0' : service ? undefined : 'gray.1'}
      data-date={date}
      data-past={past || undefined}
      data-today={isToday || undefined}
      style={{
        verticalAlign: 'top',
        width: `${100 / 7}%`,
        ...(isToday ? { boxShadow: 'inset 0 0 0 2px var(--mantine-color-blue-6)' } : {}),
      }}
    >
      {service || day?.service_pattern === 'SUSPENDED' ? (
        <UnstyledButton component={Link} to={`/search-allotments/${date}`} display="block" h="100%" w="100%" className="calendar-day-link">
          <DayLinkName date={date} past={past} />
          {content}
        </UnstyledButton>
      ) : (
        content
      )}
    </Table.Td>
  );
}

/** One day as a row of the phone list: the date, its levels (or why there are no trains), a link to its trains. */
function DayRow({ date, day, directions, showApprovals, today }: { date: string; day: AllotmentCalendarDay | undefined; directions: readonly Direction[]; showApprovals: boolean; today: string }) {
  const { t, i18n } = useTranslation('inventory');
  const service = isServiceDay(day);
  const past = date < today;
  const isToday = date === today;
  const levels = (day?.directions ?? []).filter((d) => directions.includes(d.direction_id));
  const content = (
    <Group justify="space-between" wrap="nowrap" gap="sm" px="sm" py={8}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={700} c={service && !past ? dayColor(date) : 'dimmed'} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatDayOfMonth(date, i18n.language)}
        </Text>
        {isToday && (
          <Badge size="xs" variant="filled" color="blue" data-testid="calendar-today">
            {t('inquiry.today')}
          </Badge>
        )}
        {showApprovals && day?.is_approval_pending && (
          <Badge size="xs" variant="light" color="grape" leftSection={<IconHourglassHigh size={10} aria-hidden />} data-testid="approval-pending">
            {t('inquiry.approvalPending')}
          </Badge>
        )}
      </Group>
      {service ? (
        <Group gap={8} wrap="nowrap" justify="flex-end">
          {levels.map((d) => (
            <Group key={d.direction_id} gap={4} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {t(`directions.${d.direction_id}`)}
              </Text>
              <LevelBadge level={d.allotment_level} size="xs" muted={past} />
            </Group>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {day?.service_pattern ? t(`patterns.${day.service_pattern}`) : t('noService')}
        </Text>
      )}
    </Group>
  );
  return (
    <Box
      component="li"
      data-date={date}
      data-past={past || undefined}
      data-today={isToday || undefined}
      bg={past ? 'gray.0' : service ? undefined : 'gray.1'}
      style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-gray-3)', ...(isToday ? { boxShadow: 'inset 3px 0 0 var(--mantine-color-blue-6)' } : {}) }}
    >
      {service || day?.service_pattern === 'SUSPENDED' ? (
        <UnstyledButton component={Link} to={`/search-allotments/${date}`} display="block" w="100%" className="calendar-day-link">
          <DayLinkName date={date} past={past} />
          {content}
        </UnstyledButton>
      ) : (
        content
      )}
    </Box>
  );
}

/**
 * The month grid, Sunday first: per day the level of each chosen direction, grey for days without trains.
 * Changes waiting for approval are the operator's business: agents (showApprovals false) do not see them.
 * On a phone (narrower than 40em) the month is a list of days instead: a seven-column grid cannot be read at 390 px.
 */
export function AllotmentCalendar(props: { month: YearMonth; days: readonly AllotmentCalendarDay[]; directions: readonly Direction[]; showApprovals?: boolean }) {
  const narrow = useMediaQuery('(max-width: 40em)', undefined, { getInitialValueInEffect: false });
  return narrow ? <AllotmentDayList {...props} /> : <AllotmentMonthGrid {...props} />;
}

function AllotmentDayList({ month, days, directions, showApprovals = true }: { month: YearMonth; days: readonly AllotmentCalendarDay[]; directions: readonly Direction[]; showApprovals?: boolean }) {
  const { i18n } = useTranslation('inventory');
  const byDate = new Map(days.map((d) => [d.date, d]));
  const today = tokyoToday();
  const caption = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(month.year, month.month - 1, 1)));
  const dates = monthGrid(month).flat().filter((d): d is string => d !== null);
  return (
    <Paper withBorder component="ul" p={0} m={0} aria-label={caption} data-testid="allotment-day-list">
      {dates.map((date) => (
        <DayRow key={date} date={date} day={byDate.get(date)} directions={directions} showApprovals={showApprovals} today={today} />
      ))}
    </Paper>
  );
}

function AllotmentMonthGrid({
  month,
  days,
  directions,
  showApprovals = true,
}: {
  month: YearMonth;
  days: readonly AllotmentCalendarDay[];
  directions: readonly Direction[];
  showApprovals?: boolean;
}) {
  const { i18n } = useTranslation('inventory');
  const byDate = new Map(days.map((d) => [d.date, d]));
  const names = weekdayNames(i18n.language);
  const today = tokyoToday();
  const caption = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(month.year, month.month - 1, 1)),
  );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table withTableBorder withColumnBorders layout="fixed" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {names.map((name, i) => (
              <Table.Th key={name} ta="center" c={i === 0 ? 'red.9' : i === 6 ? 'blue.9' : undefined}>
                {name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {monthGrid(month).map((week, w) => (
            <Table.Tr key={w}>
              {week.map((date, i) =>
                date ? <DayCell key={date} date={date} day={byDate.get(date)} directions={directions} showApprovals={showApprovals} today={today} /> : <Table.Td key={`empty-${i}`} bg="gray.0" />,
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CalendarLegend({ showApprovals = true }: { showApprovals?: boolean }) {
  const { t } = useTranslation('inventory');
  return (
    <Paper withBorder p="xs" mt="sm">
      <Group gap="md" wrap="wrap">
        <Text size="xs" fw={700}>
          {t('inquiry.legend')}
        </Text>
        <LevelBadge level="SUFFICIENT" size="xs" />
        <LevelBadge level="FEW" size="xs" />
        <LevelBadge level="SOLD_OUT" size="xs" />
        {showApprovals && (
          <Badge size="xs" variant="light" color="grape" leftSection={<IconHourglassHigh size={10} aria-hidden />}>
            {t('inquiry.approvalPending')}
          </Badge>
        )}
        <Group gap={4}>
          <Box w={14} h={14} bg="gray.1" style={{ border: '1px solid var(--mantine-color-gray-4)' }} />
          <Text size="xs">{t('noService')}</Text>
        </Group>
        <Group gap={4}>
          <Box w={14} h={14} bg="gray.0" style={{ border: '1px solid var(--mantine-color-gray-4)' }} />
          <Text size="xs">{t('inquiry.pastLegend')}</Text>
        </Group>
        <Badge size="xs" variant="filled" color="blue">
          {t('inquiry.today')}
        </Badge>
      </Group>
    </Paper>
  );
}
