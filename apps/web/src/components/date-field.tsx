import { lazy, Suspense, useState, type FocusEvent, type ReactNode } from 'react';
import { Box, Center, Input, Loader, Popover, TextInput, type TextInputProps } from '@mantine/core';
import type { DayProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseDateInput } from '../lib/dates.ts';

/** The calendar (Mantine dates and dayjs) comes the first time a date field opens, not with the screen. */
const DateFieldCalendar = lazy(() => import('./date-field-calendar.tsx'));

/** The date as the field shows it in `language` (yyyy/MM/dd in Japanese, yyyy-MM-dd in English). */
export function formatDateField(iso: string, language: string): string {
  return language.startsWith('ja') ? iso.replaceAll('-', '/') : iso;
}

export type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> & {
  /** yyyy-MM-dd, or empty (anything else shows as empty). */
  value?: string | null;
  /** yyyy-MM-dd, or '' when the text is emptied or an optional field is cleared. */
  onChange: (value: string) => void;
  /** Shows a clear button while there is a date; by default when the field is not required. */
  clearable?: boolean;
  /** Extra properties of a calendar day (yyyy-MM-dd): greyed-out days, a marked today; `reason` (why it cannot be picked) becomes its hover text and part of its name. */
  getDayProps?: (date: string) => CalendarDayProps;
  /** Told the month (yyyy-MM) the open calendar shows, when it opens and when it turns. */
  onMonthShown?: (yearMonth: string) => void;
  /** Shown under the open calendar (a legend of its marks). */
  calendarNote?: ReactNode;
};

export type CalendarDayProps = Partial<DayProps> & Record<`data-${string}`, unknown> & { reason?: string };

/**
 * The one date input of the app: typed from the keyboard (2026/12/01, 2026-12-01 or 2026/12/1)
 * or picked on a calendar that opens under it, shown yyyy/MM/dd in Japanese and yyyy-MM-dd in
 * English, clearable when it is not required. A typed date counts as soon as it is a real date; on
 * leaving the field the text shows the value again. Emptying the text empties the value (a required
 * field then says so). Its value in and out is the yyyy-MM-dd string the forms and the API use.
 */
export function DateField({ value, onChange, required, clearable, getDayProps, onMonthShown, calendarNote, onFocus, onBlur, onClick, onKeyDown, disabled, readOnly, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? 'ja';
  const iso = parseDateInput(value ?? '') ?? '';
  const shown = iso ? formatDateField(iso, language) : '';
  /** What is typed while the field has focus; otherwise the field shows the value. */
  const [typed, setTyped] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const open = () => {
    if (!disabled && !readOnly) setOpened(true);
  };
  const pick = (date: string) => {
    onChange(date);
    setTyped(null);
    setOpened(false);
  };
  const withClear = (clearable ?? !required) && iso !== '' && !disabled && !readOnly;

  return (
    <Popover opened={opened} onDismiss={() => setOpened(false)} position="bottom-start" trapFocus={false} returnFocus={false} withRoles={false} shadow="md">
      <Popover.Target>
        <TextInput
          data-dates-input
          autoComplete="off"
          placeholder={t('dateField.placeholder')}
          leftSection={<IconCalendar size={16} aria-hidden />}
          rightSection={
            withClear ? (
              <Input.ClearButton
                aria-label={t('dateField.clear')}
                onClick={() => {
                  onChange('');
                  setTyped(null);
                  setOpened(false);
                }}
              />
            ) : undefined
          }
          rightSectionPointerEvents={withClear ? 'all' : 'none'}
          miw={150}
          required={required}
          disabled={disabled}
          readOnly={readOnly}
          {...props}
          value={typed ?? shown}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setTyped(text);
            open();
            if (text.trim() === '') onChange('');
            else {
              const date = parseDateInput(text);
              if (date) onChange(date);
            }
          }}
          onFocus={(event) => {
            onFocus?.(event);
            open();
          }}
          onClick={(event) => {
            onClick?.(event);
            open();
          }}
          onBlur={(event: FocusEvent<HTMLInputElement>) => {
            onBlur?.(event);
            setTyped(null);
            setOpened(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
            onKeyDown?.(event);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown data-dates-dropdown onMouseDown={(event) => event.preventDefault()}>
        {opened && (
          <Suspense
            fallback={
              <Center w={252} h={260}>
                <Loader size="sm" />
              </Center>
            }
          >
            <DateFieldCalendar key={iso.slice(0, 7)} value={iso} language={language} onPick={pick} getDayProps={getDayProps} onMonthShown={onMonthShown} />
          </Suspense>
        )}
        {opened && calendarNote && (
          <Box mt={6} maw={252}>
            {calendarNote}
          </Box>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
