CREATE TABLE "customer_mutations" (
	"booking_id" integer NOT NULL,
	"mutation_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_mutations_booking_id_mutation_id_pk" PRIMARY KEY("booking_id","mutation_id")
);
--> statement-breakpoint
CREATE TABLE "outbox_mail_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_mail_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "seat_ng_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD COLUMN "need_slope" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_mutations" ADD CONSTRAINT "customer_mutations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_mail_attachments" ADD CONSTRAINT "outbox_mail_attachments_outbox_mail_id_outbox_mails_id_fk" FOREIGN KEY ("outbox_mail_id") REFERENCES "public"."outbox_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_mail_attachments_mail_idx" ON "outbox_mail_attachments" USING btree ("outbox_mail_id");