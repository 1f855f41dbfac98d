CREATE TABLE "seat_document_mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"document" text NOT NULL,
	"mail_kind" text NOT NULL,
	"fingerprint" text,
	"content" jsonb,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_document_mailings_document" CHECK ("seat_document_mailings"."document" in ('seat_table', 'voucher'))
);
--> statement-breakpoint
ALTER TABLE "scheduled_effects" DROP CONSTRAINT "scheduled_effects_kind";--> statement-breakpoint
ALTER TABLE "seat_document_mailings" ADD CONSTRAINT "seat_document_mailings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_document_mailings_booking_idx" ON "seat_document_mailings" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "seat_document_mailings_created_idx" ON "seat_document_mailings" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "scheduled_effects" ADD CONSTRAINT "scheduled_effects_kind" CHECK ("scheduled_effects"."kind" in ('ALLOTMENT_RELEASE', 'UNANSWERED_BEFORE_RELEASE', 'PAYMENT_REMINDER', 'PAYMENT_OVERDUE', 'CONTRACT_ANSWER_DUE', 'WAITLIST_PROMOTION', 'MONTHLY_INVOICE_MAIL', 'SEAT_DOCUMENT_MAIL'));--> statement-breakpoint
-- Every seat table and voucher mailed so far was queued in its step's transaction: each is copied
-- from the outbox (its booking, kind, fingerprint, words and time; no content, as it is never laid
-- out again) so the booking's documents read as before, and recorded as delivered, so the delivery
-- job's start-up mails none of them again (ADR 035).
INSERT INTO "seat_document_mailings" ("booking_id", "document", "mail_kind", "fingerprint", "to_address", "subject", "body_text", "created_at")
SELECT b."id", CASE WHEN o."kind" LIKE 'booking.seat_table%' THEN 'seat_table' ELSE 'voucher' END, o."kind", o."document_fingerprint", o."to_address", o."subject", o."body_text", o."created_at"
FROM "outbox_mails" o JOIN "bookings" b ON b."booking_id" = o."booking_id"
WHERE o."kind" IN ('booking.seat_table', 'booking.seat_table_reissued', 'booking.voucher', 'booking.voucher_reissued')
ORDER BY o."created_at", o."id";--> statement-breakpoint
INSERT INTO "scheduled_effects" ("kind", "subject", "effect_date", "booking_id", "detail")
SELECT 'SEAT_DOCUMENT_MAIL', 'mailing:' || m."id", (m."created_at" AT TIME ZONE 'Asia/Tokyo')::date, m."booking_id",
       jsonb_build_object('mail_kind', m."mail_kind", 'mailed_with_step', true)
FROM "seat_document_mailings" m
ON CONFLICT ("kind", "subject", "effect_date") DO NOTHING;
