ALTER TABLE "payment_transactions" DROP CONSTRAINT "payment_transactions_kind";--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "gateway_ref" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD COLUMN "source_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "requested_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD COLUMN "paid_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_kind" CHECK ("payment_transactions"."kind" in ('CARD_CAPTURE', 'BANK_TRANSFER', 'COUPON', 'REFUND', 'NETTING'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason" CHECK ("payments"."refund_reason" is null or "payments"."refund_reason" in ('CHANGE', 'OPERATOR', 'CANCELLATION', 'SUSPENSION', 'OVERPAYMENT'));