/**
 * Monthly billing rules (DESIGN §6 "Settlements"): an agent's billing period for a run date, the
 * due date from its payment day, and a settlement's sums from the payments it covers. Pure.
 *
 * - The billing day is a day 1–28 of each month, or the month's last day (`endOfMonth`, or no day).
 * - A period ends on the latest billing day on or before the run date, and starts the day after the
 *   previous period's end. An agent's first period starts the day after the billing day one month
 *   before its end, or earlier when the agent has unbilled activity (service dates) before that:
 *   then at the first day of that activity's month.
 * - Money is due on the payment day of the month after the period ends (翌月払い).
 */
import { addDays, billingDayIn, monthOf } from '../common/business-date.ts';

export interface BillingTerms {
  /** 1–28, or null with `billingDayEndOfMonth`. */
  billingDay: number | null;
  billingDayEndOfMonth: boolean;
  paymentDay: number | null;
  paymentDayEndOfMonth: boolean;
}

export interface BillingPeriod {
  from: string;
  to: string;
}

/** yyyy-MM shifted by `n` months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The agent's billing day in a month (yyyy-MM → yyyy-MM-dd). */
export function billingDateIn(month: string, terms: Pick<BillingTerms, 'billingDay' | 'billingDayEndOfMonth'>): string {
  return billingDayIn(month, terms.billingDay ?? 31, terms.billingDayEndOfMonth || terms.billingDay === null);
}

/** Whether `date` is the agent's billing day (the daily job bills the agents for which it is). */
export function isBillingDay(date: string, terms: Pick<BillingTerms, 'billingDay' | 'billingDayEndOfMonth'>): boolean {
  return billingDateIn(monthOf(date), terms) === date;
}

/** The latest billing day on or before `runDate`: the end of the period a run on that day bills. */
export function latestBillingDay(runDate: string, terms: Pick<BillingTerms, 'billingDay' | 'billingDayEndOfMonth'>): string {
  const thisMonth = billingDateIn(monthOf(runDate), terms);
  return thisMonth <= runDate ? thisMonth : billingDateIn(addMonths(monthOf(runDate), -1), terms);
}

/** The earliest billing day on or after `date`: the end of the period `date` falls in. */
export function billingDayOnOrAfter(date: string, terms: Pick<BillingTerms, 'billingDay' | 'billingDayEndOfMonth'>): string {
  const thisMonth = billingDateIn(monthOf(date), terms);
  return thisMonth >= date ? thisMonth : billingDateIn(addMonths(monthOf(date), 1), terms);
}

/** The agent's next billing day after `today` (the daily job bills at 00:10, so today's run is already done). */
export function nextBillingDay(today: string, terms: Pick<BillingTerms, 'billingDay' | 'billingDayEndOfMonth'>): string {
  return billingDayOnOrAfter(addDays(today, 1), terms);
}

/**
 * The billing day of the monthly invoice a payment still waiting for one (INVOICE_PENDING) will be
 * on: the first billing day that closes a period reaching its booking's first service date, is
 * not past (a missed one is caught up by the next), and is not billed yet (`lastBilledTo`: the end
 * of the agent's last settlement; a payment opened after that run waits for the next one).
 */
export function expectedBillingDate(input: { firstServiceDate: string; today: string; lastBilledTo: string | null; terms: Pick<BillingTerms, 'billingDay' | 'billingDayEndOfMonth'> }): string {
  const notBefore = [input.firstServiceDate, input.today, input.lastBilledTo === null ? '' : addDays(input.lastBilledTo, 1)].reduce((a, b) => (a > b ? a : b));
  return billingDayOnOrAfter(notBefore, input.terms);
}

/**
 * The period a billing run on `runDate` bills, or null when there is none (the latest billing day
 * is already billed). `previousTo`: the end of the agent's last settlement; `earliestActivity`: the
 * earliest service date of the agent's unbilled payments (first period only).
 */
export function billingPeriod(input: { runDate: string; terms: BillingTerms; previousTo: string | null; earliestActivity: string | null }): BillingPeriod | null {
  const to = latestBillingDay(input.runDate, input.terms);
  let from: string;
  if (input.previousTo !== null) {
    from = addDays(input.previousTo, 1);
  } else {
    from = addDays(billingDateIn(addMonths(monthOf(to), -1), input.terms), 1);
    if (input.earliestActivity !== null && input.earliestActivity < from) from = `${monthOf(input.earliestActivity)}-01`;
  }
  return from <= to ? { from, to } : null;
}

/** When a period's money is due: the payment day of the month after the period ends (month end without a day). */
export function settlementDueDate(periodTo: string, terms: Pick<BillingTerms, 'paymentDay' | 'paymentDayEndOfMonth'>): string {
  return billingDayIn(addMonths(monthOf(periodTo), 1), terms.paymentDay ?? 31, terms.paymentDayEndOfMonth || terms.paymentDay === null);
}

export interface SettledPayment {
  kind: 'FARE' | 'CANCELLATION' | 'DISCREPANCY';
  /** A discrepancy's way: EXTRA is charged, REFUND is owed back (counted negative). */
  direction: 'EXTRA' | 'REFUND' | null;
  totalE6: number;
  /**
   * Money already received toward this payment before it was billed (e.g. a bank transfer toward
   * a fare): deducted from what a monthly invoice bills. 0 when absent; never counted on a refund.
   */
  receivedE6?: number;
}

export interface SettlementSums {
  /** What the settlement bills: fare + discrepancy + fee − received. */
  amountE6: number;
  fareE6: number;
  discrepancyE6: number;
  feeE6: number;
  receivedE6: number;
}

/**
 * A settlement's sums: fares, discrepancies (refunds negative: a monthly invoice nets what is owed
 * back against what is charged) and cancellation fees, less what was already received toward them;
 * amount = fare + discrepancy + fee − received.
 */
export function settlementSums(payments: readonly SettledPayment[]): SettlementSums {
  let fareE6 = 0;
  let discrepancyE6 = 0;
  let feeE6 = 0;
  let receivedE6 = 0;
  for (const p of payments) {
    if (p.kind === 'FARE') fareE6 += p.totalE6;
    else if (p.kind === 'CANCELLATION') feeE6 += p.totalE6;
    else discrepancyE6 += p.direction === 'REFUND' ? -p.totalE6 : p.totalE6;
    if (p.direction !== 'REFUND') receivedE6 += Math.min(p.receivedE6 ?? 0, p.totalE6);
  }
  return { amountE6: fareE6 + discrepancyE6 + feeE6 - receivedE6, fareE6, discrepancyE6, feeE6, receivedE6 };
}
