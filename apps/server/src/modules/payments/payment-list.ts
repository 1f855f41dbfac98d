/**
 * The payments list's rows (GET /v1/bookings/payments/search): each booking's fare presented by
 * the same presenter, with the same facts, as the booking detail's `main_params.payment`, so a row
 * answers what the detail answers for that payment: its flags, settlement ids, item lists, expected
 * billing date, discrepancy, refunds and account.
 */
import type { PaymentCaller } from '@sagano/domain/payments/payment-state';
import type { PaymentDetail } from '@sagano/domain/payments/payment-schemas';
import type { Executor } from '../../db/client.ts';
import { bookingPaymentContext, presentFarePayment } from './payment-presenter.ts';
import { agentSettlementsOf, listedBookingFacts } from './payment-list.repository.ts';
import { ledgerOfBookings, type PaymentRow } from './payments.repository.ts';

/** A row of the search: its booking (number, status, database id) and the fare and discrepancy it picked. */
export interface ListedPayment {
  booking_db_id: number;
  booking_id: string;
  status: string;
  fare: PaymentRow | null | undefined;
  discrepancy: PaymentRow | null | undefined;
}

/** The rows with their `payment` as the booking detail presents it (the search's own fields kept, its internals dropped). */
export async function presentPaymentRows<R extends ListedPayment>(db: Executor, rows: readonly R[], caller: PaymentCaller, today: string): Promise<(Omit<R, 'booking_db_id' | 'fare' | 'discrepancy'> & { payment: PaymentDetail | null })[]> {
  const ids = rows.map((r) => r.booking_db_id);
  const [accounts, facts] = await Promise.all([ledgerOfBookings(db, ids), listedBookingFacts(db, ids)]);
  const billedBy = [...new Set([...accounts.values()].flatMap((a) => a.payments.flatMap((p) => (p.monthlyInvoiceId === null ? [] : [p.monthlyInvoiceId]))))];
  const agentSettlementIds = await agentSettlementsOf(db, billedBy);
  return rows.map(({ fare, discrepancy, booking_db_id, ...row }) => {
    const account = accounts.get(booking_db_id) ?? { payments: [], entries: [] };
    const f = facts.get(booking_db_id);
    if (!fare || !f) return { ...row, payment: null };
    // The booking's own rows (read with its ledger), as the detail reads them.
    const own = (p: PaymentRow | null | undefined) => (p ? (account.payments.find((q) => q.id === p.id) ?? p) : undefined);
    const ctx = bookingPaymentContext(
      {
        bookingNumber: row.booking_id,
        bookingStatus: row.status,
        totalAmountE6: f.totalAmountE6,
        cancellationRateE6: f.cancellationRateE6,
        cancellationFeeE6: f.cancellationFeeE6,
        firstServiceDate: f.firstServiceDate,
        agent: { lastBilledTo: f.lastBilledTo, billingDay: f.billingDay, billingDayEndOfMonth: f.billingDayEndOfMonth },
        units: f.units,
        payments: account.payments,
        entries: account.entries,
        agentSettlementIds,
      },
      caller,
      today,
    );
    return { ...row, payment: presentFarePayment(own(fare)!, own(discrepancy), ctx) };
  });
}
