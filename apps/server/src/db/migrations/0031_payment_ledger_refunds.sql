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
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_reason" CHECK ("payments"."refund_reason" is null or "payments"."refund_reason" in ('CHANGE', 'OPERATOR', 'CANCELLATION', 'SUSPENSION', 'OVERPAYMENT'));--> statement-breakpoint
-- A booking's fare exists from submission (INITED: priced, nothing owed yet): bookings not yet answered get theirs.
INSERT INTO "payments" ("booking_id", "kind", "status", "payment_method", "total_amount_e6")
SELECT b.id, 'FARE', 'INITED', CASE a.agent_type WHEN 'FREE' THEN 'ONLINE_CREDIT_CARD' WHEN 'CONTRACTED' THEN 'COUPON' ELSE 'MONTHLY' END, b.total_amount_e6
FROM "bookings" b JOIN "agents" a ON a.id = b.agent_id
WHERE b.status NOT IN ('CANCELLED', 'NOT_RESERVED') AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE p.booking_id = b.id AND p.kind = 'FARE');
--> statement-breakpoint
-- A coupon is worth what it covers: recorded as received (a COUPON entry) so a cancellation can apply it to the fee.
INSERT INTO "payment_transactions" ("payment_id", "kind", "amount_e6", "occurred_on", "note", "recorded_by")
SELECT p.id, 'COUPON', p.total_amount_e6 - p.paid_amount_e6, COALESCE((p.confirmed_at AT TIME ZONE 'Asia/Tokyo')::date, (p.updated_at AT TIME ZONE 'Asia/Tokyo')::date), p.coupon_number, 'migration'
FROM "payments" p WHERE p.status = 'COUPON_CONFIRMED' AND p.total_amount_e6 > p.paid_amount_e6;
--> statement-breakpoint
UPDATE "payments" SET "paid_amount_e6" = "total_amount_e6" WHERE "status" = 'COUPON_CONFIRMED' AND "total_amount_e6" > "paid_amount_e6";
--> statement-breakpoint
-- Refund records opened by a change before reasons were kept lowered the price.
UPDATE "payments" SET "refund_reason" = 'CHANGE' WHERE "direction" = 'REFUND' AND "refund_reason" IS NULL;
--> statement-breakpoint
-- A refund netted on a monthly invoice went back: a REFUND entry (negative), not money received.
UPDATE "payment_transactions" t SET "kind" = 'REFUND', "amount_e6" = -t.amount_e6
FROM "payments" r WHERE r.id = t.payment_id AND r.direction = 'REFUND' AND t.kind = 'BANK_TRANSFER';
--> statement-breakpoint
-- Refunds used to be written on the payment that received the money: each goes to a refund record of
-- its own (the matching one, or a new one for money that arrived when nothing was owed), and the
-- payment keeps what it received.
INSERT INTO "payments" ("booking_id", "kind", "status", "payment_method", "total_amount_e6", "paid_amount_e6", "parent_payment_id", "direction", "refund_reason", "confirmed_at")
SELECT p.booking_id, 'DISCREPANCY', 'PAYMENT_CONFIRMED', p.payment_method, -t.amount_e6, -t.amount_e6, p.id, 'REFUND', 'OVERPAYMENT', t.created_at
FROM "payment_transactions" t JOIN "payments" p ON p.id = t.payment_id
WHERE t.kind = 'REFUND' AND COALESCE(p.direction, '') <> 'REFUND'
  AND NOT EXISTS (SELECT 1 FROM "payments" r WHERE r.parent_payment_id = p.id AND r.direction = 'REFUND' AND r.total_amount_e6 = -t.amount_e6);
--> statement-breakpoint
UPDATE "payments" p SET "paid_amount_e6" = p.paid_amount_e6 - x.refunded
FROM (SELECT t.payment_id, SUM(t.amount_e6) AS refunded FROM "payment_transactions" t JOIN "payments" q ON q.id = t.payment_id
      WHERE t.kind = 'REFUND' AND COALESCE(q.direction, '') <> 'REFUND' GROUP BY t.payment_id) x
WHERE p.id = x.payment_id;
--> statement-breakpoint
UPDATE "payment_transactions" t SET "payment_id" = (
  SELECT r.id FROM "payments" r WHERE r.parent_payment_id = t.payment_id AND r.direction = 'REFUND' AND r.total_amount_e6 = -t.amount_e6 ORDER BY r.id LIMIT 1)
FROM "payments" p WHERE p.id = t.payment_id AND t.kind = 'REFUND' AND COALESCE(p.direction, '') <> 'REFUND';
