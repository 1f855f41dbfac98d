import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, REGISTRATION_NUMBER, documentNumber, parseDocumentNumber } from './document-numbers.ts';

describe('document numbers', () => {
  it('prints the kind and six digits', () => {
    expect(documentNumber('INVOICE', 1)).toBe('INV-000001');
    expect(documentNumber('RECEIPT', 42)).toBe('RCP-000042');
    expect(documentNumber('RETURN_INVOICE', 999_999)).toBe('RTN-999999');
    expect(documentNumber('INVOICE', 1_000_000)).toBe('INV-1000000');
  });

  it('refuses a sequence that is not a positive integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => documentNumber('INVOICE', bad)).toThrow(RangeError);
  });

  it('reads back what it prints, and only that', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DOCUMENT_KINDS), fc.integer({ min: 1, max: 10_000_000 }), (kind, sequence) => {
        expect(parseDocumentNumber(documentNumber(kind, sequence))).toEqual({ kind, sequence });
      }),
    );
    expect(parseDocumentNumber('INV-1')).toBeNull();
    expect(parseDocumentNumber('INV-000000')).toBeNull();
    expect(parseDocumentNumber('ABC-000001')).toBeNull();
    expect(parseDocumentNumber('INV-0000001')).toBeNull();
  });

  it('knows a registration number: T and 13 digits', () => {
    expect(REGISTRATION_NUMBER.test('T1234567890123')).toBe(true);
    expect(REGISTRATION_NUMBER.test('1234567890123')).toBe(false);
    expect(REGISTRATION_NUMBER.test('T123456789012')).toBe(false);
  });
});
