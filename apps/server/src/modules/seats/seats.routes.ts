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
  ReleaseSeatsBody,
  ReservationCheckBody,
  ReservationCheckResponse,
  SendSeatTableBody,
  SendVoucherBody,
  TokenQuery,
} from '@sagano/domain/seats/seat-schemas';
import type { OperationName } from '@sagano/domain/audit/operation-log-schemas';
import type { Db } from '../../db/client.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/principal.ts';
import type { SeatsService } from './seats.service.ts';

const Ok = z.object({ ok: z.literal(true) });

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

  const step = <B extends z.ZodType>(path: string, operation: OperationName, body: B | undefined, run: (work: Work, principal: Principal, bookingId: string, body: z.infer<B>) => Promise<void>) => {
    r.post(`/v1/bookings/:booking_id/${path}`, {
      schema: { tags, params: BookingIdParams, ...(body ? { body } : {}), response: { 200: Ok } },
      config: { access: 'backOffice', category, operation },
    }, async (request) => {
      await request.mutate((work) => run(work, request.principal!, request.params.booking_id, request.body as z.infer<B>), { bookingId: request.params.booking_id });
      return { ok: true as const };
    });
  };

  step('assign_seats_ok', 'bookings.assign_seats_ok', undefined, (work, principal, id) => seats.assignOk(work, principal, id));
  step('assign_seats_ng', 'bookings.assign_seats_ng', AssignSeatsNgBody, (work, principal, id, body) => seats.assignNg(work, principal, id, body.ng_reason));
  step('release-seats', 'bookings.release_seats', ReleaseSeatsBody, (work, principal, id, body) => seats.release(work, principal, id, body));
  step('send_seat_table', 'bookings.send_seat_table', SendSeatTableBody, (work, principal, id, body) => seats.sendSeatTable(work, principal, id, body.mail));
  step('confirm_voucher', 'bookings.confirm_voucher', ConfirmVoucherBody, (work, principal, id, body) => seats.confirmVoucher(work, principal, id, body.note));
  step('send_voucher', 'bookings.send_voucher', SendVoucherBody, (work, principal, id, body) => seats.sendVoucher(work, principal, id, body.mail));

  r.get('/v1/bookings/:booking_id/seat_table.pdf', {
    schema: { tags, params: BookingIdParams },
    config: { access: 'backOffice' },
  }, async (request, reply) => sendPdf(reply, `seat-table-${request.params.booking_id}.pdf`, await seats.seatSheetPdf(db, request.principal!, request.params.booking_id)));

  r.get('/v1/bookings/:booking_id/voucher.pdf', {
    schema: { tags, params: BookingIdParams },
    config: { access: 'backOffice' },
  }, async (request, reply) => sendPdf(reply, `voucher-${request.params.booking_id}.pdf`, await seats.voucherPreview(db, request.principal!, request.params.booking_id)));

  // ---------- the group's side: no login, the booking id and its token ----------

  r.get('/v1/bookings/:booking_id/summary', {
    schema: { tags, params: BookingIdParams, querystring: TokenQuery, response: { 200: CustomerBookingSummary } },
    config: { access: 'public' },
  }, (request) => seats.customerSummary(db, request.params.booking_id, request.query.token));

  r.get('/v1/bookings/:booking_id/Voucher', {
    schema: { tags, params: BookingIdParams, querystring: TokenQuery },
    config: { access: 'public' },
  }, async (request, reply) => sendPdf(reply, `voucher-${request.params.booking_id}.pdf`, await seats.customerVoucher(db, request.params.booking_id, request.query.token)));

  // The download link printed in mails and on the customer page.
  r.get('/voucher/:booking_id/:token', {
    schema: { hide: true, params: BookingIdParams.extend({ token: z.string().min(1).max(100) }) },
    config: { access: 'public' },
  }, async (request, reply) => sendPdf(reply, `voucher-${request.params.booking_id}.pdf`, await seats.customerVoucher(db, request.params.booking_id, request.params.token)));

  r.put('/v1/bookings/:booking_id/change-seat', {
    schema: { tags, params: BookingIdParams, body: ChangeSeatBody, response: { 200: CustomerBookingSummary } },
    config: { access: 'public', category, operation: 'bookings.change_seat' },
  }, (request) => request.mutate((work) => seats.changeSeat(work, request.params.booking_id, request.body), { bookingId: request.params.booking_id }));

  r.post('/v1/reservations/check', {
    schema: { tags, body: ReservationCheckBody, response: { 200: ReservationCheckResponse } },
    config: { access: 'public', operationLog: false },
  }, (request) => seats.check(db, request.body));
}
