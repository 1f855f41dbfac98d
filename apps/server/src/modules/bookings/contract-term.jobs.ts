/**
 * The bookings module's scheduled job for special contract terms (ADR 010): daily at 08:00 Tokyo
 * time, the operator is reminded on a term's answer date of its requests still unanswered
 * (contract-term-answers.ts). Once per term and date, whatever the number of runs or servers.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { remindAnswerDue } from './contract-term-answers.ts';

export const remindAnswerDueJob = defineJob({
  name: 'bookings.remind-answer-due',
  payload: z.object({}),
  cron: '0 8 * * *',
  run: (deps) => remindAnswerDue(deps, deps.jobRunId),
});
