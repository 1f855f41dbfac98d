ALTER TABLE "booking_units" ADD COLUMN "decrement_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_units" ADD COLUMN "decrement_fee_e6" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pending_change" jsonb;