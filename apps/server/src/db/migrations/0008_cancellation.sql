CREATE TABLE "cancellation_policies" (
	"days_before" integer PRIMARY KEY NOT NULL,
	"rate_e6" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancellation_policies_values" CHECK ("cancellation_policies"."days_before" >= 0 and "cancellation_policies"."rate_e6" between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_rate_e6" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_fee_e6" bigint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
-- The default policy (editable master data; DEFAULT_CANCELLATION_POLICY in packages/domain).
INSERT INTO "cancellation_policies" ("days_before", "rate_e6") VALUES (20, 0), (7, 200000), (2, 300000), (1, 500000), (0, 1000000);
