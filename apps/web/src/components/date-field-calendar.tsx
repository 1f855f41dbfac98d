import '@mantine/dates/styles.css';
import './date-field-calendar.css';
import 'dayjs/locale/ja';
import { useEffect, useEffectEvent, useState } from 'react';
import dayjs from 'dayjs';
import { Calendar } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { tokyoToday } from '@sagano/domain/common/business-date';
import type { CalendarDayProps } from './date-field.tsx';

/**
 * The date field's calendar: Mantine's month view, downloaded the first time a date field opens
 * (it and dayjs stay out of every screen's first load). The week starts on Sunday, as Japanese
 * calendars do; `value` and what `onPick` gets are yyyy-MM-dd.
 */
export default function DateFieldCalendar({
  value,
  language,
  onPick,
  getDayProps,
  onMonthShown,
}: {
  value: string;
  language: string;
  onPick: (date: string) => void;
  getDayProps?: (date: string) => CalendarDayProps;
  onMonthShown?: (yearMonth: string) => void;
}) {
  const [month, setMonth] = useState<string>(value || tokyoToday());
  const { t } = useTranslation('common');
  const ja = language.startsWith('ja');
  const labels = (['previousMonth', 'nextMonth', 'previousYear', 'nextYear', 'previousDecade', 'nextDecade'] as const).map((key) => [key, t(`dateField.${key}`)]);
  // Told once per month shown, not on every render.
  const tell = useEffectEvent((shown: string) => onMonthShown?.(shown));
  useEffect(() => {
    tell(month.slice(0, 7));
  }, [month]);
  return (
    <Calendar
      __preventFocus
      locale={ja ? 'ja' : 'en'}
      // 2026年11月 in Japanese, as calendars there read; November 2026 in English.
      monthLabelFormat={ja ? 'YYYY年M月' : 'MMMM YYYY'}
      yearLabelFormat={ja ? 'YYYY年' : 'YYYY'}
      monthsListFormat={ja ? 'M月' : 'MMM'}
      firstDayOfWeek={0}
      className="sagano-date-calendar"
      ariaLabels={Object.fromEntries(labels)}
      // Only the month's own days: the neighbours' greyed numbers were too faint to read (axe).
      hideOutsideDates
      date={month}
      onDateChange={setMonth}
      getDayProps={(day) => {
        const { reason, disabled, ...props } = getDayProps?.(day) ?? {};
        // A day that cannot be picked says why on hover and in its name (2027年5月26日 運行なし).
        const why = reason ? { title: reason, 'aria-label': `${dayjs(day).locale(ja ? 'ja' : 'en').format(ja ? 'YYYY年M月D日' : 'D MMMM YYYY')}${ja ? ' ' : ', '}${reason}` } : {};
        // aria-disabled, not disabled: a disabled button swallows the mouse-down that keeps the field focused, so a click on it closed the calendar.
        if (disabled) return { ...props, ...why, 'aria-disabled': true, 'data-disabled': true, selected: day === value };
        return { ...props, ...why, selected: day === value, onClick: () => onPick(day) };
      }}
    />
  );
}
