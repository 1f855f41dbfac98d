-- A seat is assigned to at most one booking on any leg of a service day (DESIGN §4.2).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "seat_assignments" ADD CONSTRAINT "seat_assignments_no_overlap"
  EXCLUDE USING gist ("service_date" WITH =, "service_id" WITH =, "seat_id" WITH =, "legs" WITH &&);
--> statement-breakpoint
-- Terms of one timetable never overlap.
ALTER TABLE "service_terms" ADD CONSTRAINT "service_terms_no_overlap"
  EXCLUDE USING gist (daterange("from_date", "to_date", '[]') WITH &&);
--> statement-breakpoint
-- The operation log is append-only.
CREATE OR REPLACE FUNCTION operation_logs_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'operation_logs is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER operation_logs_no_change BEFORE UPDATE OR DELETE ON "operation_logs"
  FOR EACH ROW EXECUTE FUNCTION operation_logs_append_only();
