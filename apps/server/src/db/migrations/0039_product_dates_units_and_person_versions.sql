DROP INDEX "units_combination_uq";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "service_date_from" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "service_date_to" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "applicant_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tour_conductor_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "units_passenger_combination_uq" ON "units" USING btree ("segment","annotation","fare_type") WHERE fare_type in ('ADULT', 'CHILD');--> statement-breakpoint
CREATE UNIQUE INDEX "units_name_ja_uq" ON "units" USING btree ("segment",(jsonb_path_query_first("name_label", '$[*] ? (@.language_id == "ja").text') #>> '{}'));--> statement-breakpoint
CREATE INDEX "notifications_booking_idx" ON "notifications" USING btree ("booking_id","audience");--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_segment" CHECK ("units"."segment" in ('NORMAL', 'SCHOOL'));--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_annotation" CHECK ("units"."annotation" in ('NORMAL', 'HANDICAPPED_1', 'HANDICAPPED_2', 'SUPPORTER', 'FREE'));--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_fare_type" CHECK ("units"."fare_type" in ('ADULT', 'CHILD', 'LUGGAGE', 'CHANGE_HANDLE_FEE'));--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_item_not_participant" CHECK (fare_type in ('ADULT', 'CHILD') or (annotation = 'NORMAL' and not count_inclusive and not auto_calculated));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_service_dates" CHECK ("products"."service_date_from" is null or "products"."service_date_to" is null or "products"."service_date_from" <= "products"."service_date_to");