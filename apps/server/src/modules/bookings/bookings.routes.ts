import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddNoteBody,
  AddSpecialNoteQuery,
  AssignOperatorBody,
  BookingIdParams,
  BookingNote,
  BookingResponse,
  CalculateAmountBody,
  CalculateAmountResponse,
  CancelBookingBody,
  DeclineCancellationBody,
  CancelBookingResponse,
  CancellationQuoteResponse,
  ConfirmBookingBody,
  CreateBookingBody,
  CreateBookingResponse,
  MAIL_TEMPLATES,
  MailTemplateResponse,
  PaymentSearchResponse,
  ServiceOrderSearchQuery,
  ServiceOrderSearchResponse,
  RefuseBookingBody,
  RejectModificationBody,
  ReserveAllotmentsResponse,
  ReserveResponse,
  SelectPriorityBody,
  UpdateFromToStationBody,
  UpdateNoteBody,
  UpdateParamsBody,
  UpdateParamsResponse,
} from '@sagano/domain/bookings/booking-schemas';
import { REFUSAL_REASONS } from '@sagano/domain/bookings/booking-state';
import { RequestSeatAssignmentBody, RequestSeatAssignmentResponse } from '@sagano/domain/bookings/seat-request-schemas';
import { CustomerBookingResponse } from '@sagano/domain/seats/customer-booking-schemas';
import { AppError } from '../../lib/app-error.ts';
import type { Db } from '../../db/client.ts';
import { bookingStepRoutes, callerOf } from '../booking-core/index.ts';
import { notificationInboxOf, searchPayments, searchServiceOrders } from './booking-search.repository.ts';
import { tenantScopeOf } from '../auth/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { presentPaymentRows } from '../payments/index.ts';
import type { BookingsService } from './bookings.service.ts';

const NoteId = z.object({ note_id: z.number().int() });

/** The booking calls of spec 001 §7.2 that this issue builds. */
export function bookingsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; bookings: BookingsService; customerBooking: (db: Db, bookingId: string, token: string) => Promise<CustomerBookingResponse> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, bookings } = deps;
  const tags = ['bookings'];
  const category = 'bookings' as const;

  r.post('/v1/bookings', {
    schema: { tags, body: CreateBookingBody, response: { 200: CreateBookingResponse } },
    // Station staff read bookings and write notes; they do not book (DESIGN §1).
    config: { access: 'backOfficeOrAgent', category, operation: 'bookings.submit' },
  }, async (request) => {
    const result = await request.mutate((work) => bookings.submit(work, request.principal!, request.body));
    return result;
  });

  r.get('/v1/bookings/service_orders/search', {
    schema: { tags, querystring: ServiceOrderSearchQuery, response: { 200: ServiceOrderSearchResponse } },
    config: { access: 'authenticated' },
  }, async (request) => {
    const { total, total_capped, rows } = await searchServiceOrders(db, request.query, tenantScopeOf(request.principal!), { today: deps.clock.today(), inbox: notificationInboxOf(request.principal!) });
    return { total, total_capped, page: request.query.page, per_page: request.query.per_page, service_orders: rows };
  });

  r.get('/v1/bookings/payments/search', {
    schema: { tags, querystring: ServiceOrderSearchQuery, response: { 200: PaymentSearchResponse } },
    config: { access: 'backOfficeOrAgent' },
  }, async (request) => {
    // One today for the filter and the rows' is_overdue, so an overdue-only page shows only overdue rows.
    const today = deps.clock.today();
    const { total, total_capped, rows } = await searchPayments(db, request.query, tenantScopeOf(request.principal!), { today });
    // Each row's payment is what the booking detail answers for it (flags, settlements, items, account).
    const payments = await presentPaymentRows(db, rows, callerOf(request.principal!), today);
    return { total, total_capped, page: request.query.page, per_page: request.query.per_page, payments };
  });

  r.get('/v1/bookings/service_orders/by-service/:service_date/:service_id', {
    schema: {
      tags,
      params: z.object({ service_date: z.iso.date(), service_id: z.coerce.number().int().positive() }),
      response: { 200: ServiceOrderSearchResponse },
    },
    config: { access: 'operator' },
  }, async (request) => {
    // Every booking on one train (a train holds a few hundred seats: one page is enough).
    const q = { page: 1, per_page: 500, service_date_from: request.params.service_date, service_date_to: request.params.service_date };
    const { total, total_capped, rows } = await searchServiceOrders(db, q, { agentId: null, agentSubGroupId: null }, { today: deps.clock.today(), serviceId: request.params.service_id, inbox: notificationInboxOf(request.principal!) });
    return { total, total_capped, page: 1, per_page: 500, service_orders: rows };
  });

  r.post('/v1/bookings/calculate_amount', {
    schema: { tags, body: CalculateAmountBody, response: { 200: CalculateAmountResponse } },
    config: { access: 'backOfficeOrAgent', operationLog: false },
  }, (request) => bookings.calculate(request.principal!, request.body));

  r.get('/v1/bookings/:booking_id', {
    schema: {
      tags,
      params: BookingIdParams,
      querystring: z.object({ agent_sub_group_id: z.coerce.number().int().optional(), token: z.string().max(100).optional() }),
      response: { 200: z.union([BookingResponse, CustomerBookingResponse]) },
    },
    // With ?token= the group reads its own booking (the group's view of it, spec 001 §7.3) without a session.
    config: { access: 'public' },
  }, (request) => {
    if (request.query.token !== undefined) return deps.customerBooking(db, request.params.booking_id, request.query.token);
    if (!request.principal) throw new AppError('UNAUTHENTICATED', 'sign in to see bookings');
    return bookings.get(db, request.principal, request.params.booking_id);
  });

  r.get('/v1/bookings/:booking_id/cancellation_fee', {
    schema: { tags, params: BookingIdParams, querystring: z.object({ agent_sub_group_id: z.coerce.number().int().optional() }), response: { 200: CancellationQuoteResponse } },
    config: { access: 'backOfficeOrAgent' },
  }, (request) => bookings.cancellationQuote(db, request.principal!, request.params.booking_id));

  r.get('/v1/bookings/:booking_id/mail_templates/:mail_template', {
    schema: {
      tags,
      params: BookingIdParams.extend({ mail_template: z.enum(MAIL_TEMPLATES) }),
      querystring: z.object({ reason: z.enum(REFUSAL_REASONS).optional() }),
      response: { 200: MailTemplateResponse },
    },
    config: { access: 'backOffice' },
  }, (request) => bookings.template(db, request.principal!, request.params.booking_id, request.params.mail_template, request.query.reason));

  const step = bookingStepRoutes(app, tags);

  step('reserve_allotments', 'bookings.reserve_allotments', undefined, (req, work) => bookings.reserveAllotments(work, req.principal, req.bookingId), { response: ReserveAllotmentsResponse });
  step('reserve', 'bookings.reserve', undefined, (req, work) => bookings.reserve(work, req.principal, req.bookingId), { response: ReserveResponse });
  step('release_allotments', 'bookings.release_allotments', undefined, (req, work) => bookings.releaseAllotments(work, req.principal, req.bookingId));
  step('confirm_booking', 'bookings.confirm_booking', ConfirmBookingBody, (req, work) => bookings.confirm(work, req.principal, req.bookingId, req.body.mail));
  step('refuse_booking', 'bookings.refuse_booking', RefuseBookingBody, (req, work) => bookings.refuse(work, req.principal, req.bookingId, req.body.reason, req.body.mail));
  step('cancel', 'bookings.cancel', CancelBookingBody, (req, work) => bookings.cancel(work, req.principal, req.bookingId, req.body), { access: 'backOfficeOrAgent', response: CancelBookingResponse });
  step('confirm_cancellation', 'bookings.confirm_cancellation', undefined, (req, work) => bookings.confirmCancellation(work, req.principal, req.bookingId), { access: 'backOfficeOrAgent' });
  step('decline_cancellation', 'bookings.decline_cancellation', DeclineCancellationBody, (req, work) => bookings.declineCancellation(work, req.principal, req.bookingId, req.body.reason), { access: 'backOfficeOrAgent' });
  step('accept_modification', 'bookings.accept_modification', undefined, (req, work) => bookings.acceptModification(work, req.principal, req.bookingId));
  step('reject_modification', 'bookings.reject_modification', RejectModificationBody, (req, work) => bookings.rejectModification(work, req.principal, req.bookingId, req.body.reason));
  step('select_priority', 'bookings.select_priority', SelectPriorityBody, (req, work) => bookings.selectPriority(work, req.principal, req.bookingId, req.body.priority));
  step('assign_operator', 'bookings.assign_operator', AssignOperatorBody, (req, work) => bookings.assignOperator(work, req.principal, req.bookingId, req.body.operator_name));
  step('add_special_note', 'bookings.add_special_note', undefined, (req, work) => bookings.addSpecialNote(work, req.principal, req.bookingId, req.query as z.infer<typeof AddSpecialNoteQuery>), { query: AddSpecialNoteQuery });
  step('update_from_to_station', 'bookings.update_from_to_station', UpdateFromToStationBody, (req, work) => bookings.updateFromToStation(work, req.principal, req.bookingId, req.body));
  // The agent asks for seats (our addition); the operator's side is answered 409 by the step rule.
  step('request_seat_assignment', 'bookings.request_seat_assignment', RequestSeatAssignmentBody, (req, work) => bookings.requestSeatAssignment(work, req.principal, req.bookingId, req.body), { access: 'backOfficeOrAgent', response: RequestSeatAssignmentResponse });

  r.put('/v1/bookings/:booking_id/params', {
    schema: { tags, params: BookingIdParams, body: UpdateParamsBody, response: { 200: UpdateParamsResponse } },
    config: { access: 'backOfficeOrAgent', category, operation: 'bookings.update_params' },
  }, (request) => request.mutate((work) => bookings.updateParams(work, request.principal!, request.params.booking_id, request.body), { bookingId: request.params.booking_id }));

  r.get('/v1/bookings/:booking_id/notes', {
    schema: { tags, params: BookingIdParams, querystring: z.object({ agent_sub_group_id: z.coerce.number().int().optional() }), response: { 200: z.object({ notes: z.array(BookingNote) }) } },
    config: { access: 'authenticated' },
  }, async (request) => ({ notes: await bookings.notes(db, request.principal!, request.params.booking_id) }));

  r.post('/v1/bookings/:booking_id/notes', {
    schema: { tags, params: BookingIdParams, body: AddNoteBody, response: { 200: NoteId } },
    config: { access: 'authenticated', category, operation: 'bookings.add_note' },
  }, (request) => request.mutate((work) => bookings.addNote(work, request.principal!, request.params.booking_id, request.body), { bookingId: request.params.booking_id }));

  r.post('/v1/notes/:note_id', {
    schema: { tags, params: z.object({ note_id: z.coerce.number().int().positive() }), body: UpdateNoteBody, response: { 200: NoteId } },
    config: { access: 'authenticated', category, operation: 'bookings.update_note' },
  }, (request) => request.mutate((work) => bookings.updateNote(work, request.principal!, request.params.note_id, request.body)));
}
