CREATE TABLE "agent_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"contract_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"amount_e6" bigint NOT NULL,
	"fare_e6" bigint NOT NULL,
	"discrepancy_e6" bigint NOT NULL,
	"fee_e6" bigint NOT NULL,
	"payment_status" text DEFAULT 'UNPAID' NOT NULL,
	"billed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settlements_period" CHECK ("agent_settlements"."period_from" <= "agent_settlements"."period_to"),
	CONSTRAINT "agent_settlements_payment_status" CHECK ("agent_settlements"."payment_status" in ('UNKNOWN', 'UNPAID', 'PAID')),
	CONSTRAINT "agent_settlements_sum" CHECK ("agent_settlements"."amount_e6" = "agent_settlements"."fare_e6" + "agent_settlements"."discrepancy_e6" + "agent_settlements"."fee_e6")
);
--> statement-breakpoint
CREATE TABLE "group_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_settlement_id" integer NOT NULL,
	"agent_group_id" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"amount_e6" bigint NOT NULL,
	"fare_e6" bigint NOT NULL,
	"discrepancy_e6" bigint NOT NULL,
	"fee_e6" bigint NOT NULL,
	"payment_status" text DEFAULT 'UNPAID' NOT NULL,
	"payment_deadline" date,
	"invoice_document_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_settlements_period" CHECK ("group_settlements"."period_from" <= "group_settlements"."period_to"),
	CONSTRAINT "group_settlements_payment_status" CHECK ("group_settlements"."payment_status" in ('UNKNOWN', 'UNPAID', 'PAID')),
	CONSTRAINT "group_settlements_sum" CHECK ("group_settlements"."amount_e6" = "group_settlements"."fare_e6" + "group_settlements"."discrepancy_e6" + "group_settlements"."fee_e6")
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD COLUMN "group_settlement_id" integer;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_settlements" ADD CONSTRAINT "group_settlements_agent_settlement_id_agent_settlements_id_fk" FOREIGN KEY ("agent_settlement_id") REFERENCES "public"."agent_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_settlements" ADD CONSTRAINT "group_settlements_agent_group_id_agent_groups_id_fk" FOREIGN KEY ("agent_group_id") REFERENCES "public"."agent_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_settlements_period_uq" ON "agent_settlements" USING btree ("agent_id","period_from");--> statement-breakpoint
CREATE INDEX "agent_settlements_period_idx" ON "agent_settlements" USING btree ("period_to");--> statement-breakpoint
CREATE UNIQUE INDEX "group_settlements_group_uq" ON "group_settlements" USING btree ("agent_settlement_id","agent_group_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_monthly_invoice_id_group_settlements_id_fk" FOREIGN KEY ("monthly_invoice_id") REFERENCES "public"."group_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_group_settlement_id_group_settlements_id_fk" FOREIGN KEY ("group_settlement_id") REFERENCES "public"."group_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_monthly_invoice_idx" ON "payments" USING btree ("monthly_invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_documents_group_settlement_idx" ON "invoice_documents" USING btree ("group_settlement_id");--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_subject" CHECK (("invoice_documents"."payment_id" is null) <> ("invoice_documents"."group_settlement_id" is null));