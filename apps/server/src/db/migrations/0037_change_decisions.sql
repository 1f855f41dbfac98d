ALTER TABLE "bookings" ADD COLUMN "modification_decline_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "detail" jsonb;