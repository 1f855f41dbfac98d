-- Waitlist promotion requests (DESIGN §5, ADR 010): the capacity a change freed is written in the change's own
-- transaction, so the promotion job it sends can be run again by the sweep or at start-up when the send was lost.
CREATE TABLE "waitlist_promotion_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"trains" jsonb NOT NULL,
	"reason" text NOT NULL,
	"except_booking_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "waitlist_promotion_requests_pending" ON "waitlist_promotion_requests" USING btree ("created_at") WHERE "waitlist_promotion_requests"."done_at" is null;