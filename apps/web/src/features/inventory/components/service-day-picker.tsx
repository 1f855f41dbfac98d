import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';

/** The service day of the service screens (yyyy-MM-dd), never empty. */
export function ServiceDayPicker({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const { t } = useTranslation('inventory');
  return (
    <DateField
      label={t('selectDate')}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      clearable={false}
      w={{ base: '100%', xs: 170 }}
    />
  );
}
