import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { E6 } from '../money/yen-e6.ts';
import { NOT_TAXABLE, STANDARD_TAX, balancedLines, documentAmounts, includedTaxE6, returnAmounts, type AmountLine } from './invoice-amounts.ts';

const yen = (n: number) => n * E6;
const taxed = (n: number, ratePercent = 10): AmountLine => ({ amountE6: yen(n), tax: { kind: 'TAXED', ratePercent } });

describe('consumption tax included in a total', () => {
  it('is floor(total × rate / (100 + rate)) in whole yen', () => {
    expect(includedTaxE6(yen(49_600), 10)).toBe(yen(4_509));
    expect(includedTaxE6(yen(110), 10)).toBe(yen(10));
    expect(includedTaxE6(yen(109), 10)).toBe(yen(9));
    expect(includedTaxE6(yen(108), 8)).toBe(yen(8));
    expect(includedTaxE6(0, 10)).toBe(0);
  });

  it('is rounded toward zero for a reduction', () => {
    expect(includedTaxE6(-yen(49_600), 10)).toBe(-yen(4_509));
  });

  it('is never more than the exact tax and less by under a yen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(8, 10), (total, rate) => {
        const tax = includedTaxE6(yen(total), rate) / E6;
        const exact = (total * rate) / (100 + rate);
        expect(Number.isInteger(tax)).toBe(true);
        expect(tax).toBeLessThanOrEqual(exact);
        expect(exact - tax).toBeLessThan(1);
      }),
    );
  });
});

describe('a document\'s amounts', () => {
  it('computes the tax once per rate from the rate\'s total, not per line', () => {
    // Three lines of 105 円: per-line taxes would be 3 × 9 = 27; the total's (315 円) is 28.
    const amounts = documentAmounts([taxed(105), taxed(105), taxed(105)]);
    expect(amounts.taxed).toEqual([{ ratePercent: 10, totalE6: yen(315), taxE6: yen(28) }]);
    expect(amounts.taxE6).toBe(yen(28));
    const perLine = [105, 105, 105].reduce((n, x) => n + Math.floor((x * 10) / 110), 0);
    expect(perLine).toBe(27);
  });

  it('keeps a cancellation fee apart, without tax', () => {
    const amounts = documentAmounts([taxed(49_600), { amountE6: yen(4_960), tax: NOT_TAXABLE }]);
    expect(amounts).toEqual({ taxed: [{ ratePercent: 10, totalE6: yen(49_600), taxE6: yen(4_509) }], notTaxableE6: yen(4_960), totalE6: yen(54_560), taxE6: yen(4_509) });
  });

  it('totals each rate apart, highest rate first', () => {
    const amounts = documentAmounts([taxed(1_080, 8), taxed(1_100), taxed(2_200)]);
    expect(amounts.taxed).toEqual([
      { ratePercent: 10, totalE6: yen(3_300), taxE6: yen(300) },
      { ratePercent: 8, totalE6: yen(1_080), taxE6: yen(80) },
    ]);
    expect(amounts.totalE6).toBe(yen(4_380));
    expect(amounts.taxE6).toBe(yen(380));
  });

  it('the total is the sum of the lines, and the tax depends only on the totals per rate', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ amount: fc.integer({ min: 0, max: 1_000_000 }), rate: fc.constantFrom(8, 10, null) }), { maxLength: 12 }), (specs) => {
        const lines: AmountLine[] = specs.map((s) => ({ amountE6: yen(s.amount), tax: s.rate === null ? NOT_TAXABLE : { kind: 'TAXED', ratePercent: s.rate } }));
        const amounts = documentAmounts(lines);
        expect(amounts.totalE6).toBe(lines.reduce((n, l) => n + l.amountE6, 0));
        // Shuffling or merging lines of a rate changes nothing.
        const merged = documentAmounts([...amounts.taxed.map((r) => ({ amountE6: r.totalE6, tax: { kind: 'TAXED' as const, ratePercent: r.ratePercent } })), { amountE6: amounts.notTaxableE6, tax: NOT_TAXABLE }].reverse());
        expect(merged.taxE6).toBe(amounts.taxE6);
        expect(merged.totalE6).toBe(amounts.totalE6);
      }),
    );
  });
});

describe('a return invoice\'s amounts', () => {
  it('states the returned total per rate and its tax by the same rule', () => {
    expect(returnAmounts([taxed(5_000)])).toMatchObject({ taxed: [{ ratePercent: 10, totalE6: yen(5_000), taxE6: yen(454) }], totalE6: yen(5_000), taxE6: yen(454) });
  });

  it('refuses a negative returned amount', () => {
    expect(() => returnAmounts([taxed(-1)])).toThrow(RangeError);
  });
});

describe('balanced lines', () => {
  const adjust = (amountE6: number, tax: AmountLine['tax']) => ({ amountE6, tax, label: 'adjustment' });
  it('adds an adjustment line when the lines do not add up to the total', () => {
    const lines = balancedLines([{ ...taxed(10_000), label: 'adult' }], yen(9_000), adjust);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({ amountE6: -yen(1_000), tax: STANDARD_TAX, label: 'adjustment' });
    expect(balancedLines([{ ...taxed(10_000), label: 'adult' }], yen(10_000), adjust)).toHaveLength(1);
    expect(balancedLines([], yen(500), adjust, NOT_TAXABLE)).toEqual([{ amountE6: yen(500), tax: NOT_TAXABLE, label: 'adjustment' }]);
  });
});
