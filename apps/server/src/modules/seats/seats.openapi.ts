/** The contract of the seats calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, dispositionHeader, fileAnswer, type AreaContract } from '../../plugins/openapi-contract.ts';

/** A PDF the browser shows (`inline`), under the name given. */
const pdf = (description: string, filename: string) => ({ response: fileAnswer(description, ['application/pdf'], dispositionHeader(`\`inline; filename="${filename}"\``)) });

export const seatsContract: AreaContract[] = [defineArea('seats', 'Seats of a confirmed booking, the seat table and voucher sent to the group, and the group\'s own page.', {
  'GET /v1/bookings/{booking_id}/seats': { id: 'seats.list', summary: 'List a booking\'s seats', description: 'The operator\'s staff at any time; the booking\'s agent staff once the seat table has been sent (before: `409 STEP_NOT_ALLOWED`), other groups\' seats shown without their booking; the group with its `token`.', errors: ['STEP_NOT_ALLOWED'] },
  'POST /v1/bookings/{booking_id}/assign_seats': { id: 'seats.assign', summary: 'Assign seats', description: 'Assigns seats to the group on every leg, automatically or as chosen.', errors: ['STEP_NOT_ALLOWED', 'SEAT_TAKEN', 'NOT_ENOUGH_SEATS'] },
  'POST /v1/bookings/{booking_id}/assign_seats_ok': { id: 'seats.confirmAssignment', summary: 'Confirm the seat assignment', errors: ['STEP_NOT_ALLOWED'] },
  'POST /v1/bookings/{booking_id}/assign_seats_ng': { id: 'seats.undoAssignment', summary: 'Undo the seat assignment', errors: ['STEP_NOT_ALLOWED'] },
  'POST /v1/bookings/{booking_id}/release-seats': { id: 'seats.release', summary: 'Release assigned seats', errors: ['STEP_NOT_ALLOWED'] },
  'POST /v1/bookings/{booking_id}/send_seat_table': { id: 'seats.sendSeatTable', summary: 'Mail the seat table', errors: ['STEP_NOT_ALLOWED'] },
  'POST /v1/bookings/{booking_id}/confirm_voucher': { id: 'seats.confirmVoucher', summary: 'Issue the voucher', errors: ['STEP_NOT_ALLOWED'] },
  'POST /v1/bookings/{booking_id}/send_voucher': { id: 'seats.sendVoucher', summary: 'Mail the voucher (a prepaid one once paid, or with override_unpaid_reason)', errors: ['STEP_NOT_ALLOWED', 'VOUCHER_AWAITS_PAYMENT'] },
  'POST /v1/bookings/{booking_id}/resend_documents': { id: 'seats.resendDocuments', summary: 'Mail the outdated seat table and voucher again, replacing the earlier ones', errors: ['STEP_NOT_ALLOWED', 'NOTHING_TO_RESEND', 'VOUCHER_AWAITS_PAYMENT'] },
  'GET /v1/bookings/{booking_id}/seat_table.pdf': { id: 'seats.seatTablePdf', summary: 'Download the seat table', errors: ['STEP_NOT_ALLOWED'], media: pdf('The seat table.', 'seat-table-<booking_id>.pdf') },
  'GET /v1/bookings/{booking_id}/voucher.pdf': { id: 'seats.voucherPdf', summary: 'Download the voucher', errors: ['STEP_NOT_ALLOWED'], media: pdf('The voucher.', 'voucher-<booking_id>.pdf') },
  'GET /v1/bookings/{booking_id}/summary': { id: 'seats.customerSummary', summary: 'The group\'s own booking page', description: 'What the group sees with the link mailed to them (`?token=`), without signing in.', errors: ['STEP_NOT_ALLOWED'] },
  'GET /v1/bookings/{booking_id}/Voucher': { id: 'seats.customerVoucher', summary: 'The group\'s voucher', description: 'The voucher as the group opens it with the mailed link.', errors: ['STEP_NOT_ALLOWED'], media: pdf('The voucher.', 'voucher-<booking_id>.pdf') },
  'PUT /v1/bookings/{booking_id}/change-seat': { id: 'seats.change', summary: 'Move a passenger to another seat', description: 'Resending the same `mutation_id` answers the change made the first time; the same id with a different change is refused.', errors: ['STEP_NOT_ALLOWED', 'SEAT_TAKEN', 'UNPROCESSABLE'] },
  'POST /v1/reservations/check': { id: 'seats.check', summary: 'Check a ticket at the platform', description: 'Station staff read a voucher\'s code and see the group\'s seats (POST for its input, nothing is written).' },
})];
