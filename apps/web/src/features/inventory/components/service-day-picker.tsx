import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { parseDateInput } from '../../../lib/dates.ts';

/** The service day of the service screens (yyyy-MM-dd), never empty. */
export function ServiceDayPicker({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const { t } = useTranslation('inventory');
  return (
    <DateInput
      label={t('selectDate')}
      value={value}
      onChange={(next) => {
        if (next) onChange(String(next).slice(0, 10));
      }}
      valueFormat="YYYY-MM-DD"
      dateParser={parseDateInput}
      placeholder="yyyy-MM-dd"
      w={{ base: '100%', xs: 160 }}
    />
  );
}
