/** What a one-time code field keeps of the typed text: digits only, six at most (spaces and dashes from a paste go). */
export function normalizeTotpCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** A setup key in groups of four for typing it by hand: "JBSW Y3DP EHPK 3PXP". */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
