/** The contract of the jobs calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const jobsContract: AreaContract[] = [defineArea('jobs', 'Work that runs on time (releases, reminders, billing): its schedule and last runs.', {
  'GET /v1/jobs': { id: 'jobs.list', summary: 'List scheduled jobs', description: 'Each job with its schedule and recent runs.' },
  'POST /v1/jobs/{name}/run': { id: 'jobs.run', summary: 'Run a job now' },
})];
