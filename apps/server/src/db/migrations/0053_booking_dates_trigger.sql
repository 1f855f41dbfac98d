-- Issue 35 P1 (ADR 042): with the group totals' trigger (0051), this was most of what a booking's
-- statements cost beyond 11-25's.
--
-- A booking's insert already writes its first and last service dates, yet the trains' insert
-- trigger worked them out again from the trains on every insert (0.35 ms of a 0.85 ms insert).
-- Added trains can only widen a booking's dates: only a booking without dates, or with a new train
-- outside them, is worked out again. Removed trains and a train moved to another day are as before.
CREATE OR REPLACE FUNCTION booking_services_keep_dates() RETURNS trigger AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    ids := array[OLD.booking_id, NEW.booking_id];
  ELSIF TG_OP = 'INSERT' THEN
    ids := array(
      SELECT DISTINCT a.booking_id FROM added_legs a JOIN bookings b ON b.id = a.booking_id
      WHERE b.first_service_date IS NULL OR a.service_date < b.first_service_date OR a.service_date > b.last_service_date);
  ELSE
    ids := array(SELECT DISTINCT booking_id FROM removed_legs);
  END IF;
  IF cardinality(ids) > 0 THEN
    PERFORM bookings_refresh_service_dates(ids);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
