/** The contract of the payments calls (ADR 014): operationIds, summaries, business errors. */
import { defineArea, type AreaContract } from '../../plugins/openapi-contract.ts';

export const paymentsContract: AreaContract[] = [
  defineArea('payments', 'A booking\'s payments: card checkout, coupons, bank transfers, amount adjustments and the gateway\'s webhooks.', {
    'POST /v1/bookings/{booking_id}/payments/{payment_id}/checkout': { id: 'payments.startCardPayment', summary: 'Start a card payment', description: 'Answers the gateway\'s payment page to send the payer to.', errors: ['PAYMENT_STEP_NOT_ALLOWED', 'GATEWAY_UNAVAILABLE'] },
    'POST /v1/bookings/{booking_id}/payments/{payment_id}/report_coupon': { id: 'payments.reportCoupon', summary: 'Report payment by coupon', errors: ['PAYMENT_STEP_NOT_ALLOWED'] },
    'PUT /v1/bookings/{booking_id}/payments/{payment_id}/coupon_number': { id: 'payments.correctCouponNumber', summary: 'Correct a coupon number', errors: ['PAYMENT_STEP_NOT_ALLOWED'] },
    'POST /v1/bookings/{booking_id}/payments/{payment_id}/bank_transfers': { id: 'payments.recordBankTransfer', summary: 'Record a bank transfer', description: 'Records money received (or refunded) by bank transfer.', errors: ['PAYMENT_STEP_NOT_ALLOWED', 'REFUND_EXCEEDS_PAID'] },
    'POST /v1/bookings/{booking_id}/payments/{payment_id}/refund': {
      id: 'payments.refund',
      summary: 'Refund money a booking holds',
      description: 'All or part of what the booking received less refunds made or owed, with a reason: back to the card through the gateway, as a credit on the next monthly invoice, or recorded as paid back. Send an Idempotency-Key header: a retry with the same key answers the same refund.',
      errors: ['REFUND_EXCEEDS_PAID', 'PAYMENT_STEP_NOT_ALLOWED', 'CONFLICT'],
    },
    'POST /v1/bookings/{booking_id}/payments/{payment_id}/refund_paid': { id: 'payments.recordRefundPaid', summary: 'Record a refund paid back', description: 'The operator paid back a refund owed (coupon and other offline payments).', errors: ['PAYMENT_STEP_NOT_ALLOWED', 'ALREADY_CONFIRMED'] },
    'POST /v1/bookings/{booking_id}/adjust_amount': { id: 'payments.adjustAmount', summary: 'Adjust a booking\'s amount', errors: ['PAYMENT_STEP_NOT_ALLOWED'] },
    'PUT /v1/bookings/{booking_id}/set_cancel_payment_finished': { id: 'payments.setCancelPaymentFinished', summary: 'Mark the cancellation fee settled', errors: ['PAYMENT_STEP_NOT_ALLOWED', 'ALREADY_CONFIRMED'] },
    'POST /v1/payment-webhooks/{gateway}': {
      id: 'payments.webhook',
      summary: 'Receive the card gateway\'s events',
      description: 'Called by the gateway, signed with the webhook secret; not for agents\' systems. `{gateway}` is the configured gateway (`sandbox`, `stripe`; any other is 404). The body is the gateway\'s own event, verified byte for byte against its signature header (`stripe-signature`, or the sandbox\'s `sandbox-signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>">`); a missing, wrong or stale signature is `400 GATEWAY_SIGNATURE_INVALID`. An event already received answers `duplicate: true` and changes nothing.',
      errors: ['GATEWAY_SIGNATURE_INVALID'],
      media: {
        request: {
          'application/json': {
            schema: {
              type: 'object',
              description: 'The gateway\'s event as it sent it: its `id`, `type` and `data` in the gateway\'s own format.',
              required: ['id', 'type'],
              properties: { id: { type: 'string' }, type: { type: 'string', example: 'checkout.paid' }, data: { type: 'object' } },
            },
          },
        },
        headers: [
          { name: 'stripe-signature', description: 'Stripe\'s signature of the body (gateway `stripe`).', schema: { type: 'string' } },
          { name: 'sandbox-signature', description: 'The sandbox\'s signature of the body (gateway `sandbox`): `t=<unix seconds>,v1=<hex>`.', schema: { type: 'string' } },
        ],
      },
    },
  }),
  defineArea('payment sandbox', 'The built-in sandbox card gateway\'s pages, for trying payments without a real gateway.', {
    'GET /v1/sandbox-gateway/checkouts/{ref}': { id: 'paymentSandbox.getCheckout', summary: 'Read a sandbox checkout' },
    'POST /v1/sandbox-gateway/checkouts/{ref}/pay': { id: 'paymentSandbox.pay', summary: 'Pay a sandbox checkout', description: 'A test card number decides the outcome.', errors: ['PAYMENT_DECLINED', 'STEP_NOT_ALLOWED'] },
    'POST /v1/sandbox-gateway/checkouts/{ref}/confirm': { id: 'paymentSandbox.confirm', summary: 'Finish a sandbox 3-D Secure step', errors: ['PAYMENT_DECLINED', 'STEP_NOT_ALLOWED'] },
  }),
];
