/**
 * What the payments list reads besides its page's rows, so that each row's payment is presented
 * as the booking detail presents it (payment-presenter.ts bookingPaymentContext): the bookings'
 * priced units, cancellation fee and rate, first service date and agent billing terms, and the
 * agent settlement of each monthly invoice that billed a payment. One statement per table for the
 * whole page. Reads only (ADR 007: other modules' tables are read, never written, here).
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { safeE6 } from '@sagano/domain/money/yen-e6';

export type BookingUnitRow = typeof t.bookingUnits.$inferSelect;

export interface ListedBookingFacts {
  bookingDbId: number;
  totalAmountE6: number;
  cancellationRateE6: number | null;
  cancellationFeeE6: number | null;
  firstServiceDate: string | null;
  billingDay: number | null;
  billingDayEndOfMonth: boolean;
  lastBilledTo: string | null;
  units: BookingUnitRow[];
}

/** The facts of each listed booking, by its database id. */
export async function listedBookingFacts(db: Executor, bookingDbIds: readonly number[]): Promise<Map<number, ListedBookingFacts>> {
  const out = new Map<number, ListedBookingFacts>();
  if (bookingDbIds.length === 0) return out;
  const ids = [...bookingDbIds];
  const [bookings, units] = await Promise.all([
    db.execute(sql`
      select b.id, b.total_amount_e6::text as total, b.cancellation_rate_e6 as rate, b.cancellation_fee_e6::text as fee,
             (select min(bs.service_date)::text from booking_services bs where bs.booking_id = b.id) as first_service_date,
             a.billing_day, a.billing_day_end_of_month,
             (select max(s.period_to)::text from agent_settlements s where s.agent_id = a.id) as last_billed_to
      from bookings b join agents a on a.id = b.agent_id
      where b.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`),
    db.select().from(t.bookingUnits).where(inArray(t.bookingUnits.bookingId, ids)).orderBy(asc(t.bookingUnits.unitId)),
  ]);
  type Row = { id: number; total: string; rate: number | null; fee: string | null; first_service_date: string | null; billing_day: number | null; billing_day_end_of_month: boolean; last_billed_to: string | null };
  for (const r of rowsOf<Row>(bookings)) {
    out.set(Number(r.id), {
      bookingDbId: Number(r.id),
      totalAmountE6: safeE6(r.total),
      cancellationRateE6: r.rate === null ? null : Number(r.rate),
      cancellationFeeE6: r.fee === null ? null : safeE6(r.fee),
      firstServiceDate: r.first_service_date,
      billingDay: r.billing_day === null ? null : Number(r.billing_day),
      billingDayEndOfMonth: r.billing_day_end_of_month,
      lastBilledTo: r.last_billed_to,
      units: [],
    });
  }
  for (const u of units) out.get(u.bookingId)?.units.push(u);
  return out;
}

/** The agent settlement of each group settlement (monthly invoice) named. */
export async function agentSettlementsOf(db: Executor, groupSettlementIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (groupSettlementIds.length === 0) return out;
  const rows = await db.select({ id: t.groupSettlements.id, agentSettlementId: t.groupSettlements.agentSettlementId }).from(t.groupSettlements).where(inArray(t.groupSettlements.id, [...groupSettlementIds]));
  for (const row of rows) out.set(row.id, row.agentSettlementId);
  return out;
}
