import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import { useState } from 'react';
import { Calendar, type DayProps } from '@mantine/dates';
import { tokyoToday } from '@sagano/domain/common/business-date';

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
}: {
  value: string;
  language: string;
  onPick: (date: string) => void;
  getDayProps?: (date: string) => Partial<DayProps>;
}) {
  const [month, setMonth] = useState<string>(value || tokyoToday());
  const ja = language.startsWith('ja');
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
      getDayProps={(day) => ({
        ...getDayProps?.(day),
        selected: day === value,
        onClick: () => onPick(day),
      })}
    />
  );
}
