/**
 * Reads of the monthly invoices' deliveries (settlement-invoice-delivery.ts, ADR 035): whether one
 * was claimed, and which issued invoices are still to deliver. The claims themselves are written
 * through the jobs module (claimEffect).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';

/** Whether a monthly invoice's delivery was claimed (settlement-invoice-delivery.ts). */
export async function invoiceDelivered(db: Executor, claim: { kind: 'MONTHLY_INVOICE_MAIL'; subject: string; effectDate: string }): Promise<boolean> {
  const rows = rowsOf<{ id: number }>(await db.execute(sql`select id from scheduled_effects where kind = ${claim.kind} and subject = ${claim.subject} and effect_date = ${claim.effectDate}`));
  return rows.length > 0;
}

/** The group settlements whose monthly invoice was issued and not delivered yet (a lost or failed delivery job), oldest first. */
export async function undeliveredMonthlyInvoices(db: Executor, limit = 500): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select g.id from group_settlements g join invoice_documents d on d.id = g.invoice_document_id
      where not exists (select 1 from scheduled_effects e where e.kind = 'MONTHLY_INVOICE_MAIL' and e.subject = 'invoice:' || d.id and e.effect_date = d.issued_on)
      order by g.id
      limit ${limit}`),
  );
  return rows.map((r) => Number(r.id));
}
