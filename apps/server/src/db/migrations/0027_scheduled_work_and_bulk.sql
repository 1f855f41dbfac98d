CREATE TABLE "job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job_name" text NOT NULL,
	"trigger" text DEFAULT 'SCHEDULE' NOT NULL,
	"state" text DEFAULT 'RUNNING' NOT NULL,
	"run_date" date,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"summary" jsonb,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"started_by" text,
	CONSTRAINT "job_runs_state" CHECK ("job_runs"."state" in ('RUNNING', 'DONE', 'FAILED')),
	CONSTRAINT "job_runs_trigger" CHECK ("job_runs"."trigger" in ('SCHEDULE', 'RETRY', 'MANUAL', 'EVENT'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_effects" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"effect_date" date NOT NULL,
	"booking_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_run_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_effects_kind" CHECK ("scheduled_effects"."kind" in ('ALLOTMENT_RELEASE', 'UNANSWERED_BEFORE_RELEASE', 'PAYMENT_REMINDER', 'PAYMENT_OVERDUE', 'CONTRACT_ANSWER_DUE', 'WAITLIST_PROMOTION'))
);
--> statement-breakpoint
CREATE TABLE "bulk_reservation_lines" (
	"bulk_reservation_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"booking_number" text NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" text DEFAULT 'PENDING' NOT NULL,
	"error_code" text,
	"reason" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "bulk_reservation_lines_bulk_reservation_id_line_no_pk" PRIMARY KEY("bulk_reservation_id","line_no"),
	CONSTRAINT "bulk_reservation_lines_result" CHECK ("bulk_reservation_lines"."result" in ('PENDING', 'DONE', 'REFUSED', 'SKIPPED'))
);
--> statement-breakpoint
CREATE TABLE "bulk_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"filename" text DEFAULT '' NOT NULL,
	"file_sha256" text NOT NULL,
	"total_lines" integer DEFAULT 0 NOT NULL,
	"processed_lines" integer DEFAULT 0 NOT NULL,
	"succeeded_lines" integer DEFAULT 0 NOT NULL,
	"failed_lines" integer DEFAULT 0 NOT NULL,
	"validation_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result_file_key" text,
	"error" text,
	"created_by" uuid,
	"created_by_email" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_reservations_kind" CHECK ("bulk_reservations"."kind" in ('RESERVE_ALLOTMENTS', 'CONFIRM_BOOKING')),
	CONSTRAINT "bulk_reservations_status" CHECK ("bulk_reservations"."status" in ('INVALID', 'PENDING', 'RUNNING', 'DONE', 'FAILED'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "bulk_reservation_id" integer;--> statement-breakpoint
ALTER TABLE "bulk_reservation_lines" ADD CONSTRAINT "bulk_reservation_lines_bulk_reservation_id_bulk_reservations_id_fk" FOREIGN KEY ("bulk_reservation_id") REFERENCES "public"."bulk_reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_runs_job_idx" ON "job_runs" USING btree ("job_name","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_effects_once" ON "scheduled_effects" USING btree ("kind","subject","effect_date");--> statement-breakpoint
CREATE INDEX "scheduled_effects_booking_idx" ON "scheduled_effects" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bulk_reservations_file_idx" ON "bulk_reservations" USING btree ("kind","file_sha256");--> statement-breakpoint
CREATE INDEX "bulk_reservations_created_idx" ON "bulk_reservations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_bulk_reservation_id_bulk_reservations_id_fk" FOREIGN KEY ("bulk_reservation_id") REFERENCES "public"."bulk_reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('BOOKING_RECEIVED', 'MODIFICATION', 'CANCELLATION', 'INVOICE_REQUEST', 'PAYMENT_REQUEST', 'SEAT_ASSIGNMENT_REQUEST', 'COUPON', 'NOTE_UPDATED', 'PAYMENT_RECEIVED', 'TOUR_CONDUCTOR_NOT_REGISTERED', 'WAITLIST_OFFER', 'BOOKING_CONFIRMED', 'BOOKING_REFUSED', 'CANCELLATION_CONFIRMED', 'CANCELLATION_FEE_QUOTED', 'MODIFICATION_CONFIRMED', 'MODIFICATION_REFUSED', 'SEATS_CHANGED_BY_GROUP', 'SEATS_REARRANGED', 'PAYMENT_REMINDER', 'PAYMENT_OVERDUE', 'WAITLIST_PROMOTED', 'ALLOTMENT_RELEASED', 'UNANSWERED_BEFORE_RELEASE', 'ANSWER_DUE', 'BULK_FINISHED'));