import type { JobRun, RunJobBody } from '@sagano/domain/jobs/job-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { useStepMutation } from '../../../lib/step-mutation.ts';

/** POST /v1/jobs/{name}/run: run now, or retry a failed run (`retry_of`). */
export function runJob({ name, ...body }: RunJobBody & { name: string }): Promise<JobRun> {
  return apiClient.post<JobRun>(apiPath('/v1/jobs/{name}/run', { name }), body);
}

export function useRunJob() {
  return useStepMutation(runJob, [queryRoots.jobs, queryRoots.operationLogs]);
}
