CREATE TABLE "inventory_group_legs" (
	"service_date" date NOT NULL,
	"service_id" integer NOT NULL,
	"leg" smallint NOT NULL,
	"capacity" integer NOT NULL,
	"held" integer NOT NULL,
	"counters" integer NOT NULL,
	CONSTRAINT "inventory_group_legs_service_date_service_id_leg_pk" PRIMARY KEY("service_date","service_id","leg")
);
--> statement-breakpoint
-- The group allotment per service day, train and leg (issue 35 P3, ADR 041): the month calendar's
-- live read totals three rows a train instead of every counter row. The database keeps it: after
-- each statement that writes inventory_counters, the rows it added are added to the totals and the
-- rows it took away taken off (an UPDATE does both), the group arrangement types only, in key order
-- (one lock order). A leg whose last group counter was deleted is removed (readers also skip a leg
-- of 0 counters).
CREATE OR REPLACE FUNCTION inventory_group_legs_add(added inventory_counters[], removed inventory_counters[]) RETURNS void AS $$
BEGIN
  INSERT INTO inventory_group_legs AS g (service_date, service_id, leg, capacity, held, counters)
  SELECT d.service_date, d.service_id, d.leg, sum(d.capacity), sum(d.held), sum(d.counters)
  FROM (
    SELECT c.service_date, c.service_id, c.arrangement_type_id, c.leg, c.capacity, c.held, 1 AS counters FROM unnest(added) c
    UNION ALL
    SELECT c.service_date, c.service_id, c.arrangement_type_id, c.leg, -c.capacity, -c.held, -1 FROM unnest(removed) c
  ) d JOIN arrangement_types a ON a.arrangement_type_id = d.arrangement_type_id AND a.is_group_allotment
  GROUP BY 1, 2, 3
  HAVING sum(d.capacity) <> 0 OR sum(d.held) <> 0 OR sum(d.counters) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (service_date, service_id, leg) DO UPDATE
    SET capacity = g.capacity + excluded.capacity, held = g.held + excluded.held, counters = g.counters + excluded.counters;
  -- Holds and releases (UPDATE) keep every counter row: only a DELETE can take a leg's last one.
  IF cardinality(added) = 0 THEN
    DELETE FROM inventory_group_legs g USING unnest(removed) r
    WHERE g.counters <= 0 AND g.service_date = r.service_date AND g.service_id = r.service_id AND g.leg = r.leg;
  END IF;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- A trigger sees only the transition tables it declares: each operation hands over its own. The
-- UPDATE (every hold and release) adds its change straight from its transition tables: handing
-- them to inventory_group_legs_add as arrays of whole rows cost 0.35 of the trigger's 0.43 ms on
-- each hold (ADR 042). INSERT and DELETE (a day's inventory made or removed, seldom) go through
-- inventory_group_legs_add, which also removes a leg left without counters.
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
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER inventory_counters_group_legs_insert AFTER INSERT ON "inventory_counters"
  REFERENCING NEW TABLE AS added_counters FOR EACH STATEMENT EXECUTE FUNCTION inventory_counters_keep_group_legs();--> statement-breakpoint
CREATE TRIGGER inventory_counters_group_legs_update AFTER UPDATE ON "inventory_counters"
  REFERENCING OLD TABLE AS removed_counters NEW TABLE AS added_counters FOR EACH STATEMENT EXECUTE FUNCTION inventory_counters_keep_group_legs();--> statement-breakpoint
CREATE TRIGGER inventory_counters_group_legs_delete AFTER DELETE ON "inventory_counters"
  REFERENCING OLD TABLE AS removed_counters FOR EACH STATEMENT EXECUTE FUNCTION inventory_counters_keep_group_legs();--> statement-breakpoint
-- Everything again from the counters: once here, after TRUNCATE, and when an arrangement type joins
-- or leaves the group allotment.
CREATE OR REPLACE FUNCTION inventory_group_legs_recount() RETURNS void AS $$
BEGIN
  DELETE FROM inventory_group_legs;
  INSERT INTO inventory_group_legs (service_date, service_id, leg, capacity, held, counters)
  SELECT c.service_date, c.service_id, c.leg, sum(c.capacity), sum(c.held), count(*)
  FROM inventory_counters c JOIN arrangement_types a ON a.arrangement_type_id = c.arrangement_type_id AND a.is_group_allotment
  GROUP BY 1, 2, 3;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION inventory_group_legs_rebuild() RETURNS trigger AS $$
BEGIN
  PERFORM inventory_group_legs_recount();
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER inventory_counters_group_legs_truncate AFTER TRUNCATE ON "inventory_counters"
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_group_legs_rebuild();--> statement-breakpoint
CREATE TRIGGER arrangement_types_group_legs AFTER UPDATE OF "is_group_allotment" ON "arrangement_types"
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_group_legs_rebuild();--> statement-breakpoint
SELECT inventory_group_legs_recount();
