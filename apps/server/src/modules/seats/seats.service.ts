/**
 * Seats, seat tables and vouchers (DESIGN §4–§5): staff seat each confirmed group per direction
 * (automatically with the pure seat choice, or by hand), mark it OK or NG, release seats (all,
 * or on the day the seats a group does not use), mail the seat sheet and the voucher as PDFs
 * through the outbox. The group's own side (its token, its seat changes) is customer-seats.service.ts,
 * offered through the same service; seating one direction is seat-direction.ts, shared by both.
 */
import { bookingFlags, mayShowSeatTable } from '@sagano/domain/bookings/booking-state';
import { labelText } from '@sagano/domain/common/language';
import { legsBetween } from '@sagano/domain/inventory/legs';
import type { AssignSeatsBody, BookingSeatsResponse, ReleaseSeatsBody, ResendDocumentsBody, SendVoucherBody } from '@sagano/domain/seats/seat-schemas';
import { resendable, type ResendableDocument } from '@sagano/domain/bookings/booking-progress';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { lowerHeld, typesOf, customerUrl, loadVisible, toMailBooking, beginStep, callerOf, nextStep, recordStep, loadBooking, type BookingAggregate, type HistoryStepNote, type LockedBooking, tokenMatches } from '../booking-core/index.ts';
import { bookingDocuments, documentFingerprints, readSeatsKey, voucherWaitsForPayment } from './booking-documents.ts';
import { recipientLanguage, enqueueMail } from '../mail/index.ts';
import { reissueMail } from './reissue-mails.ts';
import { releaseAllotments, prepareSeatFixing } from '../inventory/index.ts';
import { renderSeatSheetPdf } from '../documents/index.ts';
import { seatSheetOf, voucherPdfOf } from './seat-documents.ts';
import { bookingStateOf, readForView, seatsView, trainDay } from './seat-views.ts';
import { seatDirection } from './seat-direction.ts';
import { createCustomerSeatsService } from './customer-seats.service.ts';
import { deleteSeats, markSeatsFixed, seatCountsByTrain, seatsOf, setSeatsState, slopesOf } from './seats.repository.ts';

const PDF = 'application/pdf';

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
      if (!mayShowSeatTable(bookingStateOf(aggregate), 'AGENT')) throw new AppError('STEP_NOT_ALLOWED', 'the seats are shown once the seat table is sent');
      return seatsView(executor, booking, aggregate, true);
    }
    return seatsView(executor, booking, aggregate, false);
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
    const counts = await seatCountsByTrain(work.tx, booking.bookingId);
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
    await lowerHeld(work.tx, booking.id, s.direction, ordinary, wheelchairPlaces);
    await recordStep(work, principal, booking);
  }

  /**
   * GET /seat_table.pdf: the seat sheet as it stands. The back office any time (a preview);
   * station staff and the booking's own agent or branch when can_show_seat_table says so.
   */
  async function seatSheetPdf(executor: Executor, principal: Principal, bookingId: string): Promise<Buffer> {
    const aggregate = await loadVisible(executor, principal, bookingId);
    if (!mayShowSeatTable(bookingStateOf(aggregate), callerOf(principal))) throw new AppError('STEP_NOT_ALLOWED', 'the seat table is not issued yet');
    return renderSeatSheetPdf(await seatSheetOf(executor, aggregate));
  }

  /**
   * GET /voucher.pdf: the back office previews it before or after confirmation; station staff
   * and the booking's own agent or branch download it once confirmed (can_show_voucher).
   */
  async function voucherPreview(executor: Executor, principal: Principal, bookingId: string): Promise<Buffer> {
    const aggregate = await loadVisible(executor, principal, bookingId);
    if (callerOf(principal) !== 'OPERATOR' && !bookingFlags(bookingStateOf(aggregate), callerOf(principal)).can_show_voucher) {
      throw new AppError('STEP_NOT_ALLOWED', 'the voucher is not issued yet');
    }
    return voucherPdfOf(executor, aggregate, options.publicUrl);
  }

  /** Seats on their way to the group (seat table, voucher) stay where they are from now on. */
  async function fixAll(tx: Executor, booking: LockedBooking): Promise<void> {
    for (const s of [...booking.services].sort((x, y) => x.serviceDate.localeCompare(y.serviceDate) || x.serviceId - y.serviceId)) {
      const day = { serviceDate: s.serviceDate, serviceId: s.serviceId };
      await prepareSeatFixing(tx, day, typesOf(booking), booking.bookingId);
      await markSeatsFixed(tx, day, booking.bookingId);
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
    // The group's side, behind the same door.
    ...createCustomerSeatsService(db, options),
  };
}

export type SeatsService = ReturnType<typeof createSeatsService>;
