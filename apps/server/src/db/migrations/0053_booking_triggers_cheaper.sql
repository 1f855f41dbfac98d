-- Issue 35 P1 (ADR 042): two triggers were most of what a booking's statements cost beyond 11-25's.
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A hold or a release (an UPDATE of inventory_counters) handed its rows to inventory_group_legs_add
-- as two arrays of whole rows; building them was 0.35 of the trigger's 0.43 ms on each hold. The
-- UPDATE, the statement every hold and release runs, now adds its change straight from its
-- transition tables, the same sum in the same key order; INSERT and DELETE (a day's inventory made
-- or removed) still go through inventory_group_legs_add, which also removes a leg left without counters.
CREATE OR REPLACE FUNCTION inventory_counters_keep_group_legs() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO inventory_group_legs AS g (service_date, service_id, leg, capacity, held, counters)
    SELECT d.service_date, d.service_id, d.leg, sum(d.capacity), sum(d.held), sum(d.counters)
    FROM (
      SELECT c.service_date, c.service_id, c.arrangement_type_id, c.leg, c.capacity, c.held, 1 AS counters FROM added_counters c
      UNION ALL
      SELECT c.service_date, c.service_id, c.arrangement_type_id, c.leg, -c.capacity, -c.held, -1 FROM removed_counters c
    ) d JOIN arrangement_types a ON a.arrangement_type_id = d.arrangement_type_id AND a.is_group_allotment
    GROUP BY 1, 2, 3
    HAVING sum(d.capacity) <> 0 OR sum(d.held) <> 0 OR sum(d.counters) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (service_date, service_id, leg) DO UPDATE
      SET capacity = g.capacity + excluded.capacity, held = g.held + excluded.held, counters = g.counters + excluded.counters;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM inventory_group_legs_add(array(SELECT c::inventory_counters FROM added_counters c), '{}'::inventory_counters[]);
  ELSE
    PERFORM inventory_group_legs_add('{}'::inventory_counters[], array(SELECT c::inventory_counters FROM removed_counters c));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
