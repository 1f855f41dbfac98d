/**
 * Read answers of a booking: the booking as the caller may see it, its mail data and the mail
 * templates staff start from.
 */
import { bookingFlags, isCancelling, isEnded, mayTake, type BookingStatus, type BookingSubStatus, type RefusalReason } from '@sagano/domain/bookings/booking-state';
import type { BookingResponse, CancellationDeclined, MAIL_TEMPLATES, UpdateParamsBody } from '@sagano/domain/bookings/booking-schemas';
import { bookingPaymentContext, presentFarePayment, presentPaymentDetail } from '../payments/index.ts';
import { mailSignature } from '@sagano/domain/master-data/operator-basic-info-schemas';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { type Principal, canSee } from '../auth/index.ts';
import { readOperatorBasicInfo } from '../master-data/index.ts';
import { bookingNgMail, bookingOkMail, seatTableMail, voucherMail, customerUrl, toMailBooking, callerOf, stateOf, loadBookingWith, type BookingAggregate } from '../booking-core/index.ts';
import { legExtrasOf, legExtrasReadSql, legKey, NO_LEG_EXTRAS, type BookingLegExtras, type LegExtrasRead } from './booking-legs.ts';
import { documentsOf, documentsReadSql, type DocumentsRead } from '../seats/index.ts';
import { LAST_SEAT_REQUEST_SQL } from './seat-requests.repository.ts';

const NO_DOCUMENTS: BookingResponse['documents'] = { seat_table_sent_at: null, voucher_sent_at: null, outdated: [], voucher_awaits_payment: false };

const BEFORE_ANSWER: readonly BookingStatus[] = ['SUBMITTED', 'WAITLIST'];

/**
 * The booking as the caller may see it; `documents` as read by documentsReadSql and `extras` by
 * legExtrasReadSql (none when not read).
 */
export function presentBooking(
  a: BookingAggregate,
  principal: Principal,
  today: string,
  documents: BookingResponse['documents'] = NO_DOCUMENTS,
  extras: BookingLegExtras = NO_LEG_EXTRAS,
): BookingResponse {
  const caller = callerOf(principal);
  // The payments list presents each fare from the same facts (payments/payment-list.ts).
  const paymentContext = bookingPaymentContext(
    {
      bookingNumber: a.booking.bookingId,
      bookingStatus: a.booking.status,
      totalAmountE6: a.booking.totalAmountE6,
      cancellationRateE6: a.booking.cancellationRateE6,
      cancellationFeeE6: a.booking.cancellationFeeE6,
      // Services are read in date order: the first is the day that places the booking in a billing period.
      firstServiceDate: a.services[0]?.serviceDate ?? null,
      agent: a.agent,
      units: a.units,
      payments: a.payments,
      entries: a.ledger,
      agentSettlementIds: a.agentSettlementIds,
    },
    caller,
    today,
  );
  const state = stateOf(a.booking, a.services.length === 2, a.agent.ignoreCancellationPolicy);
  const group = a.booking.group as BookingResponse['group'];
  const fareDetail = a.payment ? presentFarePayment(a.payment, a.discrepancy, paymentContext) : null;
  const flags = bookingFlags(state, caller);
  // Seat numbers only to whom may see them (the agent once the seat table was sent).
  const showSeats = flags.can_show_seat_table;
  const { types } = extras;
  const legs = a.services.map((s) => {
    const held = [
      ...(s.heldGroup > 0 && types.group !== null ? [types.group] : []),
      ...(s.heldWheelchair > 0 && types.wheelchair !== null ? [types.wheelchair] : []),
      ...(s.heldStanding > 0 && types.standing !== null ? [types.standing] : []),
    ];
    return {
      direction: s.direction,
      service_day: s.serviceDate,
      service_id: s.serviceId,
      service_name: s.names,
      from_station_id: s.fromStationId,
      from_station_name: s.fromStationName,
      to_station_id: s.toStationId,
      to_station_name: s.toStationName,
      departure_hhmm: s.departureHhmm,
      arrival_hhmm: s.arrivalHhmm,
      held_group: s.heldGroup,
      held_wheelchair: s.heldWheelchair,
      held_standing: s.heldStanding,
      can_assign_seats: flags.can_assign_seats && s.heldGroup + s.heldWheelchair > 0,
      assignable_arrangement_ids: held,
      seats: showSeats ? (extras.seats.get(legKey(s.serviceDate, s.serviceId)) ?? []) : [],
    };
  });
  const needed = [
    ...(a.booking.participantQuantity > a.wheelchairs.length && types.group !== null ? [types.group] : []),
    ...(a.wheelchairs.length > 0 && types.wheelchair !== null ? [types.wheelchair] : []),
  ];
  return {
    id: a.booking.id,
    booking_id: a.booking.bookingId,
    product_id: a.booking.productId,
    product_labels: extras.productLabels,
    redeemed_at: extras.redeemedAt,
    agent_id: a.agent.id,
    agent_type: a.agent.agentType,
    agent_name: a.agent.nameJa,
    agent_name_en: a.agent.nameEn,
    agent_sub_group_id: a.subGroup.id,
    agent_sub_group_name: a.subGroup.nameJa,
    agent_sub_group_name_en: a.subGroup.nameEn,
    operator_name: a.booking.operatorName,
    status: state.status,
    sub_status: state.subStatus,
    channel: a.booking.channel,
    instant_confirmation_rule: a.instantRule ?? null,
    refusal_reason: a.booking.refusalReason,
    submitted_at: a.booking.submittedAt.toISOString(),
    wait_listing: a.booking.waitListing,
    caution: a.booking.caution,
    priority: a.booking.priority,
    applicant: { ...(a.booking.applicant as Omit<BookingResponse['applicant'], 'version'>), version: a.booking.applicantVersion },
    tour_conductor: a.booking.tourConductor ? { ...(a.booking.tourConductor as Omit<NonNullable<BookingResponse['tour_conductor']>, 'version'>), version: a.booking.tourConductorVersion } : null,
    group: { group_type: group.group_type, name: group.name, name_kana: group.name_kana ?? '', country_code: group.country_code, japan_prefecture_code: group.japan_prefecture_code ?? null },
    note: a.booking.note,
    main_params: {
      service_order: {
        is_round_trip: a.services.length === 2,
        update_count: a.booking.updateCount,
        priority: a.booking.priority,
        down_service: legs.find((l) => l.direction === 'down') ?? null,
        up_service: legs.find((l) => l.direction === 'up') ?? null,
        services: legs,
        is_selected: true,
        is_candidate: BEFORE_ANSWER.includes(state.status),
        calculated_assignable_arrangement_ids: needed,
        can_release_allotments: flags.can_release_allotments,
        can_reserve_allotments: flags.can_reserve_allotments,
        can_confirm_allotments: flags.can_confirm_allotments,
        can_assign_seats: flags.can_assign_seats,
        can_confirm_seats: flags.can_confirm_seats,
        can_generate_voucher: flags.can_generate_voucher,
        can_send_voucher: flags.can_send_voucher,
      },
      participant_group: {
        participant_quantity: a.booking.participantQuantity,
        unit_quantity_items: a.units.map((u) => ({
          unit_id: u.unitId,
          quantity: u.quantity,
          calculated_quantity: u.calculatedQuantity,
          unit_price: u.unitPriceE6,
          subtotal_amount: u.subtotalE6,
          decrement_quantity: u.decrementQuantity,
          decrement_fee: u.decrementFeeE6,
          record_largest_calculated_quantity: u.recordLargestCalculatedQuantity,
        })),
        wheel_chairs: a.wheelchairs.map((w) => ({ need_slope: w.needSlope })),
      },
      payment: fareDetail,
      discrepancy_summary: fareDetail?.discrepancy ?? null,
      bulk_reservation_id: a.booking.bulkReservationId,
      total_amount: a.booking.totalAmountE6,
      voucherNote: a.booking.voucherNote,
      confirmNote: a.booking.confirmNote,
      revision: a.booking.revision,
      cancellation:
        a.booking.cancellationFeeE6 === null
          ? null
          : {
              cancellation_rate_e6: a.booking.cancellationRateE6 ?? 0,
              total_cancellation_fee: a.booking.cancellationFeeE6,
              cancelled_at: a.booking.cancelledAt?.toISOString() ?? null,
              payment: a.cancellationPayment ? presentPaymentDetail(a.cancellationPayment, paymentContext) : null,
            },
    },
    main_param_histories: a.histories.map((h) => {
      const snap = h.snapshot as { status?: BookingStatus; sub_status?: BookingSubStatus; service_order: unknown; participant_group: unknown; payment: unknown; confirm_note?: string; cancellation_declined?: CancellationDeclined | null };
      return {
        type: h.type as 'CREATE' | 'UPDATE' | 'CANCEL',
        status: snap.status ?? null,
        sub_status: snap.sub_status ?? null,
        revision: h.revision,
        created_at: h.createdAt.toISOString(),
        created_by: caller === 'AGENT' && !h.createdBy.includes('@') ? h.createdBy : caller === 'AGENT' ? '' : h.createdBy,
        // Each train with its name (the snapshot keeps the id only).
        service_order: Array.isArray(snap.service_order)
          ? (snap.service_order as { service_id: number }[]).map((leg) => ({ ...leg, service_name: a.serviceNames.get(leg.service_id) ?? [] }))
          : snap.service_order,
        participant_group: snap.participant_group,
        payment: snap.payment,
        confirm_note: snap.confirm_note ?? '',
        cancellation_declined: snap.cancellation_declined ?? null,
        voucher_override_unpaid_reason: caller === 'AGENT' ? null : ((h.snapshot as { voucher_override_unpaid_reason?: string }).voucher_override_unpaid_reason ?? null),
        modification_decline_reason: (h.snapshot as { modification_decline_reason?: string | null }).modification_decline_reason ?? null,
      };
    }),
    discrepancy_details: fareDetail?.discrepancy_details ?? null,
    pending_change: (a.booking.pendingChange as UpdateParamsBody | null) ?? null,
    // Built by the bookings service's get (it reads prices and train names): null here.
    pending_change_summary: null,
    modification_decline_reason: a.booking.status === 'NOT_MODIFIED' ? a.booking.modificationDeclineReason : null,
    // A request or start clears it, so it shows until the next cancellation; an ended booking drops it.
    cancellation_declined: isEnded(state) ? null : ((a.booking.cancellationDeclined as CancellationDeclined | null) ?? null),
    status_before_cancellation: isCancelling(state) ? a.booking.statusBeforeCancellation : null,
    documents,
    notes: a.notes
      .filter((n) => caller !== 'AGENT' || !n.isPrivate)
      .map((n) => ({ note_id: n.id, note: n.note, author: { type: n.authorType, name: n.authorName }, created_at: n.createdAt.toISOString(), is_private: n.isPrivate })),
    // Read by the bookings service's get (the operator's notifications): null here.
    seat_assignment_requested_at: null,
    can_show_voucher: flags.can_show_voucher,
    can_update: flags.can_update,
    can_cancel: flags.can_cancel,
    can_release_seats: flags.can_release_seats,
    flags: { ...flags, can_refuse: mayTake('refuse_booking', state, caller) },
    ...(caller === 'AGENT' ? {} : { booking_token: a.booking.bookingToken }),
  };
}

export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

/**
 * The booking answer of GET /v1/bookings/{id} as the caller may see it, read in one statement: the
 * booking with its documents, seats and the agent's last seat request (loadBookingWith). The
 * pending change's summary is left to the caller (it prices the change).
 */
export async function readBookingAnswer(executor: Executor, principal: Principal, bookingId: string, today: string): Promise<{ aggregate: BookingAggregate; answer: BookingResponse }> {
  const read = await loadBookingWith(executor, bookingId, { documents: documentsReadSql(), extras: legExtrasReadSql(), seats_asked_at: LAST_SEAT_REQUEST_SQL });
  if (!read || !canSee(principal, read.aggregate.booking)) throw notFound('booking');
  const a = read.aggregate;
  const seatsAskedAt = read.extra.seats_asked_at as string | null;
  return {
    aggregate: a,
    answer: {
      ...presentBooking(a, principal, today, documentsOf(a, read.extra.documents as DocumentsRead), legExtrasOf(read.extra.extras as LegExtrasRead)),
      seat_assignment_requested_at: seatsAskedAt === null ? null : new Date(seatsAskedAt).toISOString(),
    },
  };
}

/** The mail staff start from, signed with the operator's basic info. */
export async function mailTemplate(executor: Executor, a: BookingAggregate, publicUrl: string, template: MailTemplateName, reason: RefusalReason = 'FULL') {
  const b = toMailBooking(a);
  const signature = mailSignature(await readOperatorBasicInfo(executor));
  const mail =
    template === 'booking_ng'
      ? bookingNgMail(b, reason, signature)
      : template === 'seat_table'
        ? seatTableMail(b, signature)
        : template === 'voucher'
          ? voucherMail(b, customerUrl(publicUrl, a.booking.bookingId, a.booking.bookingToken), signature)
          : bookingOkMail(b, signature);
  return { ...mail, to_address: (a.booking.applicant as { email: string }).email };
}
