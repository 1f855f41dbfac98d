import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApprovalResponse } from '@sagano/domain/approvals/approval-schemas';
import { labelText } from '@sagano/domain/common/label-text';
import { useListSeparator } from '../../../lib/list-separator.ts';
import { useWithNote } from '../../../lib/with-note.ts';
import { useSpecialTrains } from '../api/get-special-trains.ts';

type Day = { date: string; service_pattern?: string; service_ids?: number[] };
type RuleSummary = { name: string; max_participants: number; min_days_ahead: number };

/** The requested change in words: the term, or each day and what it becomes. */
export function ApprovalSummary({ approval, limit }: { approval: ApprovalResponse; limit?: number }) {
  const { t, i18n } = useTranslation(['approvals', 'timetable']);
  const separator = useListSeparator();
  const withNote = useWithNote();
  const payload = approval.payload as { fromDate?: string; toDate?: string; days?: Day[]; service_term_id?: number };
  // A special-days request names its trains by id: shown by their names (the id until they load).
  const specialTrains = useSpecialTrains(approval.target === 'SERVICE_DAY_SERVICE_APPEND' ? payload.service_term_id : undefined);
  const trainName = (id: number) => {
    const train = specialTrains.data?.find((s) => s.service_id === id);
    return train ? withNote(labelText(train.names, i18n.language), t(`timetable:services.directions.${train.direction}`)) : `#${id}`;
  };
  if (approval.target === 'SERVICE_TERM_INSERT') return <Text size="sm">{t('summary.term', { from: payload.fromDate, to: payload.toDate })}</Text>;
  if (approval.target === 'INSTANT_CONFIRMATION_RULE_INSERT' || approval.target === 'INSTANT_CONFIRMATION_RULE_UPDATE') {
    const rule = (approval.target === 'INSTANT_CONFIRMATION_RULE_UPDATE' ? (approval.payload as { rule?: RuleSummary }).rule : approval.payload) as RuleSummary | undefined;
    return <Text size="sm">{t('summary.instantRule', { name: rule?.name ?? '', people: rule?.max_participants ?? '', days: rule?.min_days_ahead ?? '' })}</Text>;
  }
  const days = payload.days ?? [];
  if (days.length === 0) return <Text size="sm">{t('summary.range', { from: approval.from_date, to: approval.to_date })}</Text>;
  const shown = limit ? days.slice(0, limit) : days;
  return (
    <List size="sm" spacing={2}>
      {shown.map((d) => (
        <List.Item key={d.date}>
          {d.service_pattern
            ? t('summary.patternDay', { date: d.date, pattern: t(`timetable:patterns.${d.service_pattern as 'ORDINARY'}`) })
            : t('summary.specialDay', { date: d.date, trains: d.service_ids?.length ? d.service_ids.map(trainName).join(separator) : t('summary.noTrains') })}
        </List.Item>
      ))}
      {shown.length < days.length && <List.Item>…</List.Item>}
    </List>
  );
}
