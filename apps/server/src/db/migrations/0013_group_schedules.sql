CREATE TABLE "group_schedules" (
	"service_from_date" date PRIMARY KEY NOT NULL,
	"service_to_date" date NOT NULL,
	"name" text NOT NULL,
	"group_arrangement_release_day_before" integer NOT NULL,
	"payment_day_before" integer NOT NULL,
	"remind_day_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_schedules_period" CHECK ("group_schedules"."service_from_date" <= "group_schedules"."service_to_date"),
	CONSTRAINT "group_schedules_days" CHECK ("group_schedules"."group_arrangement_release_day_before" between 0 and 365 and "group_schedules"."payment_day_before" between 0 and 365 and "group_schedules"."remind_day_before" between 0 and 365)
);
--> statement-breakpoint
-- Group schedule periods never overlap: one schedule answers for any service date.
ALTER TABLE "group_schedules" ADD CONSTRAINT "group_schedules_no_overlap"
  EXCLUDE USING gist (daterange("service_from_date", "service_to_date", '[]') WITH &&);
