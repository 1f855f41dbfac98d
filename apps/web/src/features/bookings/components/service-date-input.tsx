import { Box, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokyoToday } from '@sagano/domain/common/business-date';
import { DateField, type CalendarDayProps, type DateFieldProps } from '../../../components/date-field.tsx';
import { useMonthPatterns } from '../api/get-month-patterns.ts';
import { closedDays, shownMonths } from './closed-days.ts';

/** Diagonal lines: a day on which no train runs. */
const HATCH = 'repeating-linear-gradient(135deg, transparent 0 4px, var(--mantine-color-gray-4) 4px 5px)';

/**
 * A service date: typed or picked on a calendar whose past days are greyed out, whose today (in
 * Japan) is marked and whose days without trains (運行なし, 運休日) are hatched, cannot be picked
 * and say why. The patterns come per month shown, one cached request each (the neighbours too, so
 * a turn shows its marks at once), only once the calendar opens; this state lives here, so turning a month re-renders the field only.
 * A typed past or closed date stays as typed and the form says why.
 */
export function ServiceDateInput(props: DateFieldProps) {
  const { t } = useTranslation('bookings');
  const today = tokyoToday();
  const [month, setMonth] = useState<string | null>(null);
  const answers = useMonthPatterns(month ? shownMonths(month) : []);
  const closed = closedDays(answers.map((a) => a.data));
  // Numbers of closed days stay legible (grey, not Mantine's half-transparent disabled), white on the chosen day.
  const dayProps = (date: string): CalendarDayProps => {
    if (date < today) return { disabled: true, 'data-past': true };
    const reason = closed.get(date);
    const todayMark = date === today ? { 'data-tokyo-today': true, style: { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: -2 } } : {};
    if (!reason) return todayMark;
    return { ...todayMark, disabled: true, 'data-closed': reason, reason: t(`form.closedDay.${reason}`), style: { ...todayMark.style, backgroundImage: HATCH, opacity: 1, ...(date === props.value ? {} : { color: 'var(--mantine-color-gray-6)' }) } };
  };
  return (
    <DateField
      getDayProps={dayProps}
      onMonthShown={setMonth}
      calendarNote={
        <Group gap={6} wrap="nowrap" data-testid="closed-day-legend">
          <Box w={14} h={14} style={{ flexShrink: 0, backgroundImage: HATCH, border: '1px solid var(--mantine-color-gray-5)' }} aria-hidden />
          <Text size="xs">{t('form.closedDayLegend')}</Text>
        </Group>
      }
      {...props}
    />
  );
}
