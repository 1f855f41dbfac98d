CREATE TABLE "octo_bookings" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"agent_sub_group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"option_id" text NOT NULL,
	"group_type" text NOT NULL,
	"direction" text NOT NULL,
	"from_station_id" integer NOT NULL,
	"to_station_id" integer NOT NULL,
	"availability_id" text NOT NULL,
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	"unit_items" jsonb NOT NULL,
	"held_seats" integer DEFAULT 0 NOT NULL,
	"hold_status" text NOT NULL,
	"utc_expires_at" timestamp with time zone NOT NULL,
	"reseller_reference" text,
	"contact" jsonb,
	"notes" text,
	"channel" text DEFAULT 'OCTO' NOT NULL,
	"booking_id" integer,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "octo_bookings_hold_status" CHECK ("octo_bookings"."hold_status" in ('ON_HOLD', 'EXPIRED', 'CANCELLED', 'SUBMITTED')),
	CONSTRAINT "octo_bookings_group_type" CHECK ("octo_bookings"."group_type" in ('NORMAL', 'SCHOOL')),
	CONSTRAINT "octo_bookings_direction" CHECK ("octo_bookings"."direction" in ('down', 'up')),
	CONSTRAINT "octo_bookings_channel" CHECK ("octo_bookings"."channel" in ('OCTO')),
	CONSTRAINT "octo_bookings_held_seats" CHECK ("octo_bookings"."held_seats" >= 0 and ("octo_bookings"."held_seats" = 0 or "octo_bookings"."hold_status" = 'ON_HOLD')),
	CONSTRAINT "octo_bookings_submitted" CHECK (("octo_bookings"."hold_status" = 'SUBMITTED') = ("octo_bookings"."booking_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_agent_sub_group_id_agent_groups_id_fk" FOREIGN KEY ("agent_sub_group_id") REFERENCES "public"."agent_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "octo_bookings" ADD CONSTRAINT "octo_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "octo_bookings_booking_uq" ON "octo_bookings" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "octo_bookings_agent_idx" ON "octo_bookings" USING btree ("agent_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "octo_bookings_expiry_idx" ON "octo_bookings" USING btree ("utc_expires_at") WHERE "octo_bookings"."hold_status" = 'ON_HOLD';