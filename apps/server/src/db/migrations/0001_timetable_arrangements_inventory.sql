CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"payload" jsonb NOT NULL,
	"service_term_id" integer,
	"from_date" date,
	"to_date" date,
	"submitted_by" uuid,
	"submitted_by_email" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"judged_by" uuid,
	"judged_by_email" text,
	"judged_at" timestamp with time zone,
	"reason" text,
	"job_error" text,
	"done_at" timestamp with time zone,
	CONSTRAINT "approvals_status" CHECK ("approvals"."status" in ('SUBMITTED', 'REJECTED', 'JOB_PENDING', 'JOB_FAILED', 'DONE')),
	CONSTRAINT "approvals_target" CHECK ("approvals"."target" in ('SERVICE_TERM_INSERT', 'SERVICE_DAY_PATTERN_CHANGE', 'ARRANGEMENT_APPLICATION_TERM_INSERT', 'ARRANGEMENT_APPLICATION_TERM_APPEND', 'SERVICE_DAY_SERVICE_APPEND'))
);
--> statement-breakpoint
CREATE TABLE "arrangement_application_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_term_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_terms_range" CHECK ("arrangement_application_terms"."from_date" <= "arrangement_application_terms"."to_date")
);
--> statement-breakpoint
CREATE TABLE "arrangement_applications" (
	"application_term_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"arrangement_pattern_id" integer NOT NULL,
	CONSTRAINT "arrangement_applications_application_term_id_service_id_pk" PRIMARY KEY("application_term_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "arrangement_pattern_seats" (
	"arrangement_pattern_id" integer NOT NULL,
	"seat_id" text NOT NULL,
	"arrangement_type_id" integer NOT NULL,
	CONSTRAINT "arrangement_pattern_seats_arrangement_pattern_id_seat_id_pk" PRIMARY KEY("arrangement_pattern_id","seat_id")
);
--> statement-breakpoint
CREATE TABLE "arrangement_pattern_standings" (
	"arrangement_pattern_id" integer NOT NULL,
	"logical_car_id" integer NOT NULL,
	"arrangement_type_id" integer NOT NULL,
	"capacity" integer NOT NULL,
	CONSTRAINT "arrangement_pattern_standings_arrangement_pattern_id_logical_car_id_pk" PRIMARY KEY("arrangement_pattern_id","logical_car_id"),
	CONSTRAINT "standings_capacity" CHECK ("arrangement_pattern_standings"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "arrangement_patterns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logical_train_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagram_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"arrival_hhmm" text,
	"departure_hhmm" text,
	"display_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_counters" (
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	"arrangement_type_id" integer NOT NULL,
	"leg" smallint NOT NULL,
	"capacity" integer NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_counters_service_date_service_id_arrangement_type_id_leg_pk" PRIMARY KEY("service_date","service_id","arrangement_type_id","leg"),
	CONSTRAINT "inventory_counters_held" CHECK ("inventory_counters"."held" >= 0 and "inventory_counters"."held" <= "inventory_counters"."capacity"),
	CONSTRAINT "inventory_counters_leg" CHECK ("inventory_counters"."leg" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "inventory_seat_overrides" (
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	"seat_id" text NOT NULL,
	"arrangement_type_id" integer NOT NULL,
	CONSTRAINT "inventory_seat_overrides_service_date_service_id_seat_id_pk" PRIMARY KEY("service_date","service_id","seat_id")
);
--> statement-breakpoint
CREATE TABLE "seat_assignments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	"seat_id" text NOT NULL,
	"booking_id" text NOT NULL,
	"legs" "int4range" NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_assignments_state" CHECK ("seat_assignments"."state" in ('HELD', 'ASSIGNED'))
);
--> statement-breakpoint
CREATE TABLE "service_day_inventories" (
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	"arrangement_pattern_id" integer NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_day_inventories_service_date_service_id_pk" PRIMARY KEY("service_date","service_id")
);
--> statement-breakpoint
CREATE TABLE "service_day_patterns" (
	"service_date" date PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL,
	CONSTRAINT "service_day_patterns_pattern" CHECK ("service_day_patterns"."pattern" in ('ORDINARY', 'SPECIAL', 'SUSPENDED', 'DISABLED'))
);
--> statement-breakpoint
CREATE TABLE "service_day_statuses" (
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	"status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_day_statuses_service_date_service_id_pk" PRIMARY KEY("service_date","service_id"),
	CONSTRAINT "service_day_statuses_status" CHECK ("service_day_statuses"."status" in ('pending', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "service_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_terms_range" CHECK ("service_terms"."from_date" <= "service_terms"."to_date")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_term_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"direction" text NOT NULL,
	"is_special" boolean DEFAULT false NOT NULL,
	"logical_train_id" integer NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_direction" CHECK ("services"."direction" in ('down', 'up'))
);
--> statement-breakpoint
CREATE TABLE "special_day_services" (
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	CONSTRAINT "special_day_services_service_date_service_id_pk" PRIMARY KEY("service_date","service_id")
);
--> statement-breakpoint
ALTER TABLE "arrangement_application_terms" ADD CONSTRAINT "arrangement_application_terms_service_term_id_service_terms_id_fk" FOREIGN KEY ("service_term_id") REFERENCES "public"."service_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_applications" ADD CONSTRAINT "arrangement_applications_application_term_id_arrangement_application_terms_id_fk" FOREIGN KEY ("application_term_id") REFERENCES "public"."arrangement_application_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_applications" ADD CONSTRAINT "arrangement_applications_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_applications" ADD CONSTRAINT "arrangement_applications_arrangement_pattern_id_arrangement_patterns_id_fk" FOREIGN KEY ("arrangement_pattern_id") REFERENCES "public"."arrangement_patterns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_pattern_seats" ADD CONSTRAINT "arrangement_pattern_seats_arrangement_pattern_id_arrangement_patterns_id_fk" FOREIGN KEY ("arrangement_pattern_id") REFERENCES "public"."arrangement_patterns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_pattern_seats" ADD CONSTRAINT "arrangement_pattern_seats_arrangement_type_id_arrangement_types_arrangement_type_id_fk" FOREIGN KEY ("arrangement_type_id") REFERENCES "public"."arrangement_types"("arrangement_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_pattern_standings" ADD CONSTRAINT "arrangement_pattern_standings_arrangement_pattern_id_arrangement_patterns_id_fk" FOREIGN KEY ("arrangement_pattern_id") REFERENCES "public"."arrangement_patterns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_pattern_standings" ADD CONSTRAINT "arrangement_pattern_standings_arrangement_type_id_arrangement_types_arrangement_type_id_fk" FOREIGN KEY ("arrangement_type_id") REFERENCES "public"."arrangement_types"("arrangement_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrangement_patterns" ADD CONSTRAINT "arrangement_patterns_logical_train_id_trains_train_id_fk" FOREIGN KEY ("logical_train_id") REFERENCES "public"."trains"("train_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagram_items" ADD CONSTRAINT "diagram_items_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagram_items" ADD CONSTRAINT "diagram_items_station_id_stations_station_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("station_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_counters" ADD CONSTRAINT "inventory_counters_arrangement_type_id_arrangement_types_arrangement_type_id_fk" FOREIGN KEY ("arrangement_type_id") REFERENCES "public"."arrangement_types"("arrangement_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_counters" ADD CONSTRAINT "inventory_counters_service_date_service_id_service_day_inventories_service_date_service_id_fk" FOREIGN KEY ("service_date","service_id") REFERENCES "public"."service_day_inventories"("service_date","service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_seat_overrides" ADD CONSTRAINT "inventory_seat_overrides_arrangement_type_id_arrangement_types_arrangement_type_id_fk" FOREIGN KEY ("arrangement_type_id") REFERENCES "public"."arrangement_types"("arrangement_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_seat_overrides" ADD CONSTRAINT "inventory_seat_overrides_service_date_service_id_service_day_inventories_service_date_service_id_fk" FOREIGN KEY ("service_date","service_id") REFERENCES "public"."service_day_inventories"("service_date","service_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_day_inventories" ADD CONSTRAINT "service_day_inventories_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_day_inventories" ADD CONSTRAINT "service_day_inventories_arrangement_pattern_id_arrangement_patterns_id_fk" FOREIGN KEY ("arrangement_pattern_id") REFERENCES "public"."arrangement_patterns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_day_statuses" ADD CONSTRAINT "service_day_statuses_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_service_term_id_service_terms_id_fk" FOREIGN KEY ("service_term_id") REFERENCES "public"."service_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_logical_train_id_trains_train_id_fk" FOREIGN KEY ("logical_train_id") REFERENCES "public"."trains"("train_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_day_services" ADD CONSTRAINT "special_day_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_submitted_idx" ON "approvals" USING btree ("submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "diagram_items_service_station" ON "diagram_items" USING btree ("service_id","station_id");--> statement-breakpoint
CREATE INDEX "seat_assignments_day_idx" ON "seat_assignments" USING btree ("service_date","service_id");--> statement-breakpoint
CREATE INDEX "seat_assignments_booking_idx" ON "seat_assignments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "services_term_idx" ON "services" USING btree ("service_term_id");