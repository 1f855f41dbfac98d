CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size" CHECK ("stored_files"."byte_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_code" text NOT NULL,
	"account_name" text NOT NULL,
	"account_type" text NOT NULL,
	"is_transfer_account" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_account_type" CHECK ("bank_accounts"."account_type" in ('ordinary', 'saving', 'checking')),
	CONSTRAINT "bank_accounts_codes" CHECK ("bank_accounts"."branch_code" ~ '^[0-9]{3}$' and "bank_accounts"."account_code" ~ '^[0-9]{7}$')
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_kind" CHECK ("document_counters"."kind" in ('INVOICE', 'RECEIPT', 'RETURN_INVOICE')),
	CONSTRAINT "document_counters_last" CHECK ("document_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sequence_number" integer NOT NULL,
	"document_number" text NOT NULL,
	"payment_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refers_to_id" integer,
	"total_amount_e6" bigint NOT NULL,
	"content" jsonb NOT NULL,
	"issued_by_account_id" integer,
	CONSTRAINT "invoice_documents_kind" CHECK ("invoice_documents"."kind" in ('INVOICE', 'RECEIPT', 'RETURN_INVOICE')),
	CONSTRAINT "invoice_documents_sequence" CHECK ("invoice_documents"."sequence_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "operator_basic_info" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_basic_info" ADD COLUMN "fax" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_basic_info" ADD COLUMN "logo_file_key" text;--> statement-breakpoint
ALTER TABLE "operator_basic_info" ADD COLUMN "stamp_file_key" text;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_refers_to_id_invoice_documents_id_fk" FOREIGN KEY ("refers_to_id") REFERENCES "public"."invoice_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_transfer_account" ON "bank_accounts" USING btree ("is_transfer_account") WHERE "bank_accounts"."is_transfer_account";--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_number_uq" ON "invoice_documents" USING btree ("kind","sequence_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_document_number_uq" ON "invoice_documents" USING btree ("document_number");--> statement-breakpoint
CREATE INDEX "invoice_documents_payment_idx" ON "invoice_documents" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoice_documents_booking_idx" ON "invoice_documents" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "operator_basic_info" ADD CONSTRAINT "operator_basic_info_logo_file_key_stored_files_key_fk" FOREIGN KEY ("logo_file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_basic_info" ADD CONSTRAINT "operator_basic_info_stamp_file_key_stored_files_key_fk" FOREIGN KEY ("stamp_file_key") REFERENCES "public"."stored_files"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "document_counters" ("kind", "last_number") VALUES ('INVOICE', 0), ('RECEIPT', 0), ('RETURN_INVOICE', 0) ON CONFLICT DO NOTHING;
