/**
 * Seats, seat tables and vouchers (DESIGN §4–§5): staff seat each confirmed group per direction
 * (automatically with the pure seat choice, or by hand), mark it OK or NG, release seats (all,
 * or on the day the seats a group does not use). The seat sheet and the voucher as PDFs, mailed
 * through the outbox, are seat-document-steps.ts; the group's own side (its token, its seat
 * changes) is customer-seats.service.ts; both offered through this service. Seating one direction
 * is seat-direction.ts, shared by staff and group.
 */
import { mayShowSeatTable } from '@sagano/domain/bookings/booking-state';
import { labelText } from '@sagano/domain/common/language';
import { legsBetween } from '@sagano/domain/inventory/legs';
import type { AssignSeatsBody, BookingSeatsResponse, ReleaseSeatsBody } from '@sagano/domain/seats/seat-schemas';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Work } from '../../lib/unit-of-work.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { lowerHeld, beginStep, callerOf, nextStep, recordStep, tokenMatches } from '../booking-core/index.ts';
import { releaseAllotments } from '../inventory/index.ts';
import { bookingStateOf, readForView, seatsView, trainDay } from './seat-views.ts';
import { seatDirection } from './seat-direction.ts';
import { createCustomerSeatsService } from './customer-seats.service.ts';
import { createSeatDocumentSteps } from './seat-document-steps.ts';
import { deleteSeats, seatCountsByTrain, seatsOf, setSeatsState, slopesOf } from './seats.repository.ts';

export function createSeatsService({ db, ...options }: { db: Db; publicUrl: string; clock: Clock }) {
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
    await recordStep(work, principal, booking, { subStatus: nextStep(state, 'assign_seats_ok', 'OPERATOR').subStatus }, 'UPDATE', undefined, 'booking.seats_assigned');
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

  return {
    view,
    assign,
    assignOk,
    assignNg,
    release,
    // The seat table and voucher: downloads, mailing and resending.
    ...createSeatDocumentSteps(options),
    // The group's side, behind the same door.
    ...createCustomerSeatsService({ db, ...options }),
  };
}

export type SeatsService = ReturnType<typeof createSeatsService>;
