import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import { useEffect, useEffectEvent, useState } from 'react';
import dayjs from 'dayjs';
import { Calendar } from '@mantine/dates';
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
  const ja = language.startsWith('ja');
  // Told once per month shown, not on every render.
  const tell = useEffectEvent((shown: string) => onMonthShown?.(shown));
  useEffect(() => tell(month.slice(0, 7)), [month]);
  return (
    <Calendar
      __preventFocus
      locale={ja ? 'ja' : 'en'}
      // 2026年11月 in Japanese, as calendars there read; November 2026 in English.
      monthLabelFormat={ja ? 'YYYY年M月' : 'MMMM YYYY'}
      yearLabelFormat={ja ? 'YYYY年' : 'YYYY'}
      monthsListFormat={ja ? 'M月' : 'MMM'}
      firstDayOfWeek={0}
      date={month}
      onDateChange={setMonth}
      getDayProps={(day) => {
        const { reason, ...props } = getDayProps?.(day) ?? {};
        // A day that cannot be picked says why on hover and in its name (2027年5月26日 運行なし).
        const why = reason ? { title: reason, 'aria-label': `${dayjs(day).locale(ja ? 'ja' : 'en').format(ja ? 'YYYY年M月D日' : 'D MMMM YYYY')}${ja ? ' ' : ', '}${reason}` } : {};
        return { ...props, ...why, selected: day === value, onClick: () => onPick(day) };
      }}
    />
  );
}
