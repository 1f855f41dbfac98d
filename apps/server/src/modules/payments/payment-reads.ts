/**
 * What other modules may read of payments (the tables are written only through payment-steps.ts
 * and the payments module's services): a booking's ledger, several bookings' payments and
 * ledgers, and a payments row read as JSON by another module's query.
 */
export { ledgerOfBooking, ledgerOfBookings, paymentRowOfJson, type PaymentRow } from './payments.repository.ts';
