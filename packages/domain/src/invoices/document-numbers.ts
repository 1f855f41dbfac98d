/**
 * Document numbers (DESIGN §6): one sequence per kind, from the issuing transaction's counter, so
 * numbers are sequential and never skipped or reused: INV-000001, RCP-000001, RTN-000001.
 */
export const DOCUMENT_KINDS = ['INVOICE', 'RECEIPT', 'RETURN_INVOICE'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_PREFIX: Record<DocumentKind, string> = { INVOICE: 'INV', RECEIPT: 'RCP', RETURN_INVOICE: 'RTN' };

/** Six digits at least; a number past 999,999 keeps all its digits (never wraps). */
const DIGITS = 6;

/** The printed number of the `sequence`-th document of `kind` (sequence ≥ 1). */
export function documentNumber(kind: DocumentKind, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('a document sequence number is a positive integer');
  return `${DOCUMENT_PREFIX[kind]}-${String(sequence).padStart(DIGITS, '0')}`;
}

/** The kind and sequence of a printed number, or null when it is not one. */
export function parseDocumentNumber(text: string): { kind: DocumentKind; sequence: number } | null {
  const match = /^(INV|RCP|RTN)-(\d{6,})$/.exec(text);
  if (!match) return null;
  const kind = DOCUMENT_KINDS.find((k) => DOCUMENT_PREFIX[k] === match[1])!;
  const sequence = Number(match[2]);
  return sequence >= 1 && Number.isSafeInteger(sequence) && String(sequence).padStart(DIGITS, '0') === match[2] ? { kind, sequence } : null;
}

/** A qualified invoice issuer's registration number: T and 13 digits. */
export const REGISTRATION_NUMBER = /^T\d{13}$/;
