import { useState } from 'react';
import { LoadingOverlay, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useJobs } from '../api/get-jobs.ts';
import { useRunJob } from '../api/run-job.ts';
import { JobTable } from '../components/job-table.tsx';

/** /jobs: the work that runs on time (DESIGN §7), for the back office: what ran, what failed, run now or retry. */
export function Component() {
  const { t } = useTranslation('jobs');
  const jobs = useJobs();
  const run = useRunJob();
  const [pending, setPending] = useState<string | null>(null);

  const start = (key: string, vars: { name: string; retry_of?: number }) => {
    setPending(key);
    run.mutate(vars, {
      onSuccess: () => notifySuccess(t(vars.retry_of ? 'retried' : 'started', { name: t(`names.${vars.name}`, { defaultValue: vars.name }) })),
      onSettled: () => setPending(null),
    });
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Paper withBorder p="md" pos="relative">
        <LoadingOverlay visible={jobs.isFetching && !jobs.data} />
        <JobTable
          jobs={jobs.data?.jobs ?? []}
          pending={pending}
          onRun={(name) => start(name, { name })}
          onRetry={(name, runId) => start(`${name}:${runId}`, { name, retry_of: runId })}
        />
      </Paper>
    </>
  );
}
