/**
 * Delivering a monthly invoice (DESIGN §6 "Settlements", ADR 035 "decide, then deliver"). The
 * billing transaction decides: the amounts, the invoice's number and its frozen content. Once it
 * has committed it sends this job per invoice; the job lays the PDF out from the frozen content
 * (reading the issuer's logo and stamp from storage) outside any transaction, then, in a short
 * transaction of its own, claims the invoice's delivery (scheduled_effects MONTHLY_INVOICE_MAIL
 * `invoice:<document id>`, on its issue date) and puts the MONTHLY_INVOICE mail, the PDF
 * attached, in the outbox for the branch's admins. A retried or repeated job finds the claim
 * taken and mails nothing. An invoice whose job was lost (a crash after the billing's commit,
 * its retries spent) goes out at the queue's next start and at the next daily billing run.
 */
import { z } from 'zod';
import { InvoiceDocumentContent } from '@sagano/domain/invoices/invoice-schemas';
import type { Executor } from '../../db/client.ts';
import { jobKey } from '../../jobs/define-job.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { branchAdminMails } from '../agents/index.ts';
import type { FileStorage } from '../files/index.ts';
import { monthlyInvoiceOf, renderMonthlyInvoice } from '../invoices/index.ts';
import { claimEffect } from '../jobs/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { monthlyInvoiceMail, type MonthlyInvoiceMailParams } from './settlement-mails.ts';
import { invoiceDelivered } from './settlement-deliveries.repository.ts';
import { findAgentSettlement, findGroupSettlement } from './settlements.repository.ts';

/** Sent by the billing after its commit, one per issued monthly invoice (the branch's group settlement). */
export const DELIVER_MONTHLY_INVOICE = jobKey('settlements.deliver-monthly-invoice', z.object({ group_settlement_id: z.number().int().positive() }));

/** The claim that makes an invoice's delivery happen once. */
const deliveryOf = (document: { id: number; issuedOn: string }) => ({ kind: 'MONTHLY_INVOICE_MAIL' as const, subject: `invoice:${document.id}`, effectDate: document.issuedOn });

/** A monthly invoice ready to go: its PDF laid out, and what its mail says. */
export interface PreparedInvoice {
  groupSettlementId: number;
  agentId: number;
  agentGroupId: number;
  document: { id: number; issuedOn: string; documentNumber: string };
  pdf: Buffer;
  mail: MonthlyInvoiceMailParams;
}

/**
 * Reads a group settlement's monthly invoice and lays out its PDF (storage reads included), with
 * `executor` outside any transaction; undefined when it has no invoice or it was delivered already.
 */
export async function prepareInvoice(executor: Executor, fileStorage: FileStorage, publicUrl: string, groupSettlementId: number): Promise<PreparedInvoice | undefined> {
  const group = await findGroupSettlement(executor, groupSettlementId);
  if (!group || group.invoiceDocumentId === null) return undefined;
  const document = await monthlyInvoiceOf(executor, group.id);
  if (!document || (await invoiceDelivered(executor, deliveryOf(document)))) return undefined;
  const agentSettlement = (await findAgentSettlement(executor, group.agentSettlementId))!;
  // The mail says what the invoice prints, as frozen at issue.
  const content = InvoiceDocumentContent.parse(document.content);
  const pdf = await renderMonthlyInvoice(executor, fileStorage, document);
  return {
    groupSettlementId: group.id,
    agentId: agentSettlement.agentId,
    agentGroupId: group.agentGroupId,
    document: { id: document.id, issuedOn: document.issuedOn, documentNumber: document.documentNumber },
    pdf,
    mail: {
      agentName: content.recipient.agent_name,
      branchName: content.recipient.branch_name,
      periodFrom: group.periodFrom,
      periodTo: group.periodTo,
      invoiceNumber: document.documentNumber,
      amountE6: group.amountE6,
      dueDate: content.due_date ?? group.paymentDeadline ?? '',
      link: `${publicUrl}/monthly-report/payment/${group.id}`,
    },
  };
}

/**
 * Claims the invoice's delivery and puts its mail in the outbox for each admin of the branch (or
 * of the agent's head office when the branch has none), in the caller's transaction. Answers how
 * many mails were queued; 0 when another run had the claim.
 */
export async function mailInvoice(work: Work, prepared: PreparedInvoice): Promise<number> {
  const admins = await branchAdminMails(work.tx, prepared.agentId, prepared.agentGroupId);
  const claimed = await claimEffect(work.tx, { ...deliveryOf(prepared.document), detail: { group_settlement_id: prepared.groupSettlementId, invoice_number: prepared.document.documentNumber, mails: admins.length } });
  if (!claimed) return 0;
  const attachment = { filename: `invoice-${prepared.document.documentNumber}.pdf`, contentType: 'application/pdf', content: prepared.pdf };
  for (const admin of admins) {
    const mail = monthlyInvoiceMail(admin.languageCode, prepared.mail);
    await enqueueMail(work, { kind: 'MONTHLY_INVOICE', toAddress: admin.email, ...mail, attachments: [attachment] });
  }
  return admins.length;
}
