import type { z } from 'zod';
import type { AssignSeatsBody, BookingSeatsResponse, ReleaseSeatsBody } from '@sagano/domain/seats/seat-schemas';
import { apiClient, apiPath } from '../../../lib/api-client.ts';
import { ifMatchFor } from '../../../lib/booking-revisions.ts';

type Ok = { ok: true };
export type Mail = { subject: string; body: string };
/** What the screen sends: standing may be left out (the server takes 0). */
export type AssignSeatsRequest = z.input<typeof AssignSeatsBody>;
export type ReleaseSeatsRequest = z.input<typeof ReleaseSeatsBody>;

const bookingPath = (bookingId: string, rest: string) => `${apiPath('/v1/bookings/{booking_id}', { booking_id: bookingId })}/${rest}`;
/** A seat step sent with the revision this tab shows (If-Match), as the booking steps are: a booking changed meanwhile answers BOOKING_CHANGED. */
const stepPost = <T>(bookingId: string, step: string, body: unknown) => apiClient.post<T>(bookingPath(bookingId, step), body, ifMatchFor(bookingId));

/** POST /v1/bookings/{id}/assign_seats: automatic without seat_req (or without seat_ids), else exactly the seats named. */
export const assignSeats = (bookingId: string, body: AssignSeatsRequest) =>
  stepPost<BookingSeatsResponse>(bookingId, 'assign_seats', body);
/** POST /v1/bookings/{id}/assign_seats_ok: the seats given are kept (SAGANO_SEAT_RESERVED). */
export const assignSeatsOk = (bookingId: string) => stepPost<Ok>(bookingId, 'assign_seats_ok', {});
/** POST /v1/bookings/{id}/assign_seats_ng: no seats can be given; the seats are freed (SAGANO_SEAT_NOT_AVAILABLE). */
export const assignSeatsNg = (bookingId: string, ngReason: string) =>
  stepPost<Ok>(bookingId, 'assign_seats_ng', { ng_reason: ngReason });
/** POST /v1/bookings/{id}/release-seats: {} frees every seat; {direction, seat_ids} on the service day frees those seats. */
export const releaseSeats = (bookingId: string, body: ReleaseSeatsRequest = {}) =>
  stepPost<Ok>(bookingId, 'release-seats', body);
/** POST /v1/bookings/{id}/send_seat_table: the seat sheet PDF mailed to the applicant (SAGANO_SEAT_TABLE_SENT). */
export const sendSeatTable = (bookingId: string, mail: Mail) => stepPost<Ok>(bookingId, 'send_seat_table', { mail });
/** POST /v1/bookings/{id}/confirm_voucher: the note is printed on the voucher. */
export const confirmVoucher = (bookingId: string, note: string) => stepPost<Ok>(bookingId, 'confirm_voucher', { note });
/** POST /v1/bookings/{id}/send_voucher: the voucher PDF mailed with the customer link (a prepaid one with its fare unpaid: with the operator's reason). */
export const sendVoucher = (bookingId: string, mail: Mail, overrideUnpaidReason?: string) =>
  stepPost<Ok>(bookingId, 'send_voucher', { mail, ...(overrideUnpaidReason ? { override_unpaid_reason: overrideUnpaidReason } : {}) });
/** POST /v1/bookings/{id}/resend_documents: every outdated seat table and voucher mailed again, replacing the earlier ones. */
export const resendDocuments = (bookingId: string, overrideUnpaidReason?: string) =>
  stepPost<{ resent: ('seat_table' | 'voucher')[] }>(bookingId, 'resend_documents', overrideUnpaidReason ? { override_unpaid_reason: overrideUnpaidReason } : {});

/** The seat sheet PDF (staff session cookie): opened in a new tab. */
export const seatTablePdfUrl = (bookingId: string) => bookingPath(bookingId, 'seat_table.pdf');
/** The voucher PDF preview (staff session cookie): opened in a new tab. */
export const voucherPdfUrl = (bookingId: string) => bookingPath(bookingId, 'voucher.pdf');
