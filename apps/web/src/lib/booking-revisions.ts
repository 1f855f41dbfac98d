/**
 * The revision of each booking as this tab last read it (the booking detail shows that read). A
 * booking step sends it as `If-Match`, so a step started on a booking someone else has changed
 * since is refused (BOOKING_CHANGED) instead of acting on what the screen no longer shows.
 */
const shown = new Map<string, number>();

export function rememberBookingRevision(bookingId: string, revision: number): void {
  shown.set(bookingId, revision);
}

/** The If-Match header for a step on the booking; none when this tab has not read it (then the server does not check). */
export function ifMatchFor(bookingId: string): Record<string, string> {
  const revision = shown.get(bookingId);
  return revision === undefined ? {} : { 'if-match': `"${revision}"` };
}

export function forgetBookingRevisions(): void {
  shown.clear();
}
