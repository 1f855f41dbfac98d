/**
 * The amounts a qualified invoice (適格請求書) states, DESIGN §6: lines grouped by tax class, the
 * total per rate and the consumption tax per rate. Fares include consumption tax, so the tax of a
 * rate is taken ONCE per document from that rate's tax-included total and rounded down to whole
 * yen (49,600 円 at 10 % → floor(49,600 × 10 / 110) = 4,509 円), never a sum of per-line taxes.
 * A cancellation fee is compensation, outside consumption tax (不課税): totalled apart, no tax.
 * Amounts are integers on the e6 scale (1 yen = 1,000,000).
 */
import { E6 } from '../money/yen-e6.ts';

/** How a line is taxed: at a consumption tax rate in percent (tax included), or not at all (不課税). */
export type TaxClass = { kind: 'TAXED'; ratePercent: number } | { kind: 'NOT_TAXABLE' };

/** The standard rate that applies to train fares. */
export const STANDARD_TAX: TaxClass = { kind: 'TAXED', ratePercent: 10 };
export const NOT_TAXABLE: TaxClass = { kind: 'NOT_TAXABLE' };

export interface AmountLine {
  /** The line's amount, tax included, on the e6 scale (may be negative: a reduction). */
  amountE6: number;
  tax: TaxClass;
}

export interface RateTotal {
  ratePercent: number;
  /** Tax-included total of the lines at this rate (e6). */
  totalE6: number;
  /** The consumption tax included in totalE6, whole yen, rounded down (e6). */
  taxE6: number;
}

export interface DocumentAmounts {
  /** One entry per rate present, highest rate first. */
  taxed: RateTotal[];
  /** The total of the 不課税 lines (cancellation fees), no tax (e6). */
  notTaxableE6: number;
  /** Everything the document states (e6). */
  totalE6: number;
  /** The consumption tax of all rates together (e6). */
  taxE6: number;
}

/**
 * The consumption tax included in a tax-included amount at `ratePercent`, whole yen rounded
 * down (toward zero for a negative amount: a reduction's tax is never larger than its due share).
 */
export function includedTaxE6(totalE6: number, ratePercent: number): number {
  if (!Number.isSafeInteger(totalE6)) throw new RangeError('amount must be a safe integer (e6)');
  if (!Number.isInteger(ratePercent) || ratePercent < 0 || ratePercent > 100) throw new RangeError('rate must be an integer percent');
  const sign = totalE6 < 0 ? -1 : 1;
  // Whole yen first (an amount below a yen carries no tax), then integer arithmetic in yen.
  const yen = Math.floor(Math.abs(totalE6) / E6);
  const taxYen = Math.floor((yen * ratePercent) / (100 + ratePercent));
  return sign * taxYen * E6 + 0;
}

/** The per-rate totals and taxes of a document's lines (tax computed once per rate). */
export function documentAmounts(lines: readonly AmountLine[]): DocumentAmounts {
  const byRate = new Map<number, number>();
  let notTaxableE6 = 0;
  for (const line of lines) {
    if (line.tax.kind === 'NOT_TAXABLE') notTaxableE6 += line.amountE6;
    else byRate.set(line.tax.ratePercent, (byRate.get(line.tax.ratePercent) ?? 0) + line.amountE6);
  }
  const taxed = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([ratePercent, totalE6]) => ({ ratePercent, totalE6, taxE6: includedTaxE6(totalE6, ratePercent) }));
  const taxedTotal = taxed.reduce((n, r) => n + r.totalE6, 0);
  return { taxed, notTaxableE6, totalE6: taxedTotal + notTaxableE6, taxE6: taxed.reduce((n, r) => n + r.taxE6, 0) };
}

/**
 * What a return invoice (適格返還請求書) states for a refund or a reduction: the returned amount
 * per rate (positive numbers) and the tax it returns, by the same rule as an invoice.
 */
export function returnAmounts(returnedLines: readonly AmountLine[]): DocumentAmounts {
  for (const line of returnedLines) {
    if (line.amountE6 < 0) throw new RangeError('a returned amount is stated as a positive number');
  }
  return documentAmounts(returnedLines);
}

/**
 * Lines that add up to `totalE6`: the priced lines, plus one adjustment line for any difference
 * (an operator's adjusted total, a fee the lines do not show). The adjustment takes the tax class
 * of the first line (the fare's), or `fallback` when there are none.
 */
export function balancedLines<L extends AmountLine>(lines: readonly L[], totalE6: number, adjustment: (amountE6: number, tax: TaxClass) => L, fallback: TaxClass = STANDARD_TAX): L[] {
  const sum = lines.reduce((n, l) => n + l.amountE6, 0);
  if (sum === totalE6) return [...lines];
  return [...lines, adjustment(totalE6 - sum, lines[0]?.tax ?? fallback)];
}
