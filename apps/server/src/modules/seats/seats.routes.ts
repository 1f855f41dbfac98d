import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingIdParams } from '@sagano/domain/bookings/booking-schemas';
import {
  AssignSeatsBody,
  AssignSeatsNgBody,
  BookingSeatsResponse,
  ChangeSeatBody,
  ConfirmVoucherBody,
  CustomerBookingSummary,
  CustomerVoucherQuery,
  ReleaseSeatsBody,
  ResendDocumentsBody,
  ResendDocumentsResponse,
  ReservationCheckBody,
  ReservationCheckResponse,
  SendSeatTableBody,
  SendVoucherBody,
  TokenQuery,
  VoucherLanguageQuery,
} from '@sagano/domain/seats/seat-schemas';
import type { Db } from '../../db/client.ts';
import { bookingStepRoutes } from '../booking-core/index.ts';
import type { SeatsService } from './seats.service.ts';


function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).header('cache-control', 'no-store').send(pdf);
}

/** Seat assignment, seat table and voucher (staff), and the group's own calls (booking id + token). */
export function seatsRoutes(app: FastifyInstance, deps: { db: Db; seats: SeatsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, seats } = deps;
  const tags = ['seats'];
  const category = 'bookings' as const;

  r.get('/v1/bookings/:booking_id/seats', {
    schema: { tags, params: BookingIdParams, querystring: z.object({ token: z.string().max(100).optional() }), response: { 200: BookingSeatsResponse } },
    // The group reads its own seats with its token; anyone else needs a session (checked in the service).
    config: { access: 'public' },
  }, (request) => seats.view(db, request.principal, request.params.booking_id, request.query.token));

  r.post('/v1/bookings/:booking_id/assign_seats', {
    schema: { tags, params: BookingIdParams, body: AssignSeatsBody, response: { 200: BookingSeatsResponse } },
    config: { access: 'backOffice', category, operation: 'bookings.assign_seats' },
  }, (request) => request.mutate((work) => seats.assign(work, request.principal!, request.params.booking_id, request.body), { bookingId: request.params.booking_id }));

  const step = bookingStepRoutes(app, tags);
  step('assign_seats_ok', 'bookings.assign_seats_ok', undefined, (req, work) => seats.assignOk(work, req.principal, req.bookingId));
  step('assign_seats_ng', 'bookings.assign_seats_ng', AssignSeatsNgBody, (req, work) => seats.assignNg(work, req.principal, req.bookingId, req.body.ng_reason));
  step('release-seats', 'bookings.release_seats', ReleaseSeatsBody, (req, work) => seats.release(work, req.principal, req.bookingId, req.body));
  step('send_seat_table', 'bookings.send_seat_table', SendSeatTableBody, (req, work) => seats.sendSeatTable(work, req.principal, req.bookingId, req.body.mail));
  step('confirm_voucher', 'bookings.confirm_voucher', ConfirmVoucherBody, (req, work) => seats.confirmVoucher(work, req.principal, req.bookingId, req.body.note));
  step('send_voucher', 'bookings.send_voucher', SendVoucherBody, (req, work) => seats.sendVoucher(work, req.principal, req.bookingId, req.body));
  step('resend_documents', 'bookings.resend_documents', ResendDocumentsBody, (req, work) => seats.resendDocuments(work, req.principal, req.bookingId, req.body), { response: ResendDocumentsResponse });

  r.get('/v1/bookings/:booking_id/seat_table.pdf', {
    schema: { tags, params: BookingIdParams },
    // Back office, station staff and the booking's own agent or branch (others: 404); when, the service decides by the flags.
    config: { access: 'authenticated' },
  }, async (request, reply) => sendPdf(reply, `seat-table-${request.params.booking_id}.pdf`, await seats.seatSheetPdf(db, request.principal!, request.params.booking_id)));

  r.get('/v1/bookings/:booking_id/voucher.pdf', {
    schema: { tags, params: BookingIdParams },
    // Back office, station staff and the booking's own agent or branch (others: 404); when, the service decides by the flags.
    config: { access: 'authenticated' },
  }, async (request, reply) => sendPdf(reply, `voucher-${request.params.booking_id}.pdf`, await seats.voucherPreview(db, request.principal!, request.params.booking_id)));

  // ---------- the group's side: no login, the booking id and its token ----------

  r.get('/v1/bookings/:booking_id/summary', {
    schema: { tags, params: BookingIdParams, querystring: TokenQuery, response: { 200: CustomerBookingSummary } },
    config: { access: 'public' },
  }, (request) => seats.customerSummary(db, request.params.booking_id, request.query.token));

  r.get('/v1/bookings/:booking_id/Voucher', {
    schema: { tags, params: BookingIdParams, querystring: CustomerVoucherQuery },
    config: { access: 'public' },
  }, async (request, reply) => sendPdf(reply, `voucher-${request.params.booking_id}.pdf`, await seats.customerVoucher(db, request.params.booking_id, request.query.token, request.query.lang)));

  // The download link printed in mails and on the customer page.
  r.get('/voucher/:booking_id/:token', {
    schema: { hide: true, params: BookingIdParams.extend({ token: z.string().min(1).max(100) }), querystring: VoucherLanguageQuery },
    config: { access: 'public' },
  }, async (request, reply) => sendPdf(reply, `voucher-${request.params.booking_id}.pdf`, await seats.customerVoucher(db, request.params.booking_id, request.params.token, request.query.lang)));

  r.put('/v1/bookings/:booking_id/change-seat', {
    schema: { tags, params: BookingIdParams, body: ChangeSeatBody, response: { 200: CustomerBookingSummary } },
    config: { access: 'public', category, operation: 'bookings.change_seat' },
  }, (request) => request.mutate((work) => seats.changeSeat(work, request.params.booking_id, request.body), { bookingId: request.params.booking_id }));

  r.post('/v1/reservations/check', {
    schema: { tags, body: ReservationCheckBody, response: { 200: ReservationCheckResponse } },
    config: { access: 'public', operationLog: false },
  }, (request) => seats.check(db, request.body));
}
