import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { JobKind } from '@sagano/domain/jobs/job-schemas';
import { formatDateTime } from '../../../lib/dates.ts';
import { JobRunStateBadge, useScheduleText, useSummaryText } from './job-run-text.tsx';
import { ListTable } from '../../../components/list-table.tsx';

/** One row per scheduled job: schedule, last run and what it did, next run, open failures with a retry, and "run now". */
export function JobTable({ jobs, onRun, onRetry, pending }: { jobs: JobKind[]; onRun: (name: string) => void; onRetry: (name: string, runId: number) => void; pending: string | null }) {
  const { t } = useTranslation('jobs');
  const scheduleText = useScheduleText();
  const summaryText = useSummaryText();
  return (
    <ListTable
      minWidth={980} aria-label={t('listLabel')} verticalSpacing="sm"
      head={
        <>
          <Table.Th>{t('columns.job')}</Table.Th>
          <Table.Th w={170}>{t('columns.schedule')}</Table.Th>
          <Table.Th>{t('columns.lastRun')}</Table.Th>
          <Table.Th w={170}>{t('columns.nextRun')}</Table.Th>
          <Table.Th>{t('columns.failures')}</Table.Th>
          <Table.Th w={130} />
        </>
      }
    >
      {jobs.map((job) => (
        <Table.Tr key={job.name} data-testid={`job-${job.name}`}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {t(`names.${job.name}`, { defaultValue: job.name })}
            </Text>
            <Text size="xs" c="dimmed">
              {job.name}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{scheduleText(job.schedule)}</Text>
          </Table.Td>
          <Table.Td data-testid="last-run">
            {job.last_run ? (
              <Stack gap={2}>
                <Group gap={6}>
                  <JobRunStateBadge state={job.last_run.state} />
                  <Text size="xs" c="dimmed">
                    {t(`triggers.${job.last_run.trigger}`)}
                    {job.last_run.started_by ? ` · ${job.last_run.started_by}` : ''}
                  </Text>
                </Group>
                <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDateTime(job.last_run.started_at)}
                </Text>
                {job.last_run.state === 'DONE' && <Text size="sm">{summaryText(job.last_run.summary)}</Text>}
                {job.last_run.state === 'FAILED' && (
                  <Text size="sm" c="red">
                    {job.last_run.error}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('neverRun')}
              </Text>
            )}
          </Table.Td>
          <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
            <Text size="sm">{formatDateTime(job.next_run_at)}</Text>
          </Table.Td>
          <Table.Td>
            {job.failures.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('noFailures')}
              </Text>
            ) : (
              <Stack gap={6}>
                {job.failures.map((f) => (
                  <Group key={f.job_run_id} gap={8} wrap="nowrap" align="flex-start">
                    <Stack gap={0} style={{ flex: 1 }}>
                      <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatDateTime(f.started_at)}
                      </Text>
                      <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
                        {f.error}
                      </Text>
                    </Stack>
                    <Button size="compact-xs" variant="light" color="red" onClick={() => onRetry(job.name, f.job_run_id)} loading={pending === `${job.name}:${f.job_run_id}`}>
                      {t('retry')}
                    </Button>
                  </Group>
                ))}
              </Stack>
            )}
          </Table.Td>
          <Table.Td>
            <Button size="xs" variant="light" onClick={() => onRun(job.name)} loading={pending === job.name} disabled={job.last_run?.state === 'RUNNING'}>
              {t('runNow')}
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
