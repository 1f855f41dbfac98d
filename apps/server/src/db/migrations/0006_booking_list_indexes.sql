-- Booking lists at scale (issue 4): newest-first indexes per agent, branch and overall; trigram search on group names.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DROP INDEX "bookings_agent_idx";--> statement-breakpoint
DROP INDEX "bookings_submitted_idx";--> statement-breakpoint
CREATE INDEX "bookings_sub_group_idx" ON "bookings" USING btree ("agent_sub_group_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_group_name_trgm" ON "bookings" USING gin ("group_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_agent_idx" ON "bookings" USING btree ("agent_id","submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_submitted_idx" ON "bookings" USING btree ("submitted_at" DESC NULLS LAST,"id" DESC NULLS LAST);