CREATE TABLE "booking_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"type" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_histories_type" CHECK ("booking_histories"."type" in ('CREATE', 'UPDATE', 'CANCEL'))
);
--> statement-breakpoint
CREATE TABLE "booking_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"note" text NOT NULL,
	"author_type" text NOT NULL,
	"author_name" text NOT NULL,
	"author_account_id" uuid,
	"is_private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
	"booking_id" integer NOT NULL,
	"direction" text NOT NULL,
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	"from_station_id" integer NOT NULL,
	"to_station_id" integer NOT NULL,
	"held_group" integer DEFAULT 0 NOT NULL,
	"held_wheelchair" integer DEFAULT 0 NOT NULL,
	"held_standing" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_services_booking_id_direction_pk" PRIMARY KEY("booking_id","direction"),
	CONSTRAINT "booking_services_direction" CHECK ("booking_services"."direction" in ('down', 'up'))
);
--> statement-breakpoint
CREATE TABLE "booking_units" (
	"booking_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"calculated_quantity" integer NOT NULL,
	"unit_price_e6" bigint NOT NULL,
	"subtotal_e6" bigint NOT NULL,
	"record_largest_calculated_quantity" integer NOT NULL,
	CONSTRAINT "booking_units_booking_id_unit_id_pk" PRIMARY KEY("booking_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "booking_wheelchairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"need_slope" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"booking_token" text NOT NULL,
	"product_id" integer,
	"agent_id" integer NOT NULL,
	"agent_sub_group_id" integer NOT NULL,
	"status" text NOT NULL,
	"sub_status" text NOT NULL,
	"wait_listing" boolean DEFAULT false NOT NULL,
	"group_type" text NOT NULL,
	"group_name" text NOT NULL,
	"group" jsonb NOT NULL,
	"applicant" jsonb NOT NULL,
	"tour_conductor" jsonb,
	"author" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"caution" text DEFAULT '' NOT NULL,
	"operator_name" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"confirm_note" text DEFAULT '' NOT NULL,
	"voucher_note" text DEFAULT '' NOT NULL,
	"voucher_confirmed" boolean DEFAULT false NOT NULL,
	"refusal_reason" text,
	"participant_quantity" integer NOT NULL,
	"total_amount_e6" bigint DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"update_count" integer DEFAULT 0 NOT NULL,
	"external_idempotent_id" text,
	"request_hash" text,
	"created_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "free_count_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"min" integer NOT NULL,
	"max" integer NOT NULL,
	"free_quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_count_plans_range" CHECK ("free_count_plans"."min" >= 1 and "free_count_plans"."min" <= "free_count_plans"."max" and "free_count_plans"."free_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"booking_id" integer,
	"agent_id" integer,
	"agent_sub_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "notifications_audience" CHECK ("notifications"."audience" in ('ADMIN', 'AGENT')),
	CONSTRAINT "notifications_category" CHECK ("notifications"."category" in ('booking', 'payment'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"total_amount_e6" bigint NOT NULL,
	"paid_amount_e6" bigint DEFAULT 0 NOT NULL,
	"due_date" date,
	"transaction_id" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind" CHECK ("payments"."kind" in ('FARE', 'CANCELLATION', 'DISCREPANCY'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_name" text NOT NULL,
	"channel" text DEFAULT 'GROUP' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_histories" ADD CONSTRAINT "booking_histories_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_notes" ADD CONSTRAINT "booking_notes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_units" ADD CONSTRAINT "booking_units_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_units" ADD CONSTRAINT "booking_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_wheelchairs" ADD CONSTRAINT "booking_wheelchairs_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agent_sub_group_id_agent_groups_id_fk" FOREIGN KEY ("agent_sub_group_id") REFERENCES "public"."agent_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_histories_revision" ON "booking_histories" USING btree ("booking_id","revision");--> statement-breakpoint
CREATE INDEX "booking_notes_booking_idx" ON "booking_notes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_services_day_idx" ON "booking_services" USING btree ("service_date","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booking_id" ON "bookings" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency" ON "bookings" USING btree ("agent_id","external_idempotent_id");--> statement-breakpoint
CREATE INDEX "bookings_agent_idx" ON "bookings" USING btree ("agent_id","agent_sub_group_id","submitted_at");--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","sub_status");--> statement-breakpoint
CREATE INDEX "bookings_submitted_idx" ON "bookings" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "notifications_audience_idx" ON "notifications" USING btree ("audience","category","created_at");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");