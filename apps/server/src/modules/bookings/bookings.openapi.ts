/**
 * The contract of the booking calls (ADR 014): operationIds, summaries, business errors and the
 * examples agents' systems start from (recorded from real calls; the contract test checks them
 * against the schemas).
 */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

const BOOKING_ID = '15189260';
const DAY = '2027-06-10';

const SUBMIT_BODY = {
  agent_id: 1,
  external_idempotent_id: 'TRV-2027-000123',
  applicant: { name: 'Makoto Ito', email: 'ito.groups@example.com', phone_number: '03-0000-0000' },
  tour_conductor: { name: 'Taro Tenjo', phone_number: '090-1111-2222' },
  group: { group_type: 'NORMAL', name: 'Aoba Club', name_kana: 'アオバクラブ', country_code: 'JPN', japan_prefecture_code: 26 },
  service_order: { down_service: { service_date: DAY, service_id: 1, from_station_id: 1, to_station_id: 4 } },
  participant_group: { unit_quantity_items: [{ unit_id: 1, quantity: 20 }, { unit_id: 2, quantity: 3 }], wheel_chairs: [] },
  note: 'Two guests use walking sticks.',
};

const PARTICIPANTS = SUBMIT_BODY.participant_group;

const CALCULATE_RESPONSE = {
  participant_quantity: 23,
  free_quantity: 1,
  unit_quantity_items: [
    { unit_id: 1, quantity: 20, calculated_quantity: 19, unit_price: 800000000, subtotal_amount: 15200000000 },
    { unit_id: 2, quantity: 3, calculated_quantity: 3, unit_price: 400000000, subtotal_amount: 1200000000 },
    { unit_id: 9, quantity: 0, calculated_quantity: 1, unit_price: 0, subtotal_amount: 0 },
  ],
  direction_amounts: [16400000000],
  total_amount: 16400000000,
};

const AGENT = { agent_id: 1, name: '京都さくら旅行', name_en: 'Kyoto Sakura Travel', agent_type: 'FREE' };

const SEARCH_RESPONSE = {
  total: 1,
  total_capped: false,
  page: 1,
  per_page: 20,
  service_orders: [{
    id: 67,
    booking_id: BOOKING_ID,
    submitted_at: '2027-05-01T01:23:45.000Z',
    service_date: DAY,
    service_id: 1,
    service_name: [{ language_id: 'ja', text: '嵯峨野1号' }, { language_id: 'en', text: 'Sagano 1' }],
    direction: 'down',
    from_station_id: 1,
    to_station_id: 4,
    departure_time: '09:02',
    group_type: 'NORMAL',
    group_name: 'Aoba Club',
    agent: AGENT,
    agent_sub_group_name: '京都さくら旅行 本社',
    agent_sub_group_name_en: '',
    participant_quantity: 23,
    operator_name: '',
    status: 'SUBMITTED',
    sub_status: 'INITIAL',
    channel: 'PORTAL',
    instant_confirmation_rule: null,
    caution: '',
    notifications: [{ notification_id: 412, kind: 'BOOKING_RECEIVED', category: 'booking', created_at: '2027-05-01T01:23:45.000Z', is_read: false }],
    payment_info: null,
    is_round_trip: false,
  }],
};

const PAYMENT_SEARCH_RESPONSE = {
  total: 1,
  total_capped: false,
  page: 1,
  per_page: 20,
  payments: [{ booking_id: BOOKING_ID, submitted_at: '2027-05-01T01:23:45.000Z', service_date: DAY, group_name: 'Aoba Club', agent: AGENT, agent_sub_group_name: '京都さくら旅行 本社', agent_sub_group_name_en: '', status: 'SUBMITTED', payment: null }],
};

const MAIL = { mail: { subject: 'Your group booking is confirmed', body: 'Dear Mr Ito,\n\nWe are pleased to confirm your booking 15189260.' } };
const OK = { ok: true };

/** What any step answers when the booking is not in a state that allows it. */
const STEP = ['STEP_NOT_ALLOWED'] as const;
const SEATS = ['NOT_ENOUGH_SEATS', 'SEATS_FRAGMENTED', 'SERVICE_NOT_RUNNING', 'SERVICE_SUSPENDED', 'SALES_ON_HOLD'] as const;

export const bookingsContract: AreaContract[] = [defineArea('bookings', 'Group booking requests and their steps: price, submit, search, read, and the operator\'s and agent\'s steps from request to confirmation, change and cancellation.', {
  'POST /v1/bookings/calculate_amount': {
    id: 'bookings.calculateAmount',
    summary: 'Price a group before booking',
    description: 'Prices the participants on the given service days with the group\'s pricing plan (free places included) without writing anything. With `booking_id`, answers what changing that booking to these participants costs, decrement fees included (404 when that booking is not one the caller may see).',
    errors: ['UNPROCESSABLE', 'NOT_FOUND'],
    examples: { request: { group_type: 'NORMAL', service_days: [DAY], participant_group: PARTICIPANTS }, response: CALCULATE_RESPONSE },
  },
  'POST /v1/bookings': {
    id: 'bookings.submit',
    summary: 'Submit a booking request',
    description: 'Submits a group booking request for one agent (and branch) on one or two trains; the operator then reserves allotments and confirms or refuses it. Send your own reference as `external_idempotent_id`: the same request sent again answers the booking made the first time, and the same reference with a different request is refused (`422 UNPROCESSABLE`). With `wait_listing`, a request for a full train waits for seats instead of being refused. A request that meets one of the operator\'s instant confirmation rules (`instantConfirmation.listRules`) is reserved and confirmed in this call (and seated, if the rule says so); read the booking for its `status` and `instant_confirmation_rule`. If its trains cannot be held, it waits for the operator as any request.',
    errors: ['UNPROCESSABLE', 'SUBMISSION_DEADLINE_PASSED', ...SEATS],
    examples: { request: SUBMIT_BODY, response: { booking_id: BOOKING_ID } },
  },
  'GET /v1/bookings/service_orders/search': {
    id: 'bookings.searchServiceOrders',
    summary: 'Search bookings with their trains',
    description: 'One row per booked train (a round trip has two, next to each other, outbound first), within the caller\'s agent and branch. Paged by booking: per_page counts bookings, a booking\'s trains never split across pages, and total counts bookings. Sorted by the `sort` and `order` parameters, an extension the specification does not list (service_date: the booking\'s first train within the service-date filter; submitted_at; booking_id; group_name; status in lifecycle order; ties by booking number); without them newest submission first. A train outside the service-date filter is still shown beside the one that matched. Filters combine with AND; lists take comma-separated values.',
    examples: { query: { service_date_from: DAY, service_date_to: '2027-06-30', sort: 'service_date', order: 'asc', page: 1, per_page: 20 }, response: SEARCH_RESPONSE },
  },
  'GET /v1/bookings/payments/search': {
    id: 'bookings.searchPayments',
    summary: 'Search bookings with their payment',
    description: 'The same filters as the train search, one row per booking with its fare payment (amount, method, status, deadline and whether it is overdue).',
    examples: { query: { service_date_from: DAY, page: 1, per_page: 20 }, response: PAYMENT_SEARCH_RESPONSE },
  },
  'GET /v1/bookings/service_orders/by-service/{service_date}/{service_id}': {
    id: 'bookings.listByService',
    summary: 'List the bookings on one train',
    description: 'Every booking on one train on one day (at most 500), for the operator\'s seat and train screens.',
  },
  'GET /v1/bookings/{booking_id}': {
    id: 'bookings.get',
    summary: 'Read a booking',
    description: 'The booking with its trains, participants, amounts, history, documents and notes, and the flags saying which steps the caller may take now. With `?token=` (the link mailed to the group), answers the group\'s view of the booking without signing in (`CustomerBookingResponse`: its trains and seats, group, participants, tour conductor and documents; no notes, history, money beyond the invoice link, or contact details of the agent\'s office). Another agent\'s booking answers 404.',
    optionalSignIn: true,
    errors: ['UNAUTHENTICATED'],
  },
  'GET /v1/bookings/{booking_id}/cancellation_fee': {
    id: 'bookings.getCancellationFee',
    summary: 'Quote the cancellation fee',
    description: 'What cancelling now would cost under the booking\'s cancellation policy (frozen at confirmation), with the policy itself.',
  },
  'GET /v1/bookings/{booking_id}/mail_templates/{mail_template}': {
    id: 'bookings.getMailTemplate',
    summary: 'Draft a booking mail',
    description: 'The subject and body of a mail to the applicant (confirmation, refusal, seat table, voucher), filled in for this booking, for the back office to edit before sending.',
  },
  'POST /v1/bookings/{booking_id}/reserve_allotments': {
    id: 'bookings.reserveAllotments',
    summary: 'Hold seats for a request',
    description: 'Holds the group allotment on every leg of the booking\'s trains (the no-overbooking rule is checked under lock). Answers the new sub-status and, when seats are tight, a warning.',
    errors: [...STEP, ...SEATS],
    examples: { response: { sub_status: 'SAGANO_ALLOTMENT_CONFIRMED', warning: null } },
  },
  'POST /v1/bookings/{booking_id}/reserve': {
    id: 'bookings.reserve',
    summary: 'Hold seats and confirm in one call',
    description: 'The back office\'s "reserve": holds the allotment on every train of the request not yet held (as `bookings.reserveAllotments`) and confirms it with the standard confirmation mail to the applicant (as `bookings.confirmBooking`), all or nothing. A train that cannot be held refuses the whole call with `409 NOT_ENOUGH_SEATS` (its reason in the description) and nothing is held, confirmed or mailed; a train that has already run is a `400 VALIDATION_FAILED` naming `services.<n>.service_date`. A request whose seats are already held is only confirmed. The booking\'s history shows the two steps one after the other. No body; send `If-Match` with the revision you read to be refused (`409 BOOKING_CHANGED`) if the booking changed since.',
    errors: [...STEP, 'NOT_ENOUGH_SEATS', 'BOOKING_CHANGED'],
    examples: { response: { status: 'RESERVED', sub_status: 'SAGANO_ALLOTMENT_CONFIRMED' } },
    media: { headers: [{ name: 'If-Match', description: 'The booking\'s `revision` as last read: the call is refused with `409 BOOKING_CHANGED` (nothing changed) if the booking has another revision now.', schema: { type: 'string' }, example: '"7"' }] },
  },
  'POST /v1/bookings/{booking_id}/release_allotments': {
    id: 'bookings.releaseAllotments',
    summary: 'Release held seats',
    description: 'Gives back the allotment held for a request that is not yet confirmed.',
    errors: STEP,
    examples: { response: OK },
  },
  'POST /v1/bookings/{booking_id}/confirm_booking': {
    id: 'bookings.confirmBooking',
    summary: 'Confirm a booking',
    description: 'Confirms a request whose seats are held, freezes its cancellation policy, and sends the given mail to the applicant.',
    errors: STEP,
    examples: { request: MAIL, response: OK },
  },
  'POST /v1/bookings/{booking_id}/refuse_booking': {
    id: 'bookings.refuseBooking',
    summary: 'Refuse a booking',
    description: 'Refuses a request with a reason, releases anything held, and sends the given mail to the applicant.',
    errors: STEP,
    examples: { request: { reason: 'FULL', ...MAIL }, response: OK },
  },
  'POST /v1/bookings/{booking_id}/cancel': {
    id: 'bookings.cancel',
    summary: 'Cancel a booking',
    description: 'Cancels a booking (a confirmed one becomes a cancellation request the operator confirms). Agents agree to the cancellation policy and the fee quoted by `bookings.getCancellationFee`, unless their agent ignores the policy.',
    errors: STEP,
    examples: { request: { agree_cancellation_policy: true }, response: { status: 'CANCELLATION_SUBMITTED', cancellation_fee: 0 } },
  },
  'POST /v1/bookings/{booking_id}/confirm_cancellation': {
    id: 'bookings.confirmCancellation',
    summary: 'Confirm a cancellation',
    description: 'Completes a cancellation request: releases the seats and settles the money: what was paid pays the cancellation fee and the rest is refunded (to the card, as a credit on the next monthly invoice, or owed and recorded by the operator). A second confirmation answers ALREADY_CONFIRMED with when and by whom.',
    errors: [...STEP, 'ALREADY_CONFIRMED'],
    examples: { response: OK },
  },
  'POST /v1/bookings/{booking_id}/decline_cancellation': {
    id: 'bookings.declineCancellation',
    summary: 'Decline a cancellation',
    description: 'Our addition. The operator declines an agent\'s cancellation request (CANCELLATION_SUBMITTED), or the agent declines the fee the operator quoted (CANCELLATION_PENDING): the booking returns to the status it had before, keeping its seats and allotments; the quoted fee is dropped; the other side is notified (the agent also by mail, with the reason).',
    errors: STEP,
    examples: { request: { reason: 'The group has already boarded a connecting tour; please contact us.' }, response: OK },
  },
  'POST /v1/bookings/{booking_id}/request_seat_assignment': {
    id: 'bookings.requestSeatAssignment',
    summary: 'Ask for seats',
    description: 'Our addition. The agent asks the operator to assign the seats of a confirmed booking whose seats are not assigned yet (`flags.can_request_seat_assignment`), with an optional message: the operator gets a SEAT_ASSIGNMENT_REQUEST notification. The booking does not change (no revision). While an earlier request is still unread by the operator, asking again adds nothing and answers that request (`already_requested`). The booking answers the last request\'s time as `seat_assignment_requested_at`.',
    errors: STEP,
    examples: { request: { message: 'Two guests use wheelchairs; car 3 near the door, please.' }, response: { requested_at: '2027-06-01T01:23:45.000Z', already_requested: false } },
  },
  'POST /v1/bookings/{booking_id}/accept_modification': {
    id: 'bookings.acceptModification',
    summary: 'Accept a change request',
    description: 'Applies a confirmed booking\'s pending change (participants, trains, stations) and its price difference; the agent is notified and mailed the change side by side (the booking\'s `pending_change_summary` before it was applied).',
    errors: [...STEP, ...SEATS],
    examples: { response: OK },
  },
  'POST /v1/bookings/{booking_id}/reject_modification': {
    id: 'bookings.rejectModification',
    summary: 'Reject a change request',
    description: 'Declines a confirmed booking\'s pending change with a reason (required; kept as the booking\'s `modification_decline_reason`); the booking stays as it was; the agent is notified and mailed the reason with the change it asked for.',
    errors: STEP,
    examples: { request: { reason: 'The 9号 train is fully booked on that day; please choose another train.' }, response: OK },
  },
  'POST /v1/bookings/{booking_id}/select_priority': {
    id: 'bookings.selectPriority',
    summary: 'Set a request\'s priority',
    description: 'Sets the back office\'s priority for a request (higher is handled first; also orders the waitlist).',
    errors: STEP,
    examples: { request: { priority: 2 }, response: OK },
  },
  'POST /v1/bookings/{booking_id}/assign_operator': {
    id: 'bookings.assignOperator',
    summary: 'Assign the person in charge',
    description: 'Names the back-office person in charge of the booking (empty to clear).',
    errors: STEP,
    examples: { request: { operator_name: 'Sato' }, response: OK },
  },
  'POST /v1/bookings/{booking_id}/add_special_note': {
    id: 'bookings.addSpecialNote',
    summary: 'Set the confirmation and voucher notes',
    description: 'Sets the notes printed on the confirmation and on the voucher (query parameters, as the specification names them).',
    errors: STEP,
    examples: { query: { confirm_note: 'Board at car 3.', voucher_note: 'Please arrive 20 minutes early.' }, response: OK },
  },
  'POST /v1/bookings/{booking_id}/update_from_to_station': {
    id: 'bookings.updateFromToStation',
    summary: 'Change the stations of one train',
    description: 'Changes where the group boards and leaves one of the booking\'s trains; the seats on the new legs are checked.',
    errors: [...STEP, ...SEATS],
    examples: { request: { direction: 'down', from_station_id: 1, to_station_id: 3 }, response: OK },
  },
  'PUT /v1/bookings/{booking_id}/params': {
    id: 'bookings.updateParams',
    summary: 'Change a booking',
    description: 'Replaces the booking\'s content. A request not yet confirmed changes at once; a confirmed booking gets a change request the operator accepts or rejects (its trains can be changed once). Send `applicant.version` and `tour_conductor.version` as last read to be refused (`409 BOOKING_CHANGED`, naming the person\'s version; nothing changed) if that person\'s data changed since; a change of their data raises the version. An agent keeps the quantity of a CHANGE_HANDLE_FEE unit as the booking has it (the operator charges it; otherwise 400).',
    errors: [...STEP, 'TRAIN_CHANGE_USED', 'SUBMISSION_DEADLINE_PASSED', 'UNPROCESSABLE', 'BOOKING_CHANGED', ...SEATS],
  },
  'GET /v1/bookings/{booking_id}/notes': {
    id: 'bookings.listNotes',
    summary: 'List a booking\'s notes',
    description: 'The notes written on the booking; agents do not see the operator\'s private notes.',
  },
  'POST /v1/bookings/{booking_id}/notes': {
    id: 'bookings.addNote',
    summary: 'Write a note on a booking',
    description: 'Adds a note; the operator\'s staff may mark it private (agents cannot).',
  },
  'POST /v1/notes/{note_id}': {
    id: 'bookings.updateNote',
    summary: 'Change a note',
    description: 'Changes a note; only its author may.',
  },
})];
