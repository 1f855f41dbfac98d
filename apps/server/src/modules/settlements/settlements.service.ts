/**
 * Settlements (DESIGN §6 "Settlements"): monthly billing of an agent for a run date
 * (settlement-billing.ts: the decision, one transaction per agent), the delivery of its monthly
 * invoices after the commit (settlement-invoice-delivery.ts: PDF and mail, a job of its own), the
 * lists the Sales screens read and the invoice PDF (settlement-views.ts) and the confirmation of a
 * monthly payment (settlement-payments.ts). This factory composes them behind one service.
 */
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { FileStorage } from '../files/index.ts';
import { createSettlementBilling } from './settlement-billing.ts';
import { mailInvoice, prepareInvoice } from './settlement-invoice-delivery.ts';
import { createSettlementPayments } from './settlement-payments.ts';
import { createSettlementViews } from './settlement-views.ts';
import { undeliveredMonthlyInvoices } from './settlement-deliveries.repository.ts';

export type { BillingResult } from './settlement-billing.ts';

export interface SettlementsDeps {
  db: Db;
  clock: Clock;
  fileStorage: FileStorage;
  publicUrl: string;
  jobs?: JobSender | undefined;
}

export function createSettlementsService(deps: SettlementsDeps) {
  return {
    ...createSettlementBilling(deps),
    ...createSettlementViews(deps),
    ...createSettlementPayments(deps),

    /**
     * Delivers every monthly invoice not mailed yet in the caller's transaction, PDF laid out
     * inside it: for a caller with no queue and nobody waiting (the demo data's seeding). Answers
     * how many mails were queued.
     */
    async deliverInvoicesNow(work: Work): Promise<number> {
      let mails = 0;
      for (const id of await undeliveredMonthlyInvoices(work.tx)) {
        const prepared = await prepareInvoice(work.tx, deps.fileStorage, deps.publicUrl, id);
        if (prepared) mails += await mailInvoice(work, prepared);
      }
      return mails;
    },
  };
}

export type SettlementsService = ReturnType<typeof createSettlementsService>;
