/** The payments module's front door: what other modules, app.ts and the job, plugin and realtime wiring may use (ADR 024). */
export { openFare, previewCancellation, priceFareSql, repriceFare, settleCancellation, waiveForRefusal } from './booking-payments.ts';
export { gatewayFromConfig } from './gateway/gateway-registry.ts';
export type { PaymentGateway } from './gateway/payment-gateway.ts';
export { createSandboxGateway } from './gateway/sandbox-gateway.ts';
export { billOnMonthlyInvoices, lockBookingsForBilling, settleByMonthlyTransfer } from './monthly-payments.ts';
export { presentPaymentRows } from './payment-list.ts';
export { cancellationSettlementMail, paymentReceivedMail, paymentReminderMail, refundMadeMail } from './payment-mails.ts';
export { bookingPaymentContext, presentBookingMoney, presentFarePayment, presentPaymentDetail, stateOfPayment } from './payment-presenter.ts';
export { paymentRowOfJson, type PaymentRow } from './payment-reads.ts';
export { backdateDueDate, recordCardCapture } from './payment-steps.ts';
export { markOverdueJob, processGatewayEventJob, reconcileCheckoutsJob, refundPaymentJob, refundSweepJob, remindPaymentsJob, sandboxWebhookJob } from './payment.jobs.ts';
export { paymentsContract } from './payments.openapi.ts';
export { paymentsRoutes } from './payments.routes.ts';
export { createPaymentsService } from './payments.service.ts';
