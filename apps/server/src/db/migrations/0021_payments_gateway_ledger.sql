CREATE TABLE "gateway_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"action" text NOT NULL,
	"event" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"amount_e6" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"gateway_ref" text,
	"checkout_url" text,
	"failure_reason" text,
	"started_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_status" CHECK ("payment_attempts"."status" in ('PENDING', 'PAID', 'FAILED', 'EXPIRED'))
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_e6" bigint NOT NULL,
	"occurred_on" date NOT NULL,
	"reference" text,
	"note" text,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_kind" CHECK ("payment_transactions"."kind" in ('CARD_CAPTURE', 'BANK_TRANSFER', 'REFUND'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"ref" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_e6" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"transaction_id" text,
	"refunded_e6" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_checkouts_status" CHECK ("sandbox_checkouts"."status" in ('OPEN', 'REQUIRES_ACTION', 'PAID', 'EXPIRED'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "initial_paid_amount_e6" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "normal_due_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "coupon_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "is_total_amount_fixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "is_cancellation_fee_fixed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_payment_finished" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "parent_payment_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "direction" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "adjust_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "monthly_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_event" ON "gateway_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "gateway_events_unprocessed_idx" ON "gateway_events" USING btree ("id") WHERE "gateway_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_idempotency_key" ON "payment_attempts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_gateway_ref" ON "payment_attempts" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE INDEX "payment_attempts_payment_idx" ON "payment_attempts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_pending_idx" ON "payment_attempts" USING btree ("created_at") WHERE "payment_attempts"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "payment_transactions_payment_idx" ON "payment_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_reference" ON "payment_transactions" USING btree ("kind","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_idempotency_key" ON "sandbox_checkouts" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_parent_payment_id_payments_id_fk" FOREIGN KEY ("parent_payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_direction" CHECK ("payments"."direction" is null or "payments"."direction" in ('EXTRA', 'REFUND'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amounts" CHECK ("payments"."total_amount_e6" >= 0 and "payments"."paid_amount_e6" >= 0);--> statement-breakpoint
UPDATE "payments" SET "normal_due_date" = "due_date" WHERE "normal_due_date" IS NULL;
