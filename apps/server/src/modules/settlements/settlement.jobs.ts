/**
 * The settlements module's jobs (ADR 010). Monthly billing, daily at 00:10 Tokyo time, bills every
 * agent whose billing day is today by the Clock: two servers running it at once bill each agent
 * once (the agent row lock and the unique (agent, period_from) index decide). The delivery of a
 * monthly invoice, sent by the billing once it has committed, lays out the PDF and mails it once
 * (settlement-invoice-delivery.ts, ADR 025).
 */
import { z } from 'zod';
import { defineJob, type JobDeps } from '../../jobs/define-job.ts';
import { giveWay } from '../../lib/give-way.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { fileStorageFromConfig } from '../files/index.ts';
import { createSettlementBilling } from './settlement-billing.ts';
import { DELIVER_MONTHLY_INVOICE, mailInvoice, prepareInvoice } from './settlement-invoice-delivery.ts';
import { undeliveredMonthlyInvoices } from './settlement-deliveries.repository.ts';

/** Invoices whose delivery was lost (a crash after the billing's commit, its retries spent): their payloads, to send again. */
const undelivered = async (deps: JobDeps) => (await undeliveredMonthlyInvoices(deps.db)).map((id) => ({ group_settlement_id: id }));

export const monthlyBillingJob = defineJob({
  name: 'settlements.monthly-billing',
  payload: z.object({}),
  cron: '10 0 * * *',
  async run(deps) {
    for (const payload of await undelivered(deps)) await deps.jobs.send(DELIVER_MONTHLY_INVOICE.name, payload);
    const billed = (await createSettlementBilling(deps).billDueAgents()).filter((r) => r.billed);
    // The run's summary on the jobs screen, as the other daily jobs answer theirs.
    return { run_date: deps.clock.today(), agents: billed.length, bookings: billed.reduce((n, r) => n + r.bookings, 0), agent_settlement_ids: billed.map((r) => r.agent_settlement_id) };
  },
});

export const deliverMonthlyInvoiceJob = defineJob({
  ...DELIVER_MONTHLY_INVOICE,
  atStart: undelivered,
  async run(deps, { group_settlement_id }) {
    // The PDF (the issuer's logo and stamp read from storage) is laid out before any transaction.
    const prepared = await prepareInvoice(deps.db, fileStorageFromConfig(deps.config), deps.config.publicUrl, group_settlement_id);
    if (!prepared) return;
    await giveWay(); // ADR 017
    await inTransaction(deps.db, (work) => mailInvoice(work, prepared), { jobs: deps.jobs });
  },
});
