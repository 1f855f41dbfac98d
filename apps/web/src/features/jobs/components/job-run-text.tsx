import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JobRun, JobSchedule } from '@sagano/domain/jobs/job-schemas';

const STATE_COLORS: Record<JobRun['state'], string> = { RUNNING: 'blue', DONE: 'teal', FAILED: 'red' };

export function JobRunStateBadge({ state }: { state: JobRun['state'] }) {
  const { t } = useTranslation('jobs');
  return (
    <Badge size="sm" variant="light" color={STATE_COLORS[state]}>
      {t(`states.${state}`)}
    </Badge>
  );
}

export function useScheduleText() {
  const { t } = useTranslation('jobs');
  return (schedule: JobSchedule): string => {
    switch (schedule.kind) {
      case 'EVERY_MINUTE':
        return t('schedule.everyMinute');
      case 'EVERY_MINUTES':
        return t('schedule.everyMinutes', { minutes: schedule.minutes });
      case 'DAILY':
        return t('schedule.daily', { time: schedule.time });
      case 'CRON':
        return t('schedule.cron', { cron: schedule.cron });
    }
  };
}

/** Numbers a summary carries that the screen can name (others are left out: ids, dates). */
const SUMMARY_KEYS = ['train_days', 'released_seats', 'unanswered_flagged', 'reminded', 'mails', 'overdue', 'terms', 'unanswered', 'requests', 'promoted', 'expired'] as const;

/** What a run did, in words: "12 seats released on 2 trains", etc.; "nothing to do" when every number is 0. */
export function useSummaryText() {
  const { t } = useTranslation('jobs');
  return (summary: Record<string, unknown> | null): string => {
    if (!summary) return '';
    const parts = SUMMARY_KEYS.filter((key) => typeof summary[key] === 'number').map((key) => ({ key, count: summary[key] as number }));
    if (parts.length === 0) return t('summary.done');
    if (parts.every((p) => p.count === 0)) return t('summary.nothing');
    return parts.map((p) => t(`summary.${p.key}`, { count: p.count })).join(t('summary.separator'));
  };
}
