-- The booking list at a million bookings (ADR 022): each booking carries the earliest and latest
-- service date of its trains, so the list filters and sorts by service date on bookings alone.
ALTER TABLE "bookings" ADD COLUMN "first_service_date" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "last_service_date" date;--> statement-breakpoint
UPDATE "bookings" b SET "first_service_date" = d.first_date, "last_service_date" = d.last_date
  FROM (SELECT "booking_id", min("service_date") AS first_date, max("service_date") AS last_date FROM "booking_services" GROUP BY "booking_id") d
  WHERE b."id" = d."booking_id";--> statement-breakpoint
CREATE INDEX "bookings_first_date_idx" ON "bookings" USING btree ("first_service_date","booking_id","status","group_type","agent_id","agent_sub_group_id","submitted_at","last_service_date","id");--> statement-breakpoint
CREATE INDEX "bookings_last_date_idx" ON "bookings" USING btree ("last_service_date","booking_id","first_service_date","status","group_type","agent_id","agent_sub_group_id","submitted_at","id");--> statement-breakpoint
-- The dates follow the trains, whoever writes them (the booking, its change, a bulk load): the
-- booking's two dates are worked out again from its trains after every statement that adds or
-- removes trains, or moves one to another day; a booking whose dates are already right is not written.
CREATE OR REPLACE FUNCTION bookings_refresh_service_dates(ids integer[]) RETURNS void AS $$
  UPDATE bookings b SET first_service_date = d.first_date, last_service_date = d.last_date
  FROM (SELECT k.id, min(s.service_date) AS first_date, max(s.service_date) AS last_date
        FROM unnest(ids) AS k(id) LEFT JOIN booking_services s ON s.booking_id = k.id
        GROUP BY k.id) d
  WHERE b.id = d.id AND (b.first_service_date IS DISTINCT FROM d.first_date OR b.last_service_date IS DISTINCT FROM d.last_date);
$$ LANGUAGE sql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_services_keep_dates() RETURNS trigger AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM bookings_refresh_service_dates(array[OLD.booking_id, NEW.booking_id]);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM bookings_refresh_service_dates(array(SELECT DISTINCT booking_id FROM added_legs));
  ELSE
    PERFORM bookings_refresh_service_dates(array(SELECT DISTINCT booking_id FROM removed_legs));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER booking_services_dates_insert AFTER INSERT ON "booking_services"
  REFERENCING NEW TABLE AS added_legs FOR EACH STATEMENT EXECUTE FUNCTION booking_services_keep_dates();--> statement-breakpoint
CREATE TRIGGER booking_services_dates_delete AFTER DELETE ON "booking_services"
  REFERENCING OLD TABLE AS removed_legs FOR EACH STATEMENT EXECUTE FUNCTION booking_services_keep_dates();--> statement-breakpoint
-- Holds change a train's counts all day long: only a change of day or booking calls the function.
CREATE TRIGGER booking_services_dates_update AFTER UPDATE OF "service_date", "booking_id" ON "booking_services"
  FOR EACH ROW WHEN (OLD."service_date" IS DISTINCT FROM NEW."service_date" OR OLD."booking_id" IS DISTINCT FROM NEW."booking_id")
  EXECUTE FUNCTION booking_services_keep_dates();--> statement-breakpoint
-- Status, group type and agent are not independent (a small agent has no school groups, an old
-- booking is seldom still waiting): the planner learns their combinations instead of multiplying
-- their shares, so a rare pair is read from its matches rather than by walking a sort index.
CREATE STATISTICS IF NOT EXISTS "bookings_list_filters" (mcv, dependencies) ON "status", "group_type", "agent_id" FROM "bookings";
