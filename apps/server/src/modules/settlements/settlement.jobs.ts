/**
 * The settlements module's job (ADR 010): monthly billing, daily at 00:10 Tokyo time, bills every
 * agent whose billing day is today by the Clock. Two servers running it at once bill each agent
 * once: the agent row lock and the unique (agent, period_from) index decide.
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job.ts';
import { fileStorageFromConfig } from '../files/index.ts';
import { createSettlementsService } from './settlements.service.ts';

export const monthlyBillingJob = defineJob({
  name: 'settlements.monthly-billing',
  payload: z.object({}),
  cron: '10 0 * * *',
  async run(deps) {
    const settlements = createSettlementsService({ db: deps.db, clock: deps.clock, fileStorage: fileStorageFromConfig(deps.config), publicUrl: deps.config.publicUrl, jobs: deps.jobs });
    const billed = (await settlements.billDueAgents()).filter((r) => r.billed);
    // The run's summary on the jobs screen, as the other daily jobs answer theirs.
    return { run_date: deps.clock.today(), agents: billed.length, bookings: billed.reduce((n, r) => n + r.bookings, 0), agent_settlement_ids: billed.map((r) => r.agent_settlement_id) };
  },
});
