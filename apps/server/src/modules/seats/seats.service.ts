/**
 * Seats, seat tables and vouchers (DESIGN §4–§5): staff seat each confirmed group per direction
 * (automatically with the pure seat choice, or by hand), mark it OK or NG, release seats (all,
 * or on the day the seats a group does not use), mail the seat sheet and the voucher as PDFs
 * through the outbox; the group opens its booking with its token and may change its seats.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CustomerLanguage } from '@sagano/domain/common/ui-language';
import { bookingFlags, customerMayChangeSeats, isConfirmed, isEnded, mayShowSeatTable, type BookingState, type RefusalReason } from '@sagano/domain/bookings/booking-state';
import { labelText } from '@sagano/domain/common/language';
import { mayHaveDocument } from '@sagano/domain/invoices/document-rules';
import { legsBetween } from '@sagano/domain/inventory/legs';
import type {
  AssignSeatsBody,
  BookingSeatsResponse,
  ChangeSeatBody,
  CustomerBookingSummary,
  ReleaseSeatsBody,
  ResendDocumentsBody,
  SeatRequest,
  SendVoucherBody,
} from '@sagano/domain/seats/seat-schemas';
import { resendable, type ResendableDocument } from '@sagano/domain/bookings/booking-progress';
import type { CustomerBookingResponse } from '@sagano/domain/seats/customer-booking-schemas';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import type { Principal } from '../auth/principal.ts';
import { typesOf } from '../bookings/booking-allotments.ts';
import { bookingDocuments, documentFingerprints, readSeatsKey, voucherWaitsForPayment } from '../bookings/booking-documents.ts';
import { customerUrl, loadVisible, toMailBooking } from '../bookings/booking-presenter.ts';
import { recipientLanguage } from '../mail/recipient-language.ts';
import { reissueMail } from './reissue-mails.ts';
import { beginStep, callerOf, nextStep, notify, recordStep, stateOfLocked } from '../bookings/booking-steps.ts';
import { canSee } from '../auth/tenant-scope.ts';
import { loadBooking, lockBooking, recordRevision, type BookingAggregate, type HistoryStepNote, type LockedBooking, type LockedService } from '../bookings/bookings.repository.ts';
import { holdAllotments, releaseAllotments } from '../inventory/allotments.ts';
import { fixSeats } from '../inventory/seatability.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderSeatSheetPdf } from '../documents/seat-sheet-pdf.ts';
import { seatSheetOf, voucherPdfOf } from './seat-documents.ts';
import { stateOfPayment } from '../payments/payment-presenter.ts';
import { assignable, readForView, seatsView, trainDay } from './seat-views.ts';
import { seatAutomatically } from './seat-repacking.ts';
import { bookingSeatList, deleteSeats, lockTrainDay, replaceSeats, seatsOf, setSeatsState } from './seats.repository.ts';
import { tokenMatches } from './customer-access.ts';

const PDF = 'application/pdf';

const seatLabel = (s: { row: number; letter: string }) => `${s.row}${s.letter}`;

export function createSeatsService(db: Db, options: { publicUrl: string; clock: Clock }) {
  const { clock } = options;
  /** GET /seats: staff (any booking they may see), or the group with its token. */
  async function view(executor: Executor, principal: Principal | null, bookingId: string, token: string | undefined): Promise<BookingSeatsResponse> {
    const { booking, aggregate } = await readForView(executor, bookingId);
    if (token !== undefined) {
      if (!tokenMatches(token, aggregate.booking.bookingToken)) throw notFound('booking');
      return seatsView(executor, booking, aggregate, true);
    }
    if (!principal || !canSee(principal, booking)) throw notFound('booking');
    // Agent staff see their group's seats once the seat table was sent (can_show_seat_table), and
    // other holders anonymised like the group does: never another agent's booking number.
    if (callerOf(principal) === 'AGENT') {
      if (!mayShowSeatTable(customerState(aggregate), 'AGENT')) throw new AppError('STEP_NOT_ALLOWED', 'the seats are shown once the seat table is sent');
      return seatsView(executor, booking, aggregate, true);
    }
    return seatsView(executor, booking, aggregate, false);
  }

  /**
   * Seats one direction: by hand (exactly the seats it needs) or by the seat choice, moving
   * other groups' unsent seats when needed. Answers the bookings whose seats were moved.
   */
  async function seatDirection(tx: Executor, booking: LockedBooking, s: LockedService, req: SeatRequest | undefined, index: number, slopes: boolean[]): Promise<string[]> {
    const day = trainDay(s);
    await lockTrainDay(tx, day);
    const seats = await seatsOf(tx, day, booking.bookingId);
    const standing = req?.standing ?? s.heldStanding;
    if (standing !== s.heldStanding) await exchangeStanding(tx, booking, s, standing, index);
    const seatCount = booking.participantQuantity - booking.wheelchairs - standing;
    const wheelchairCount = booking.wheelchairs;
    const field = `seat_req.${index}.seat_ids`;
    let chosen: { ordinary: string[]; wheelchair: string[] };
    if (req?.seat_ids) {
      const byId = new Map(seats.map((x) => [x.seat_id, x]));
      const unique = new Set(req.seat_ids);
      if (unique.size !== req.seat_ids.length) throw new AppError('VALIDATION_FAILED', `${field}: a seat is named twice`, field);
      for (const id of req.seat_ids) {
        const seat = byId.get(id);
        if (!seat) throw new AppError('VALIDATION_FAILED', `${field}: ${id} is not a seat of this train`, field);
        if (seat.taken_by !== null) throw new AppError('SEAT_TAKEN', `${field}: ${id} is held by another booking`, field);
        if (!assignable(seat, booking.types)) throw new AppError('VALIDATION_FAILED', `${field}: ${id} is not a group seat`, field);
      }
      const wheelchairIds = req.seat_ids.filter((id) => byId.get(id)!.is_wheelchair);
      const ordinary = req.seat_ids.filter((id) => !byId.get(id)!.is_wheelchair);
      if (req.seat_ids.length !== seatCount + wheelchairCount) {
        throw new AppError('VALIDATION_FAILED', `${field}: choose exactly ${seatCount + wheelchairCount} seats (${req.seat_ids.length} chosen)`, field);
      }
      if (wheelchairIds.length < wheelchairCount) throw new AppError('VALIDATION_FAILED', `${field}: ${wheelchairCount} wheelchair places are needed`, field);
      // Wheelchair places beyond the wheelchairs seat ordinary participants.
      chosen = { ordinary: [...ordinary, ...wheelchairIds.slice(wheelchairCount)], wheelchair: wheelchairIds.slice(0, wheelchairCount) };
    } else {
      return seatAutomatically(tx, { booking, service: s, day, seatCount, wheelchairCount, preferredCarIds: req?.preferred_car_ids, slopes });
    }
    await replaceSeats(
      tx,
      day,
      booking.bookingId,
      [...chosen.wheelchair.map((seatId, i) => ({ seatId, needSlope: slopes[i] ?? false })), ...chosen.ordinary.map((seatId) => ({ seatId, needSlope: false }))],
      'HELD',
    );
    return [];
  }

  /**
   * Standing places only when asked: that many participants move from group seats to the
   * standing allotment (or back), both counters changed in the same transaction.
   */
  async function exchangeStanding(tx: Executor, booking: LockedBooking, s: LockedService, standing: number, index: number): Promise<void> {
    const field = `seat_req.${index}.standing`;
    const types = typesOf(booking);
    if (types.standing === null) throw new AppError('VALIDATION_FAILED', `${field}: no standing places are set up`, field);
    const ordinarySeats = booking.participantQuantity - booking.wheelchairs;
    if (standing > ordinarySeats) throw new AppError('VALIDATION_FAILED', `${field}: at most ${ordinarySeats} participants can stand`, field);
    const delta = standing - s.heldStanding;
    const legs = legsBetween(s.fromStationId, s.toStationId);
    const base = { serviceDate: s.serviceDate, serviceId: s.serviceId, legs };
    if (delta > 0) {
      await holdAllotments(tx, { ...base, items: [{ arrangementTypeId: types.standing, quantity: delta }], seats: null });
      await releaseAllotments(tx, [{ ...base, arrangementTypeId: types.group, quantity: delta }]);
    } else {
      await holdAllotments(tx, {
        ...base,
        items: [{ arrangementTypeId: types.group, quantity: -delta }],
        seats: { demand: { bookingId: booking.bookingId, firstLeg: legs[0]!, lastLeg: legs[legs.length - 1]!, group: s.heldGroup - delta, wheelchair: s.heldWheelchair }, types },
      });
      await releaseAllotments(tx, [{ ...base, arrangementTypeId: types.standing, quantity: -delta }]);
    }
    await tx.execute(sql`
      update booking_services set held_group = held_group - ${delta}, held_standing = ${standing}
      where booking_id = ${booking.id} and direction = ${s.direction}`);
    s.heldGroup -= delta;
    s.heldStanding = standing;
  }

  async function slopesOf(tx: Executor, id: number): Promise<boolean[]> {
    const rows = await tx.select({ needSlope: t.bookingWheelchairs.needSlope }).from(t.bookingWheelchairs).where(eq(t.bookingWheelchairs.bookingId, id)).orderBy(t.bookingWheelchairs.id);
    // Places needing the slope first: they go to the places nearest the door.
    return rows.map((r) => r.needSlope).sort((a, b) => Number(b) - Number(a));
  }

  /** POST /assign_seats: every direction (or those named) seated; the booking moves to SEAT_ASSIGNING. */
  async function assign(work: Work, principal: Principal, bookingId: string, body: AssignSeatsBody): Promise<BookingSeatsResponse> {
    const { booking, state } = await beginStep(work, principal, bookingId, 'assign_seats');
    const requests = body.seat_req ?? [];
    requests.forEach((r, i) => {
      if (!booking.services.some((s) => s.direction === r.direction)) throw new AppError('VALIDATION_FAILED', `seat_req.${i}.direction: the booking has no ${r.direction} train`, `seat_req.${i}.direction`);
    });
    const slopes = await slopesOf(work.tx, booking.id);
    const todo = requests.length > 0 ? booking.services.filter((s) => requests.some((r) => r.direction === s.direction)) : booking.services;
    const moved = new Set<string>();
    for (const s of [...todo].sort((x, y) => x.serviceDate.localeCompare(y.serviceDate) || x.serviceId - y.serviceId)) {
      const index = requests.findIndex((r) => r.direction === s.direction);
      for (const other of await seatDirection(work.tx, booking, s, index >= 0 ? requests[index] : undefined, Math.max(index, 0), slopes)) moved.add(other);
    }
    const next = nextStep(state, 'assign_seats', 'OPERATOR');
    await recordStep(work, principal, booking, { subStatus: next.subStatus, seatNgReason: '', ...(body.priority !== undefined ? { priority: body.priority } : {}) });
    const { booking: after, aggregate } = await readForView(work.tx, bookingId);
    return { ...(await seatsView(work.tx, after, aggregate, false)), moved_booking_ids: [...moved].sort() };
  }

  /** POST /assign_seats_ok: every direction must be fully seated. */
  async function assignOk(work: Work, principal: Principal, bookingId: string): Promise<void> {
    const { booking, state } = await beginStep(work, principal, bookingId, 'assign_seats_ok');
    const counts = rowsOf<{ service_date: string; service_id: number; n: number }>(
      await work.tx.execute(sql`select service_date::text as service_date, service_id, count(*)::int as n from seat_assignments where booking_id = ${booking.bookingId} group by 1, 2`),
    );
    for (const s of booking.services) {
      const got = counts.find((c) => c.service_date === s.serviceDate && c.service_id === s.serviceId)?.n ?? 0;
      const needed = booking.participantQuantity - s.heldStanding;
      if (got !== needed) throw new AppError('CONFLICT', `${s.serviceDate} ${labelText(s.names, 'ja')}: ${got} of ${needed} seats are given; seat the group first`);
    }
    await setSeatsState(work.tx, booking.bookingId, 'ASSIGNED');
    await recordStep(work, principal, booking, { subStatus: nextStep(state, 'assign_seats_ok', 'OPERATOR').subStatus });
  }

  /** POST /assign_seats_ng: the seats are freed, the allotment stays held, the reason kept. */
  async function assignNg(work: Work, principal: Principal, bookingId: string, reason: string): Promise<void> {
    const { booking, state } = await beginStep(work, principal, bookingId, 'assign_seats_ng');
    await deleteSeats(work.tx, booking.bookingId);
    await recordStep(work, principal, booking, { subStatus: nextStep(state, 'assign_seats_ng', 'OPERATOR').subStatus, seatNgReason: reason });
  }

  /**
   * POST /release-seats. Without seats: every seat is freed and the booking goes back to its
   * confirmed allotment. With a direction and seats, on the service day only: those seats are
   * given back to sale (same-day release), with their share of the allotment.
   */
  async function release(work: Work, principal: Principal, bookingId: string, body: ReleaseSeatsBody): Promise<void> {
    const { booking, state } = await beginStep(work, principal, bookingId, 'release_seats');
    if (!body.seat_ids) {
      await deleteSeats(work.tx, booking.bookingId);
      const next = nextStep(state, 'release_seats', 'OPERATOR');
      await recordStep(work, principal, booking, { subStatus: next.subStatus, voucherConfirmed: next.voucherConfirmed });
      return;
    }
    if (!body.direction) throw new AppError('VALIDATION_FAILED', 'direction: name the train of the seats to release', 'direction');
    const s = booking.services.find((x) => x.direction === body.direction);
    if (!s) throw new AppError('VALIDATION_FAILED', `direction: the booking has no ${body.direction} train`, 'direction');
    if (s.serviceDate !== clock.today()) throw new AppError('VALIDATION_FAILED', `seat_ids: seats are released one by one only on the service day (${s.serviceDate})`, 'seat_ids');
    const day = trainDay(s);
    const seats = await seatsOf(work.tx, day, booking.bookingId);
    const mine = new Map(seats.filter((x) => x.mine).map((x) => [x.seat_id, x]));
    for (const id of body.seat_ids) if (!mine.has(id)) throw new AppError('VALIDATION_FAILED', `seat_ids: ${id} is not a seat of this booking`, 'seat_ids');
    if (body.seat_ids.length >= mine.size) throw new AppError('VALIDATION_FAILED', 'seat_ids: to give up every seat, release them all (or cancel the booking)', 'seat_ids');
    const wheelchairPlaces = body.seat_ids.filter((id) => mine.get(id)!.is_wheelchair).length;
    const ordinary = body.seat_ids.length - wheelchairPlaces;
    await deleteSeats(work.tx, booking.bookingId, { day, seatIds: body.seat_ids });
    const types = { group: booking.types.group, wheelchair: booking.types.wheelchair };
    const requests = [
      ...(ordinary > 0 && types.group !== null ? [{ serviceDate: s.serviceDate, serviceId: s.serviceId, legs: legsBetween(s.fromStationId, s.toStationId), arrangementTypeId: types.group, quantity: Math.min(ordinary, s.heldGroup) }] : []),
      ...(wheelchairPlaces > 0 && types.wheelchair !== null ? [{ serviceDate: s.serviceDate, serviceId: s.serviceId, legs: legsBetween(s.fromStationId, s.toStationId), arrangementTypeId: types.wheelchair, quantity: Math.min(wheelchairPlaces, s.heldWheelchair) }] : []),
    ].filter((r) => r.quantity > 0);
    if (requests.length > 0) await releaseAllotments(work.tx, requests);
    await work.tx.execute(sql`
      update booking_services set held_group = greatest(held_group - ${ordinary}, 0), held_wheelchair = greatest(held_wheelchair - ${wheelchairPlaces}, 0)
      where booking_id = ${booking.id} and direction = ${s.direction}`);
    await recordStep(work, principal, booking);
  }

  /**
   * GET /seat_table.pdf: the seat sheet as it stands. The back office any time (a preview);
   * station staff and the booking's own agent or branch when can_show_seat_table says so.
   */
  async function seatSheetPdf(executor: Executor, principal: Principal, bookingId: string): Promise<Buffer> {
    const aggregate = await loadVisible(executor, principal, bookingId);
    if (!mayShowSeatTable(customerState(aggregate), callerOf(principal))) throw new AppError('STEP_NOT_ALLOWED', 'the seat table is not issued yet');
    return renderSeatSheetPdf(await seatSheetOf(executor, aggregate));
  }

  /**
   * GET /voucher.pdf: the back office previews it before or after confirmation; station staff
   * and the booking's own agent or branch download it once confirmed (can_show_voucher).
   */
  async function voucherPreview(executor: Executor, principal: Principal, bookingId: string): Promise<Buffer> {
    const aggregate = await loadVisible(executor, principal, bookingId);
    if (callerOf(principal) !== 'OPERATOR' && !bookingFlags(customerState(aggregate), callerOf(principal)).can_show_voucher) {
      throw new AppError('STEP_NOT_ALLOWED', 'the voucher is not issued yet');
    }
    return voucherPdfOf(executor, aggregate, options.publicUrl);
  }

  /** Seats on their way to the group (seat table, voucher) stay where they are from now on. */
  async function fixAll(tx: Executor, booking: LockedBooking): Promise<void> {
    for (const s of [...booking.services].sort((x, y) => x.serviceDate.localeCompare(y.serviceDate) || x.serviceId - y.serviceId)) {
      await fixSeats(tx, { serviceDate: s.serviceDate, serviceId: s.serviceId }, typesOf(booking), booking.bookingId);
    }
  }

  /** POST /send_seat_table: the seat sheet PDF mailed (through the outbox); SEAT_TABLE_SENT. */
  async function sendSeatTable(work: Work, principal: Principal, bookingId: string, mail: { subject: string; body: string }): Promise<void> {
    const { booking, state } = await beginStep(work, principal, bookingId, 'confirm_seats');
    await fixAll(work.tx, booking);
    const aggregate = (await loadBooking(work.tx, bookingId))!;
    const pdf = await renderSeatSheetPdf(await seatSheetOf(work.tx, aggregate));
    await enqueueMail(work, {
      kind: 'booking.seat_table',
      toAddress: booking.applicantEmail,
      subject: mail.subject,
      bodyText: mail.body,
      bookingId,
      attachments: [{ filename: `seat-table-${bookingId}.pdf`, contentType: PDF, content: pdf }],
      documentFingerprint: documentFingerprints(aggregate, await readSeatsKey(work.tx, bookingId)).seat_table,
    });
    await recordStep(work, principal, booking, { subStatus: nextStep(state, 'confirm_seats', 'OPERATOR').subStatus });
  }

  async function confirmVoucher(work: Work, principal: Principal, bookingId: string, note: string): Promise<void> {
    const { booking } = await beginStep(work, principal, bookingId, 'confirm_voucher');
    await recordStep(work, principal, booking, { voucherConfirmed: true, voucherNote: note });
  }

  /** A prepaid voucher with its fare unpaid goes out only with the operator's reason (kept in the history). */
  function checkVoucherPayment(aggregate: BookingAggregate, overrideReason: string | undefined): HistoryStepNote | undefined {
    if (!voucherWaitsForPayment(aggregate)) return undefined;
    if (!overrideReason) throw new AppError('VOUCHER_AWAITS_PAYMENT', 'the fare of this prepaid booking is not paid yet; send the voucher once paid, or give override_unpaid_reason');
    return { voucher_override_unpaid_reason: overrideReason };
  }

  /** POST /send_voucher: the voucher PDF mailed with the customer link; a prepaid one once its fare is paid (or with the operator's reason). */
  async function sendVoucher(work: Work, principal: Principal, bookingId: string, body: SendVoucherBody): Promise<void> {
    const { booking } = await beginStep(work, principal, bookingId, 'send_voucher');
    const before = (await loadBooking(work.tx, bookingId))!;
    const stepNote = checkVoucherPayment(before, body.override_unpaid_reason);
    await fixAll(work.tx, booking);
    const aggregate = (await loadBooking(work.tx, bookingId))!;
    const pdf = await voucherPdfOf(work.tx, aggregate, options.publicUrl);
    await enqueueMail(work, {
      kind: 'booking.voucher',
      toAddress: booking.applicantEmail,
      subject: body.mail.subject,
      bodyText: body.mail.body,
      bookingId,
      attachments: [{ filename: `voucher-${bookingId}.pdf`, contentType: PDF, content: pdf }],
      documentFingerprint: documentFingerprints(aggregate, await readSeatsKey(work.tx, bookingId)).voucher,
    });
    await recordStep(work, principal, booking, {}, 'UPDATE', stepNote);
  }

  /**
   * POST /resend_documents: every mailed seat table and voucher the booking has since changed
   * (documents.outdated) that can go as it stands is mailed again, the current PDF attached, with
   * a mail saying it replaces the earlier one (booking.*_reissued, in the applicant's language).
   * A prepaid voucher waits for its fare as on the first sending.
   */
  async function resendDocuments(work: Work, principal: Principal, bookingId: string, body: ResendDocumentsBody): Promise<{ resent: ResendableDocument[] }> {
    const { booking, state } = await beginStep(work, principal, bookingId, 'confirm_seats');
    const aggregate = (await loadBooking(work.tx, bookingId))!;
    const documents = await bookingDocuments(work.tx, aggregate);
    const resent = resendable(state, documents.voucher_sent_at !== null, documents.outdated);
    if (resent.length === 0) throw new AppError('NOTHING_TO_RESEND', 'no mailed seat table or voucher is outdated and ready to be sent again');
    const stepNote = resent.includes('voucher') ? checkVoucherPayment(aggregate, body.override_unpaid_reason) : undefined;
    const seatsKey = await readSeatsKey(work.tx, bookingId);
    const fingerprints = documentFingerprints(aggregate, seatsKey);
    const to = booking.applicantEmail;
    const lang = await recipientLanguage(work.tx, to);
    const params = { booking: toMailBooking(aggregate), link: `${options.publicUrl}/bookings/${bookingId}`, customerUrl: customerUrl(options.publicUrl, bookingId, aggregate.booking.bookingToken) };
    for (const doc of resent) {
      const pdf = doc === 'seat_table' ? await renderSeatSheetPdf(await seatSheetOf(work.tx, aggregate)) : await voucherPdfOf(work.tx, aggregate, options.publicUrl);
      const mail = reissueMail(doc, lang, params);
      await enqueueMail(work, {
        kind: doc === 'seat_table' ? 'booking.seat_table_reissued' : 'booking.voucher_reissued',
        toAddress: to,
        subject: mail.subject,
        bodyText: mail.bodyText,
        bookingId,
        attachments: [{ filename: `${doc === 'seat_table' ? 'seat-table' : 'voucher'}-${bookingId}.pdf`, contentType: PDF, content: pdf }],
        documentFingerprint: fingerprints[doc],
      });
    }
    await recordStep(work, principal, booking, {}, 'UPDATE', stepNote);
    return { resent };
  }

  // ---------- the group's side: booking id + token ----------

  async function withToken(executor: Executor, bookingId: string, token: string): Promise<BookingAggregate> {
    const aggregate = await loadBooking(executor, bookingId);
    if (!aggregate || !tokenMatches(token, aggregate.booking.bookingToken)) throw notFound('booking');
    return aggregate;
  }

  function customerState(a: BookingAggregate): BookingState {
    return { status: a.booking.status as BookingState['status'], subStatus: a.booking.subStatus as BookingState['subStatus'], isRoundTrip: a.services.length === 2, voucherConfirmed: a.booking.voucherConfirmed, ignoreCancellationPolicy: a.agent.ignoreCancellationPolicy };
  }

  async function summaryOf(executor: Executor, a: BookingAggregate): Promise<CustomerBookingSummary> {
    const list = await bookingSeatList(executor, a.booking.bookingId);
    const state = customerState(a);
    const today = clock.today();
    const voucherAvailable = isConfirmed(state) && state.voucherConfirmed;
    return {
      booking_id: a.booking.bookingId,
      group_name: a.booking.groupName,
      agent_name: a.agent.nameJa,
      agent_name_en: a.agent.nameEn,
      status: state.status,
      refusal_reason: state.status === 'NOT_RESERVED' ? ((a.booking.refusalReason as RefusalReason | null) ?? 'OTHER') : null,
      cancelled_at: state.status === 'CANCELLED' ? (a.booking.cancelledAt?.toISOString() ?? null) : null,
      participant_quantity: a.booking.participantQuantity,
      wheelchairs: a.wheelchairs.length,
      trains: a.services.map((s) => {
        const seats = list.filter((x) => x.service_date === s.serviceDate && x.service_id === s.serviceId);
        const cars = [...new Set(seats.map((x) => x.car_number))].map((car) => ({ car_number: car, seats: seats.filter((x) => x.car_number === car).map(seatLabel) }));
        return {
          direction: s.direction as 'down' | 'up',
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
      sub_status: a.booking.subStatus as CustomerBookingResponse['sub_status'],
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
    const state = customerState(a);
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
    const [done] = await tx.select().from(t.customerMutations).where(sql`${t.customerMutations.bookingId} = ${locked.id} and ${t.customerMutations.mutationId} = ${body.mutation_id}`);
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
    await fixSeats(tx, { serviceDate: s.serviceDate, serviceId: s.serviceId }, typesOf(locked), locked.bookingId);
    await recordRevision(tx, locked.id, 'UPDATE', {}, 'customer');
    for (const audience of ['ADMIN', 'AGENT'] as const) {
      await notify(tx, locked, audience, 'SEATS_CHANGED_BY_GROUP');
    }
    const response = await summaryOf(tx, (await loadBooking(tx, bookingId))!);
    await tx.insert(t.customerMutations).values({ bookingId: locked.id, mutationId: body.mutation_id, requestHash: hash, response });
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

  return {
    view,
    assign,
    assignOk,
    assignNg,
    release,
    seatSheetPdf,
    voucherPreview,
    sendSeatTable,
    confirmVoucher,
    sendVoucher,
    resendDocuments,
    customerSummary,
    customerBooking,
    customerVoucher,
    changeSeat,
    check,
  };
}

export type SeatsService = ReturnType<typeof createSeatsService>;
