import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobListResponse } from '@sagano/domain/jobs/job-schemas';
import { apiClient } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** GET /v1/jobs: every scheduled job, its last and next run and its open failures. */
export function getJobs(): Promise<JobListResponse> {
  return apiClient.get<JobListResponse>('/v1/jobs');
}

export function jobsQueryOptions() {
  return queryOptions({ queryKey: [...queryRoots.jobs, 'list'], queryFn: getJobs });
}

/** Refreshed every 2 s while a run is under way, so its outcome shows without a reload. */
export function useJobs() {
  return useQuery({
    ...jobsQueryOptions(),
    refetchInterval: (query) => (query.state.data?.jobs.some((j) => j.last_run?.state === 'RUNNING') ? 2000 : false),
  });
}
