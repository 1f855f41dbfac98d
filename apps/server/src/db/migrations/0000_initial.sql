CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"totp_secret" text,
	"totp_enrolled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_kind" CHECK ("accounts"."kind" in ('OPERATOR', 'AGENT'))
);
--> statement-breakpoint
CREATE TABLE "agent_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"is_root" boolean DEFAULT false NOT NULL,
	"name_ja" text NOT NULL,
	"name_kana" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_origin" text DEFAULT '' NOT NULL,
	"fax" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_staffs" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"language_code" text DEFAULT 'ja' NOT NULL,
	"staff_type" text NOT NULL,
	CONSTRAINT "agent_staffs_type" CHECK ("agent_staffs"."staff_type" in ('ADMIN', 'STAFF'))
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ja" text NOT NULL,
	"name_kana" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"name_origin" text DEFAULT '' NOT NULL,
	"agent_type" text NOT NULL,
	"country_code" text DEFAULT 'JPN' NOT NULL,
	"root_group_fax" text DEFAULT '' NOT NULL,
	"payment_day" smallint,
	"payment_day_end_of_month" boolean DEFAULT true NOT NULL,
	"billing_day" smallint,
	"billing_day_end_of_month" boolean DEFAULT true NOT NULL,
	"ignore_cancellation_policy" boolean DEFAULT false NOT NULL,
	"require_totp" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "arrangement_types" (
	"arrangement_type_id" integer PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"color_hex" text NOT NULL,
	"seat_type" text NOT NULL,
	"display_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cars" (
	"train_id" integer NOT NULL,
	"logical_car_id" integer NOT NULL,
	"physical_car_id" text NOT NULL,
	"car_number" integer NOT NULL,
	"name" jsonb NOT NULL,
	"is_rich" boolean DEFAULT false NOT NULL,
	"standing_capacity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cars_train_id_logical_car_id_pk" PRIMARY KEY("train_id","logical_car_id")
);
--> statement-breakpoint
CREATE TABLE "directions" (
	"direction_id" text PRIMARY KEY NOT NULL,
	"labels" jsonb NOT NULL,
	"station_order" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_key" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" text NOT NULL,
	"operator" text NOT NULL,
	"operator_account_id" uuid,
	"operation" text NOT NULL,
	"booking_id" text,
	"is_error" boolean NOT NULL,
	"status_code" integer NOT NULL,
	"request_json" jsonb,
	"response_json" jsonb
);
--> statement-breakpoint
CREATE TABLE "operator_users" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"language_code" text DEFAULT 'ja' NOT NULL,
	"user_group" text NOT NULL,
	"user_type" text NOT NULL,
	CONSTRAINT "operator_users_group" CHECK ("operator_users"."user_group" in ('BACK_OFFICE', 'STATION', 'TRAIN')),
	CONSTRAINT "operator_users_type" CHECK ("operator_users"."user_type" in ('ADMIN', 'STAFF'))
);
--> statement-breakpoint
CREATE TABLE "outbox_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"booking_id" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_mails_status" CHECK ("outbox_mails"."status" in ('PENDING', 'SENT', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_plan_units" (
	"pricing_plan_id" integer NOT NULL,
	"unit_id" integer NOT NULL,
	"price_e6" bigint NOT NULL,
	"decrement_fee_e6" bigint NOT NULL,
	CONSTRAINT "pricing_plan_units_pricing_plan_id_unit_id_pk" PRIMARY KEY("pricing_plan_id","unit_id")
);
--> statement-breakpoint
CREATE TABLE "pricing_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"segment" text NOT NULL,
	"service_date_from" text NOT NULL,
	"service_date_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_plans_range" CHECK ("pricing_plans"."service_date_from" <= "pricing_plans"."service_date_to")
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"train_id" integer NOT NULL,
	"seat_id" text NOT NULL,
	"logical_car_id" integer NOT NULL,
	"seat_group_id" text,
	"row" integer NOT NULL,
	"letter" text NOT NULL,
	"is_wheelchair" boolean DEFAULT false NOT NULL,
	"labels" jsonb NOT NULL,
	CONSTRAINT "seats_train_id_seat_id_pk" PRIMARY KEY("train_id","seat_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"csrf_token" text NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"display_order" integer NOT NULL,
	"labels" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trains" (
	"train_id" integer PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" integer PRIMARY KEY NOT NULL,
	"display_order" integer NOT NULL,
	"name_label" jsonb NOT NULL,
	"segment" text NOT NULL,
	"annotation" text NOT NULL,
	"fare_type" text NOT NULL,
	"count_inclusive" boolean NOT NULL,
	"auto_calculated" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_groups" ADD CONSTRAINT "agent_groups_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_staffs" ADD CONSTRAINT "agent_staffs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_staffs" ADD CONSTRAINT "agent_staffs_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_staffs" ADD CONSTRAINT "agent_staffs_group_id_agent_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."agent_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_train_id_trains_train_id_fk" FOREIGN KEY ("train_id") REFERENCES "public"."trains"("train_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_users" ADD CONSTRAINT "operator_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_plan_units" ADD CONSTRAINT "pricing_plan_units_pricing_plan_id_pricing_plans_id_fk" FOREIGN KEY ("pricing_plan_id") REFERENCES "public"."pricing_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_plan_units" ADD CONSTRAINT "pricing_plan_units_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_train_id_trains_train_id_fk" FOREIGN KEY ("train_id") REFERENCES "public"."trains"("train_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_unique" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "agent_groups_agent_idx" ON "agent_groups" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_groups_one_root" ON "agent_groups" USING btree ("agent_id") WHERE "agent_groups"."is_root";--> statement-breakpoint
CREATE INDEX "agent_staffs_group_idx" ON "agent_staffs" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "login_attempts_email_idx" ON "login_attempts" USING btree ("email_key","created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_created_idx" ON "operation_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "operation_logs_category_idx" ON "operation_logs" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "outbox_mails_pending_idx" ON "outbox_mails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "outbox_mails_created_idx" ON "outbox_mails" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "seats_car_idx" ON "seats" USING btree ("train_id","logical_car_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id");