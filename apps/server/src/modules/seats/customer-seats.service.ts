/**
 * The group's side of seats (DESIGN §10): with its booking number and token, and no sign-in, the
 * group reads its booking and seats, downloads its voucher once staff confirmed it, checks seats
 * and changes its own seats on a train (each change once per mutation_id).
 */
import { createHash } from 'node:crypto';
import type { CustomerLanguage } from '@sagano/domain/common/ui-language';
import { customerMayChangeSeats, isConfirmed, isEnded } from '@sagano/domain/bookings/booking-state';
import { mayHaveDocument } from '@sagano/domain/invoices/document-rules';
import { legsBetween } from '@sagano/domain/inventory/legs';
import type { ChangeSeatBody, CustomerBookingSummary } from '@sagano/domain/seats/seat-schemas';
import type { CustomerBookingResponse } from '@sagano/domain/seats/customer-booking-schemas';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { typesOf, notify, stateOfLocked, loadBooking, lockBooking, recordRevision, type BookingAggregate, tokenMatches } from '../booking-core/index.ts';
import { prepareSeatFixing } from '../inventory/index.ts';
import { stateOfPayment } from '../payments/index.ts';
import { seatDirection } from './seat-direction.ts';
import { voucherPdfOf } from './seat-documents.ts';
import { bookingStateOf } from './seat-views.ts';
import { bookingSeatList, findCustomerMutation, insertCustomerMutation, markSeatsFixed, seatsOf, setSeatsState, slopesOf } from './seats.repository.ts';

const seatLabel = (s: { row: number; letter: string }) => `${s.row}${s.letter}`;

export function createCustomerSeatsService(options: { db: Db; publicUrl: string; clock: Clock }) {
  const { clock } = options;

  async function withToken(executor: Executor, bookingId: string, token: string): Promise<BookingAggregate> {
    const aggregate = await loadBooking(executor, bookingId);
    if (!aggregate || !tokenMatches(token, aggregate.booking.bookingToken)) throw notFound('booking');
    return aggregate;
  }


  async function summaryOf(executor: Executor, a: BookingAggregate): Promise<CustomerBookingSummary> {
    const list = await bookingSeatList(executor, a.booking.bookingId);
    const state = bookingStateOf(a);
    const today = clock.today();
    const voucherAvailable = isConfirmed(state) && state.voucherConfirmed;
    return {
      booking_id: a.booking.bookingId,
      group_name: a.booking.groupName,
      agent_name: a.agent.nameJa,
      agent_name_en: a.agent.nameEn,
      status: state.status,
      refusal_reason: state.status === 'NOT_RESERVED' ? (a.booking.refusalReason ?? 'OTHER') : null,
      cancelled_at: state.status === 'CANCELLED' ? (a.booking.cancelledAt?.toISOString() ?? null) : null,
      participant_quantity: a.booking.participantQuantity,
      wheelchairs: a.wheelchairs.length,
      trains: a.services.map((s) => {
        const seats = list.filter((x) => x.service_date === s.serviceDate && x.service_id === s.serviceId);
        const cars = [...new Set(seats.map((x) => x.car_number))].map((car) => ({ car_number: car, seats: seats.filter((x) => x.car_number === car).map(seatLabel) }));
        return {
          direction: s.direction,
          service_day: s.serviceDate,
          service_id: s.serviceId,
          service_names: s.names,
          from_station_id: s.fromStationId,
          to_station_id: s.toStationId,
          departure_hhmm: s.departureHhmm,
          arrival_hhmm: s.arrivalHhmm,
          cars,
          standing: s.heldStanding,
        };
      }),
      voucher_note: a.booking.voucherNote,
      voucher_available: voucherAvailable,
      voucher_url: voucherAvailable ? `/voucher/${a.booking.bookingId}/${encodeURIComponent(a.booking.bookingToken)}` : null,
      // A cancelled or refused booking's fare is no longer owed: its invoice is not offered to the group.
      invoice_url: !isEnded(state) && a.payment && mayHaveDocument('INVOICE', { ...stateOfPayment(a.payment), direction: null }, 'AGENT') ? `/v1/bookings/${a.booking.bookingId}/invoices/${a.payment.id}.pdf?token=${encodeURIComponent(a.booking.bookingToken)}` : null,
      can_change_seat: customerMayChangeSeats(state) && a.services.some((s) => s.serviceDate >= today),
    };
  }

  async function customerSummary(executor: Executor, bookingId: string, token: string): Promise<CustomerBookingSummary> {
    return summaryOf(executor, await withToken(executor, bookingId, token));
  }

  /** GET /v1/bookings/{id}?token=: the booking entity as the group may see it (customer-booking-schemas.ts says what is left out). */
  async function customerBooking(executor: Executor, bookingId: string, token: string): Promise<CustomerBookingResponse> {
    const a = await withToken(executor, bookingId, token);
    const summary = await summaryOf(executor, a);
    const group = a.booking.group as CustomerBookingResponse['group'];
    const conductor = a.booking.tourConductor as { name?: string; phone_number?: string } | null;
    return {
      booking_id: summary.booking_id,
      status: summary.status,
      sub_status: a.booking.subStatus,
      refusal_reason: summary.refusal_reason,
      cancelled_at: summary.cancelled_at,
      submitted_at: a.booking.submittedAt.toISOString(),
      wait_listing: a.booking.waitListing,
      agent_name: a.agent.nameJa,
      agent_name_en: a.agent.nameEn,
      agent_sub_group_name: a.subGroup.nameJa,
      agent_sub_group_name_en: a.subGroup.nameEn,
      applicant: { name: (a.booking.applicant as { name: string }).name },
      tour_conductor: conductor ? { name: conductor.name ?? '', phone_number: conductor.phone_number ?? '' } : null,
      group: { group_type: group.group_type, name: group.name, name_kana: group.name_kana ?? '', country_code: group.country_code, japan_prefecture_code: group.japan_prefecture_code ?? null },
      main_params: {
        service_order: {
          is_round_trip: a.services.length === 2,
          down_service: summary.trains.find((s) => s.direction === 'down') ?? null,
          up_service: summary.trains.find((s) => s.direction === 'up') ?? null,
          services: summary.trains,
        },
        participant_group: {
          participant_quantity: summary.participant_quantity,
          // The units the group was booked with (a calculated free unit the request did not name is left out).
          unit_quantity_items: a.units.filter((u) => u.quantity > 0).map((u) => ({ unit_id: u.unitId, quantity: u.quantity })),
          wheel_chairs: a.wheelchairs.map((w) => ({ need_slope: w.needSlope })),
        },
        voucherNote: summary.voucher_note,
      },
      voucher_url: summary.voucher_url,
      invoice_url: summary.invoice_url,
      can_show_voucher: summary.voucher_available,
      can_change_seat: summary.can_change_seat,
    };
  }

  /** The voucher the group downloads: only once staff confirmed it; in Japanese and the page's language (`lang`, English for ja/en). */
  async function customerVoucher(executor: Executor, bookingId: string, token: string, language: CustomerLanguage = 'ja'): Promise<Buffer> {
    const a = await withToken(executor, bookingId, token);
    const state = bookingStateOf(a);
    if (!(isConfirmed(state) && state.voucherConfirmed)) throw notFound('voucher');
    return voucherPdfOf(executor, a, options.publicUrl, language);
  }

  /**
   * PUT /change-seat: the group moves its seats on one train (the whole new set, or automatic).
   * The same mutation_id answers the first result and changes nothing.
   */
  async function changeSeat(work: Work, bookingId: string, body: ChangeSeatBody): Promise<CustomerBookingSummary> {
    const { tx } = work;
    const locked = await lockBooking(tx, bookingId);
    const aggregate = locked ? await loadBooking(tx, bookingId) : undefined;
    if (!locked || !aggregate || !tokenMatches(body.token, aggregate.booking.bookingToken)) throw notFound('booking');
    const hash = createHash('sha256').update(JSON.stringify(body.service)).digest('hex');
    const done = await findCustomerMutation(tx, locked.id, body.mutation_id);
    if (done) {
      if (done.requestHash !== hash) throw new AppError('UNPROCESSABLE', 'mutation_id: already used for a different change', 'mutation_id');
      return done.response as CustomerBookingSummary;
    }
    const state = stateOfLocked(locked);
    if (!customerMayChangeSeats(state)) throw new AppError('STEP_NOT_ALLOWED', 'the seats of this booking cannot be changed now');
    const s = locked.services.find((x) => x.serviceDate === body.service.service_day && x.serviceId === body.service.service_id);
    if (!s) throw new AppError('VALIDATION_FAILED', 'service.service_id: not a train of this booking', 'service.service_id');
    if (s.serviceDate < clock.today()) throw new AppError('STEP_NOT_ALLOWED', 'the train has already run');
    const manual = body.service.manual;
    if (manual && (manual.standings > 0 || manual.unspecified_seat > 0)) {
      throw new AppError('VALIDATION_FAILED', 'service.manual.standings: standing places and unspecified seats are arranged by the operator', 'service.manual.standings');
    }
    if (!manual && !body.service.auto) throw new AppError('VALIDATION_FAILED', 'service.manual: choose the seats, or ask for automatic seats', 'service.manual');
    const slopes = await slopesOf(tx, locked.id);
    try {
      await seatDirection(tx, locked, s, manual ? { direction: s.direction, seat_ids: manual.seats, standing: s.heldStanding } : { direction: s.direction, standing: s.heldStanding }, 0, slopes);
    } catch (error) {
      // The customer's own words: fields under service.manual, not the staff call's seat_req.
      if (error instanceof AppError && error.field?.startsWith('seat_req.0.')) throw new AppError(error.code, error.message.replace('seat_req.0.seat_ids', 'service.manual.seats'), 'service.manual.seats');
      throw error;
    }
    await setSeatsState(tx, locked.bookingId, 'ASSIGNED');
    // The group chose these seats: they stay where they are.
    await prepareSeatFixing(tx, { serviceDate: s.serviceDate, serviceId: s.serviceId }, typesOf(locked), locked.bookingId);
    await markSeatsFixed(tx, { serviceDate: s.serviceDate, serviceId: s.serviceId }, locked.bookingId);
    await recordRevision(tx, locked.id, 'UPDATE', {}, 'customer');
    for (const audience of ['ADMIN', 'AGENT'] as const) {
      await notify(tx, locked, audience, 'SEATS_CHANGED_BY_GROUP');
    }
    const response = await summaryOf(tx, (await loadBooking(tx, bookingId))!);
    await insertCustomerMutation(tx, { bookingId: locked.id, mutationId: body.mutation_id, requestHash: hash, response });
    return response;
  }

  /** POST /v1/reservations/check: the seats named are on the train and free on the legs (the booking's own seats count as free). */
  async function check(executor: Executor, body: { from_station_id: number; service: { service_day: string; service_id: number; seats: string[]; to_station_id?: number }; booking_id?: string; token?: string }) {
    let bookingId = '';
    let to = body.service.to_station_id;
    if (body.booking_id !== undefined) {
      const a = await withToken(executor, body.booking_id, body.token ?? '');
      bookingId = a.booking.bookingId;
      to ??= a.services.find((s) => s.serviceDate === body.service.service_day && s.serviceId === body.service.service_id)?.toStationId;
    }
    if (to === undefined) throw new AppError('VALIDATION_FAILED', 'service.to_station_id: give the arrival station', 'service.to_station_id');
    const legs = legsBetween(body.from_station_id, to);
    if (legs.length === 0) throw new AppError('VALIDATION_FAILED', 'service.to_station_id: not a segment of the line', 'service.to_station_id');
    const seats = await seatsOf(executor, { serviceDate: body.service.service_day, serviceId: body.service.service_id, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]! }, bookingId);
    const free = new Set(seats.filter((x) => x.taken_by === null && x.arrangement_type_id !== 0).map((x) => x.seat_id));
    const unavailable = body.service.seats.filter((id) => !free.has(id));
    return { ok: unavailable.length === 0, unavailable_seat_ids: unavailable };
  }

  return { customerSummary, customerBooking, customerVoucher, changeSeat, check };
}
