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
-- each statement that writes inventory_counters, the statement's change (new rows added, old rows
-- taken off) of the group arrangement types is added to the totals, in key order (one lock order);
-- a leg whose last group counter was deleted is removed (readers also skip a leg of 0 counters).
CREATE OR REPLACE FUNCTION inventory_counters_keep_group_legs() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO inventory_group_legs AS g (service_date, service_id, leg, capacity, held, counters)
    SELECT c.service_date, c.service_id, c.leg, sum(c.capacity), sum(c.held), count(*)
    FROM added_counters c JOIN arrangement_types a ON a.arrangement_type_id = c.arrangement_type_id AND a.is_group_allotment
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (service_date, service_id, leg) DO UPDATE
      SET capacity = g.capacity + excluded.capacity, held = g.held + excluded.held, counters = g.counters + excluded.counters;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO inventory_group_legs AS g (service_date, service_id, leg, capacity, held, counters)
    SELECT d.service_date, d.service_id, d.leg, sum(d.capacity), sum(d.held), sum(d.counters)
    FROM (
      SELECT service_date, service_id, arrangement_type_id, leg, -capacity AS capacity, -held AS held, -1 AS counters FROM removed_counters
      UNION ALL
      SELECT service_date, service_id, arrangement_type_id, leg, capacity, held, 1 FROM added_counters
    ) d JOIN arrangement_types a ON a.arrangement_type_id = d.arrangement_type_id AND a.is_group_allotment
    GROUP BY 1, 2, 3
    HAVING sum(d.capacity) <> 0 OR sum(d.held) <> 0 OR sum(d.counters) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (service_date, service_id, leg) DO UPDATE
      SET capacity = g.capacity + excluded.capacity, held = g.held + excluded.held, counters = g.counters + excluded.counters;
  ELSE
    INSERT INTO inventory_group_legs AS g (service_date, service_id, leg, capacity, held, counters)
    SELECT d.service_date, d.service_id, d.leg, sum(d.capacity), sum(d.held), sum(d.counters)
    FROM (
      SELECT service_date, service_id, arrangement_type_id, leg, -capacity AS capacity, -held AS held, -1 AS counters FROM removed_counters
    ) d JOIN arrangement_types a ON a.arrangement_type_id = d.arrangement_type_id AND a.is_group_allotment
    GROUP BY 1, 2, 3
    HAVING sum(d.capacity) <> 0 OR sum(d.held) <> 0 OR sum(d.counters) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (service_date, service_id, leg) DO UPDATE
      SET capacity = g.capacity + excluded.capacity, held = g.held + excluded.held, counters = g.counters + excluded.counters;
  END IF;
  -- Holds and releases (UPDATE) keep every counter row: only a DELETE can take a leg's last one.
  IF TG_OP = 'DELETE' THEN
    DELETE FROM inventory_group_legs g USING (SELECT DISTINCT service_date, service_id, leg FROM removed_counters) r
    WHERE g.counters <= 0 AND g.service_date = r.service_date AND g.service_id = r.service_id AND g.leg = r.leg;
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
-- Everything again from the counters: after TRUNCATE, or when an arrangement type joins or leaves the group allotment.
CREATE OR REPLACE FUNCTION inventory_group_legs_rebuild() RETURNS trigger AS $$
BEGIN
  DELETE FROM inventory_group_legs;
  INSERT INTO inventory_group_legs (service_date, service_id, leg, capacity, held, counters)
  SELECT c.service_date, c.service_id, c.leg, sum(c.capacity), sum(c.held), count(*)
  FROM inventory_counters c JOIN arrangement_types a ON a.arrangement_type_id = c.arrangement_type_id AND a.is_group_allotment
  GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER inventory_counters_group_legs_truncate AFTER TRUNCATE ON "inventory_counters"
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_group_legs_rebuild();--> statement-breakpoint
CREATE TRIGGER arrangement_types_group_legs AFTER UPDATE OF "is_group_allotment" ON "arrangement_types"
  FOR EACH STATEMENT EXECUTE FUNCTION inventory_group_legs_rebuild();--> statement-breakpoint
INSERT INTO inventory_group_legs (service_date, service_id, leg, capacity, held, counters)
SELECT c.service_date, c.service_id, c.leg, sum(c.capacity), sum(c.held), count(*)
FROM inventory_counters c JOIN arrangement_types a ON a.arrangement_type_id = c.arrangement_type_id AND a.is_group_allotment
GROUP BY 1, 2, 3;
