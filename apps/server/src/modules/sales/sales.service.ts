/**
 * The sales summary of a period (DESIGN §6 "Sales"): the repository's sums, named and shaped for
 * the wire. `amount` is the sum of the bookings' billed figures (bookingMoney), split into fare,
 * discrepancy and cancellation fee; `received` and `refunded` are theirs too.
 */
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { SalesFigures, SalesSummaryQuery, SalesSummaryResponse } from '@sagano/domain/sales/sales-schemas';
import type { Db } from '../../db/client.ts';
import { salesNames, salesRows, type SalesRow } from './sales.repository.ts';

function figuresOf(row: SalesRow | undefined): SalesFigures {
  const fare = safeE6(row?.fare ?? 0);
  const discrepancy = safeE6(row?.discrepancy ?? 0);
  const cancellationFee = safeE6(row?.cancellation_fee ?? 0);
  return {
    fare,
    discrepancy,
    cancellation_fee: cancellationFee,
    amount: fare + discrepancy + cancellationFee,
    received: safeE6(row?.received ?? 0),
    refunded: safeE6(row?.refunded ?? 0),
    bookings: row?.bookings ?? 0,
    people: row?.people ?? 0,
  };
}

/** Totals and breakdowns of the sales whose (first) service date lies in the period. */
async function salesSummary(db: Db, query: SalesSummaryQuery): Promise<SalesSummaryResponse> {
  const rows = await salesRows(db, query.from_date, query.to_date);
  const of = (dimension: SalesRow['dimension']) => rows.filter((r) => r.dimension === dimension);
  const segments = of('segment');
  const names = await salesNames(db, {
    services: of('train').map((r) => r.service_id!),
    stations: [...new Set(segments.flatMap((r) => [r.from_station_id!, r.to_station_id!]))],
    agents: of('agent').map((r) => r.agent_id!),
  });
  const labelsOf = (list: { id: number; labels: { language_id: string; text: string }[] }[], id: number) => list.find((x) => x.id === id)?.labels ?? [];
  const byAmount = <T extends SalesFigures>(a: T, b: T) => b.amount - a.amount;
  return {
    from_date: query.from_date,
    to_date: query.to_date,
    totals: figuresOf(of('total')[0]),
    by_day: of('day').map((r) => ({ service_date: r.service_date!, ...figuresOf(r) })).sort((a, b) => a.service_date.localeCompare(b.service_date)),
    by_train: of('train').map((r) => ({ service_id: r.service_id!, names: labelsOf(names.services, r.service_id!), ...figuresOf(r) })).sort(byAmount),
    by_segment: segments
      .map((r) => ({
        from_station: { station_id: r.from_station_id!, labels: labelsOf(names.stations, r.from_station_id!) },
        to_station: { station_id: r.to_station_id!, labels: labelsOf(names.stations, r.to_station_id!) },
        ...figuresOf(r),
      }))
      .sort(byAmount),
    by_agent: of('agent')
      .map((r) => {
        const agent = names.agents.find((a) => a.id === r.agent_id);
        return { agent_id: r.agent_id!, name: agent?.name ?? '', name_en: agent?.name_en ?? '', agent_type: agent?.agent_type ?? '', ...figuresOf(r) };
      })
      .sort(byAmount),
    by_payment_method: of('method').map((r) => ({ payment_method: r.payment_method!, ...figuresOf(r) })).sort(byAmount),
  };
}

/** The back office's sales figures (reading only). */
export function createSalesService(deps: { db: Db }) {
  return {
    summary: (query: SalesSummaryQuery): Promise<SalesSummaryResponse> => salesSummary(deps.db, query),
  };
}

export type SalesService = ReturnType<typeof createSalesService>;
