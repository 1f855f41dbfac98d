/**
 * The mail module's jobs: deliver one mail once its transaction has committed, and a sweep every
 * minute for anything a crash or an SMTP outage left pending (ADR 003). Without an SMTP server
 * neither runs and mails stay in the outbox.
 */
import { z } from 'zod';
import { defineJob, type JobDeps } from '../../jobs/define-job.ts';
import { giveWay } from '../../lib/give-way.ts';
import { deliverMail } from './mail-delivery.ts';
import { dueMailIds } from './outbox.repository.ts';

const withSmtp = (deps: JobDeps) => deps.mailSender !== undefined;

export const deliverMailJob = defineJob({
  name: 'mail.deliver',
  payload: z.object({ id: z.string() }),
  enabled: withSmtp,
  async run(deps, { id }) {
    await deliverMail(deps.db, deps.mailSender!, deps.config.mailFrom, id);
  },
});

export const sweepMailJob = defineJob({
  name: 'mail.sweep',
  payload: z.object({}),
  cron: '* * * * *',
  enabled: withSmtp,
  // Mails left pending by a previous run go out now rather than at the next sweep.
  atStart: async () => [{}],
  async run(deps) {
    const outcomes = { sent: 0, failed: 0, skipped: 0 };
    for (const id of await dueMailIds(deps.db, 100)) {
      await giveWay(); // ADR 017
      outcomes[await deliverMail(deps.db, deps.mailSender!, deps.config.mailFrom, id)]++;
    }
    return outcomes;
  },
});
