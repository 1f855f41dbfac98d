/**
 * The sales summary on the wire (GET /v1/sales/summary, DESIGN §6 "Sales"): for a period of
 * service dates, the totals and the same sums per day, train, segment, agent and payment method.
 * Each booking counts its figures as its payments show them (payment-ledger.ts bookingMoney):
 * what it costs now (billed: a live booking its fare, extra charges and price refunds; a cancelled
 * one its cancellation fee only; a refused one, or a fare not yet asked for, nothing), what was
 * received and what was refunded. Amounts are tax-included integers on the e6 scale.
 */
import { z } from 'zod';
import { daysBetween } from '../common/business-date.ts';

const DateString = z.iso.date();
const E6 = z.number().int();

/** The longest period one summary covers (a year, leap day included). */
export const SALES_MAX_PERIOD_DAYS = 366;

export const SalesSummaryQuery = z
  .object({ from_date: DateString, to_date: DateString })
  .superRefine((v, ctx) => {
    if (v.to_date < v.from_date) ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'the end date must be on or after the start date' });
    else if (daysBetween(v.from_date, v.to_date) + 1 > SALES_MAX_PERIOD_DAYS) ctx.addIssue({ code: 'custom', path: ['to_date'], message: `the period may cover at most ${SALES_MAX_PERIOD_DAYS} days` });
  });
export type SalesSummaryQuery = z.infer<typeof SalesSummaryQuery>;

/** What every row of the summary sums: money (e6) and counts. */
export const SalesFigures = z.object({
  /** Fares of live bookings that were asked for (a cancelled booking's fare counts nothing). */
  fare: E6,
  /** Extra charges after a change, less refunds that lower the price (a change, the operator's refund): negative when refunds outweigh. */
  discrepancy: E6,
  /** Cancellation fees of cancelled bookings, less the operator's refunds on them. */
  cancellation_fee: E6,
  /** fare + discrepancy + cancellation_fee: the sum of the bookings' billed figures (what they cost now). */
  amount: E6,
  /** Money that came in: card captures, bank transfers and coupons (a fare paid then netted onto the fee counts once). */
  received: E6,
  /** Money that went back to the agents (refunds made, and refunds netted on a monthly invoice); a positive amount. */
  refunded: E6,
  /** Bookings with something counted in this row (a charge, or money received or refunded). */
  bookings: z.number().int(),
  /** Participants of those bookings that are not cancelled. */
  people: z.number().int(),
});
export type SalesFigures = z.infer<typeof SalesFigures>;

const Labels = z.array(z.object({ language_id: z.string(), text: z.string() }));

export const SalesByDay = SalesFigures.extend({ service_date: DateString });
export const SalesByTrain = SalesFigures.extend({ service_id: z.number().int(), names: Labels });
export const SalesBySegment = SalesFigures.extend({
  from_station: z.object({ station_id: z.number().int(), labels: Labels }),
  to_station: z.object({ station_id: z.number().int(), labels: Labels }),
});
/** `name` is the agent's Japanese name, `name_en` its English one ('' when none is registered). */
export const SalesByAgent = SalesFigures.extend({ agent_id: z.number().int(), name: z.string(), name_en: z.string(), agent_type: z.string() });
export const SalesByPaymentMethod = SalesFigures.extend({ payment_method: z.string() });

export const SalesSummaryResponse = z.object({
  from_date: DateString,
  to_date: DateString,
  totals: SalesFigures,
  by_day: z.array(SalesByDay),
  by_train: z.array(SalesByTrain),
  by_segment: z.array(SalesBySegment),
  by_agent: z.array(SalesByAgent),
  by_payment_method: z.array(SalesByPaymentMethod),
});
export type SalesSummaryResponse = z.infer<typeof SalesSummaryResponse>;
export type SalesByDay = z.infer<typeof SalesByDay>;
export type SalesByTrain = z.infer<typeof SalesByTrain>;
export type SalesBySegment = z.infer<typeof SalesBySegment>;
export type SalesByAgent = z.infer<typeof SalesByAgent>;
export type SalesByPaymentMethod = z.infer<typeof SalesByPaymentMethod>;
