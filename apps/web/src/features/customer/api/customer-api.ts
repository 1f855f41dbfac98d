import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StationsResponse } from '@sagano/domain/reference/reference-schemas';
import type {
  BookingSeatsResponse,
  ChangeSeatBody,
  CustomerBookingSummary,
  ReservationCheckBody,
  ReservationCheckResponse,
} from '@sagano/domain/seats/seat-schemas';
import { anonymousRequest, ApiError, apiPath, withQuery } from '../../../lib/api-client.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

export type ChangeSeatInput = z.input<typeof ChangeSeatBody>;
export type ReservationCheckInput = z.input<typeof ReservationCheckBody>;
export type ReservationCheckResult = z.infer<typeof ReservationCheckResponse>;


/**
 * One call of the customer page. Plain fetch on purpose: the page is opened without a login, so a
 * 401 must not send the group to the back-office login (the shared client does), and no session
 * cookie is sent either (a staff member opening a customer link is treated as the customer, and
 * unsafe calls need no CSRF header). Failures throw the shared ApiError / FetchFailureError.
 */
const customerRequest = anonymousRequest;

const bookingPath = (bookingId: string, rest: string) => `${apiPath('/v1/bookings/{booking_id}', { booking_id: bookingId })}/${rest}`;

export const customerKeys = {
  all: queryRoots.customer,
  summary: (bookingId: string, token: string) => [...queryRoots.customer, 'summary', bookingId, token] as const,
  seats: (bookingId: string, token: string) => [...queryRoots.customer, 'seats', bookingId, token] as const,
  stations: [...queryRoots.customer, 'stations'] as const,
};

/** GET /v1/bookings/{id}/summary?token=: what the group may see; a wrong token answers 404. */
export function getCustomerSummary(bookingId: string, token: string): Promise<CustomerBookingSummary> {
  return customerRequest('GET', withQuery(bookingPath(bookingId, 'summary'), { token }));
}

/** GET /v1/bookings/{id}/seats?token=: the train car by car per direction; taken_by is '' or null. */
export function getCustomerSeats(bookingId: string, token: string): Promise<BookingSeatsResponse> {
  return customerRequest('GET', withQuery(bookingPath(bookingId, 'seats'), { token }));
}

/** POST /v1/reservations/check: are the seats free for this booking on its legs (a warning before saving). */
export function checkSeats(body: ReservationCheckInput): Promise<ReservationCheckResult> {
  return customerRequest('POST', '/v1/reservations/check', body);
}

/** PUT /v1/bookings/{id}/change-seat: the whole new seat set of one train; the same mutation_id changes once. */
export function changeSeat(bookingId: string, body: ChangeSeatInput): Promise<CustomerBookingSummary> {
  return customerRequest('PUT', bookingPath(bookingId, 'change-seat'), body);
}

/** GET /v1/stations (public): station names in every language. */
export function getStations(): Promise<StationsResponse> {
  return customerRequest('GET', '/v1/stations');
}

/** The voucher PDF: the summary's voucher_url, else the API's own address for it; beside Japanese, English or the page's language (`lang`). */
export function voucherHref(bookingId: string, token: string, voucherUrl: string | null, language?: string): string {
  const lang = language && language !== 'ja' && language !== 'en' ? language : undefined;
  if (voucherUrl) return lang ? `${voucherUrl}${voucherUrl.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}` : voucherUrl;
  return withQuery(bookingPath(bookingId, 'Voucher'), { token, ...(lang ? { lang } : {}) });
}

/** A 400/404 means the link is wrong (unknown booking, bad token): nothing is revealed either way. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

export function customerSummaryQueryOptions(bookingId: string, token: string) {
  return queryOptions({
    queryKey: customerKeys.summary(bookingId, token),
    queryFn: () => getCustomerSummary(bookingId, token),
    // The page shows its own messages; the group never sees the back-office toasts.
    meta: { silentError: true },
    enabled: Boolean(bookingId && token),
  });
}

export function useCustomerSummary(bookingId: string, token: string) {
  return useQuery(customerSummaryQueryOptions(bookingId, token));
}

export function useCustomerSeats(bookingId: string, token: string, enabled: boolean) {
  return useQuery({
    queryKey: customerKeys.seats(bookingId, token),
    queryFn: () => getCustomerSeats(bookingId, token),
    meta: { silentError: true },
    enabled: enabled && Boolean(bookingId && token),
    // Other groups take seats meanwhile: always ask again when the section is shown.
    staleTime: 0,
  });
}

export function customerStationsQueryOptions() {
  return queryOptions({
    queryKey: customerKeys.stations,
    queryFn: getStations,
    meta: { silentError: true },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useCustomerStations() {
  return useQuery(customerStationsQueryOptions());
}

export function useCheckSeats() {
  return useMutation({ mutationFn: checkSeats, meta: { silentError: true } });
}

export function useChangeSeat(bookingId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeSeatInput) => changeSeat(bookingId, body),
    meta: { silentError: true },
    onSuccess: async (summary) => {
      queryClient.setQueryData(customerKeys.summary(bookingId, token), summary);
      await queryClient.invalidateQueries({ queryKey: customerKeys.seats(bookingId, token) });
    },
  });
}

/** A fresh id for one change attempt; crypto.randomUUID needs a secure context, so fall back to random bytes. */
export function newMutationId(): string {
  if (typeof crypto.randomUUID === 'function') return `customer-${crypto.randomUUID()}`;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `customer-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
