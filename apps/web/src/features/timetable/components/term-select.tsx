import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceTermResponse } from '@sagano/domain/timetable/timetable-schemas';

/** Picks the service term a timetable screen works on. */
export function TermSelect({ terms, value, onChange }: { terms: ServiceTermResponse[]; value: number | undefined; onChange: (id: number) => void }) {
  const { t } = useTranslation('timetable');
  return (
    <NativeSelect
      label={t('term.label')}
      w={280}
      value={value === undefined ? '' : String(value)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      data={terms.map((x) => ({ value: String(x.serviceTermId), label: `${x.fromDate} 〜 ${x.toDate}${x.is_current ? t('term.current') : ''}` }))}
    />
  );
}
