import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseDateInput } from '../lib/dates.ts';

/** How a date reads in the field, per language (dayjs tokens); typing accepts either separator. */
export const DATE_FIELD_FORMATS: Record<string, string> = { ja: 'YYYY/MM/DD', en: 'YYYY-MM-DD' };

/** The date as the field shows it in `language` (yyyy/MM/dd in Japanese, yyyy-MM-dd in English). */
export function formatDateField(iso: string, language: string): string {
  return language.startsWith('ja') ? iso.replaceAll('-', '/') : iso;
}

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue' | 'valueFormat' | 'dateParser'> & {
  /** yyyy-MM-dd, or empty (anything else shows as empty). */
  value?: string | null;
  /** yyyy-MM-dd, or '' when an optional field is cleared. */
  onChange: (value: string) => void;
};

/**
 * The one date input of the app: typed from the keyboard (2026/12/01, 2026-12-01 or 2026/12/1)
 * or picked on a calendar, shown yyyy/MM/dd in Japanese and yyyy-MM-dd in English, clearable when
 * it is not required. Emptying the text empties the value (a required field then says so). Its value in and out is the yyyy-MM-dd string the forms and the API use.
 */
export function DateField({ value, onChange, required, clearable, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage ?? 'ja';
  return (
    <DateInput
      valueFormat={DATE_FIELD_FORMATS[language] ?? DATE_FIELD_FORMATS.ja}
      dateParser={parseDateInput}
      placeholder={t('dateField.placeholder')}
      leftSection={<IconCalendar size={16} aria-hidden />}
      required={required}
      clearable={clearable ?? !required}
      clearButtonProps={{ 'aria-label': t('dateField.clear') }}
      allowDeselect
      miw={150}
      {...props}
      value={parseDateInput(value ?? '')}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : '')}
    />
  );
}
