/**
 * The seats module's jobs (ADR 010): the delivery of a mailed seat table or voucher, sent by the
 * step once it has committed, lays out the PDF and mails it once (seat-document-delivery.ts, ADR 035).
 */
import { defineJob, type JobDeps } from '../../jobs/define-job.ts';
import { giveWay } from '../../lib/give-way.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { DELIVER_SEAT_DOCUMENT, mailDocument, prepareMailing } from './seat-document-delivery.ts';
import { undeliveredMailings } from './seat-document-mailings.repository.ts';

/** Mailings whose delivery was lost (a crash after the step's commit, its retries spent): their payloads, to send again. */
const undelivered = async (deps: JobDeps, options: Parameters<typeof undeliveredMailings>[1] = {}) => (await undeliveredMailings(deps.db, options)).map((id) => ({ mailing_id: id }));

/** A mailing left five minutes by its own job, within the last day, is sent again by the next delivery. */
const LEFT_BEHIND = { olderThanMinutes: 5, withinHours: 24 };

export const deliverSeatDocumentJob = defineJob({
  ...DELIVER_SEAT_DOCUMENT,
  atStart: (deps) => undelivered(deps),
  async run(deps, { mailing_id }) {
    // The PDF is laid out before any transaction.
    const prepared = await prepareMailing(deps.db, mailing_id);
    if (prepared) {
      await giveWay(); // ADR 017
      await inTransaction(deps.db, (work) => mailDocument(work, prepared), { jobs: deps.jobs });
    }
    // Mailings left behind by a lost job go out with the next delivery, not only at the next start.
    for (const payload of await undelivered(deps, { leftBehind: LEFT_BEHIND, limit: 50 })) {
      if (payload.mailing_id !== mailing_id) await deps.jobs.send(DELIVER_SEAT_DOCUMENT.name, payload);
    }
  },
});
