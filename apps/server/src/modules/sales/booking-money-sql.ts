/**
 * A booking's money (payment-ledger.ts bookingMoney) in SQL, one payment at a time, so the sales
 * summary and the CSVs sum the same figures the booking page, its payment card and the payments
 * list show. `paymentMoney` joins, for payment `p` of booking `b` (both already in the FROM
 * list), the row `pm`: what `p` adds to each of its booking's figures. Summed over a booking's
 * payments they are bookingMoney's, yen for yen (apps/server/test/sales.test.ts checks it):
 *
 * - billed_e6 = fare_e6 + discrepancy_e6 + fee_e6, what the payment adds to what the booking
 *   costs now. A live booking: its FARE totals (fare_e6), its extra charges less the refund
 *   records that lower the price (refund_reason null, CHANGE or OPERATOR, parent a fare or an
 *   extra charge) (discrepancy_e6). A CANCELLED booking: its CANCELLATION totals less the
 *   OPERATOR (or CHANGE) refunds on the fee (fee_e6); its fare counts nothing. A refused
 *   (NOT_RESERVED) booking: nothing. A payment INITED (priced, not yet asked for) or
 *   NO_NEED_TO_PAY counts nothing.
 * - received_e6: the payment's captures, transfers and coupons (each kind's sum when above 0).
 * - refunded_e6: money that went back on the payment (its REFUND entries, sign turned: ≥ 0).
 * - netted_e6: the netting moved onto (+, the fee) or off (−, the fare) the payment; a booking's
 *   netting sums to 0, so it is in no booking figure, but a payment's own balance needs it.
 * - charged: the payment is a charge the booking's billed figure counts (even at 0 yen).
 *
 * The ledger is read per payment and kind as ledgerOfBookings reads it (payment_transactions_payment_idx);
 * the parent by primary key. Amounts stay bigint/numeric: read them back as text through safeE6.
 */
import { sql } from 'drizzle-orm';
import { UNCOUNTED_STATUSES_SQL } from '../../db/money-sql.ts';

/** What counts of payment `p` of booking `b`: see the file's comment. Needs `p` and `b` in scope; adds `pm`. */
export const paymentMoney = sql`
  cross join lateral (
    select r.fare_e6, r.discrepancy_e6, r.fee_e6, r.fare_e6 + r.discrepancy_e6 + r.fee_e6 as billed_e6, r.charged,
           l.received_e6, l.refunded_e6, l.netted_e6
    from (
      select
        case when c.state = 'LIVE' and c.live and p.kind = 'FARE' then p.total_amount_e6 else 0 end as fare_e6,
        case
          when c.state = 'LIVE' and c.live and p.kind = 'DISCREPANCY' and not c.refund_record then p.total_amount_e6
          when c.state = 'LIVE' and c.live and c.refund_record and c.lowers_price and c.parent_kind <> 'CANCELLATION' and not c.parent_refund_record then -p.total_amount_e6
          else 0
        end as discrepancy_e6,
        case
          when c.state = 'CANCELLED' and c.live and p.kind = 'CANCELLATION' then p.total_amount_e6
          when c.state = 'CANCELLED' and c.live and c.refund_record and c.lowers_price and c.parent_kind = 'CANCELLATION' then -p.total_amount_e6
          else 0
        end as fee_e6,
        c.live and not c.refund_record and case c.state when 'LIVE' then p.kind <> 'CANCELLATION' when 'CANCELLED' then p.kind = 'CANCELLATION' else false end as charged
      from (
        select
          case b.status when 'CANCELLED' then 'CANCELLED' when 'NOT_RESERVED' then 'REFUSED' else 'LIVE' end as state,
          p.status not in ${UNCOUNTED_STATUSES_SQL} as live,
          coalesce(p.kind = 'DISCREPANCY' and p.direction = 'REFUND', false) as refund_record,
          (p.refund_reason is null or p.refund_reason in ('CHANGE', 'OPERATOR')) as lowers_price,
          q.kind as parent_kind,
          coalesce(q.kind = 'DISCREPANCY' and q.direction = 'REFUND', false) as parent_refund_record
        from (select 1) as one
        left join payments q on q.id = p.parent_payment_id and q.booking_id = p.booking_id
      ) c
    ) r
    cross join (
      select coalesce(sum(k.amount_e6) filter (where k.kind not in ('REFUND', 'NETTING') and k.amount_e6 > 0), 0) as received_e6,
             coalesce(-sum(k.amount_e6) filter (where k.kind = 'REFUND'), 0) as refunded_e6,
             coalesce(sum(k.amount_e6) filter (where k.kind = 'NETTING'), 0) as netted_e6
      from (select t.kind, sum(t.amount_e6) as amount_e6 from payment_transactions t where t.payment_id = p.id group by t.kind) k
    ) l
  ) pm`;
