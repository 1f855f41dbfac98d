/**
 * The statements of an inventory rebuild (inventory-build.ts runs them in this order in one
 * transaction): the target service days and their capacity staged in temp tables, the checks
 * against what bookings hold, the writes of the days and their counters, and the staging dropped.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { runningServiceDaysSql } from '../timetable/index.ts';

export interface InventoryScope {
  fromDate: string;
  toDate: string;
  /** Only these services; all services with an application in the range when omitted. */
  serviceIds?: number[];
}

function serviceFilter(column: SQL, serviceIds: number[] | undefined): SQL {
  if (!serviceIds) return sql`true`;
  if (serviceIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(serviceIds.map((id) => sql`${id}`), sql`, `)})`;
}

/** Running service days in the scope and the pattern their latest arrangement application gives them. */
function targetQuery(scope: InventoryScope): SQL {
  return sql`
    with running as ${runningServiceDaysSql(scope.fromDate, scope.toDate)}
    select distinct on (r.service_date, r.service_id) r.service_date, r.service_id, aa.arrangement_pattern_id
    from running r
    join arrangement_application_terms t on r.service_date between t.from_date and t.to_date
    join arrangement_applications aa on aa.application_term_id = t.id and aa.service_id = r.service_id
    where ${serviceFilter(sql`r.service_id`, scope.serviceIds)}
    order by r.service_date, r.service_id, t.id desc`;
}

async function count(tx: Tx, query: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(await tx.execute(query));
  return Number(row?.n ?? 0);
}

/** The service days in the scope that have an inventory. */
function inScopeSql(scope: InventoryScope): SQL {
  return sql`i.service_date between ${scope.fromDate} and ${scope.toDate} and ${serviceFilter(sql`i.service_id`, scope.serviceIds)}`;
}

/** Stages the target service days (inv_target) and the capacity per type and leg (inv_capacity) as temp tables dropped on commit. */
export async function stageRebuild(tx: Tx, scope: InventoryScope): Promise<void> {
  await tx.execute(sql`drop table if exists inv_target`);
  await tx.execute(sql`create temp table inv_target on commit drop as ${targetQuery(scope)}`);
  await tx.execute(sql`drop table if exists inv_capacity`);
  // Capacity per type = the pattern's seats and standing places of that type, moved by the
  // day's slot adjustments; one row per leg the service covers.
  await tx.execute(sql`
    create temp table inv_capacity on commit drop as
    with pattern_counts as (
      select arrangement_pattern_id, arrangement_type_id, count(*)::int as n
      from arrangement_pattern_seats group by 1, 2
      union all
      select arrangement_pattern_id, arrangement_type_id, capacity from arrangement_pattern_standings where capacity > 0
    ),
    override_deltas as (
      select o.service_date, o.service_id, o.arrangement_type_id, count(*)::int as n
      from inventory_seat_overrides o join inv_target t using (service_date, service_id)
      group by 1, 2, 3
      union all
      select o.service_date, o.service_id, ps.arrangement_type_id, -count(*)::int
      from inventory_seat_overrides o
      join inv_target t using (service_date, service_id)
      join arrangement_pattern_seats ps on ps.arrangement_pattern_id = t.arrangement_pattern_id and ps.seat_id = o.seat_id
      group by 1, 2, 3
    ),
    service_legs as (
      select service_id, generate_series(min(station_id), max(station_id) - 1) as leg
      from diagram_items group by service_id
    ),
    per_type as (
      select t.service_date, t.service_id, x.arrangement_type_id, sum(x.n)::int as capacity
      from inv_target t
      join (
        select t2.service_date, t2.service_id, pc.arrangement_type_id, sum(pc.n)::int as n
        from inv_target t2 join pattern_counts pc on pc.arrangement_pattern_id = t2.arrangement_pattern_id
        group by 1, 2, 3
        union all
        select service_date, service_id, arrangement_type_id, n from override_deltas
      ) x on x.service_date = t.service_date and x.service_id = t.service_id
      group by 1, 2, 3
    )
    select p.service_date, p.service_id, p.arrangement_type_id, l.leg::smallint as leg, p.capacity
    from per_type p join service_legs l on l.service_id = p.service_id
    where p.capacity > 0`);
}

/** Service days in the scope that would lose their inventory while seats are held or assigned on them. */
export async function droppedDaysWithHolds(tx: Tx, scope: InventoryScope): Promise<number> {
  const inScope = inScopeSql(scope);
  return count(
    tx,
    sql`select count(*) as n from service_day_inventories i
        where ${inScope}
          and not exists (select 1 from inv_target t where t.service_date = i.service_date and t.service_id = i.service_id)
          and (exists (select 1 from inventory_counters c where c.service_date = i.service_date and c.service_id = i.service_id and c.held > 0)
               or exists (select 1 from seat_assignments a where a.service_date = i.service_date and a.service_id = i.service_id))`,
  );
}

/** Counters whose held seats exceed the staged capacity. */
export async function countersOverHeld(tx: Tx): Promise<number> {
  return count(
    tx,
    sql`select count(*) as n from inventory_counters c
        join inv_target t on t.service_date = c.service_date and t.service_id = c.service_id
        left join inv_capacity n on n.service_date = c.service_date and n.service_id = c.service_id
          and n.arrangement_type_id = c.arrangement_type_id and n.leg = c.leg
        where c.held > coalesce(n.capacity, 0)`,
  );
}

/** Assigned seats (not overridden) whose arrangement type the new pattern changes. */
export async function assignedSeatsChangingType(tx: Tx): Promise<number> {
  return count(
    tx,
    sql`select count(*) as n from seat_assignments a
        join service_day_inventories i on i.service_date = a.service_date and i.service_id = a.service_id
        join inv_target t on t.service_date = a.service_date and t.service_id = a.service_id
        left join inventory_seat_overrides o on o.service_date = a.service_date and o.service_id = a.service_id and o.seat_id = a.seat_id
        left join arrangement_pattern_seats old_ps on old_ps.arrangement_pattern_id = i.arrangement_pattern_id and old_ps.seat_id = a.seat_id
        left join arrangement_pattern_seats new_ps on new_ps.arrangement_pattern_id = t.arrangement_pattern_id and new_ps.seat_id = a.seat_id
        where o.seat_id is null and old_ps.arrangement_type_id is distinct from new_ps.arrangement_type_id`,
  );
}

/** Writes the staged days and counters: drops the days no longer targeted, upserts the targeted ones, drops counters without capacity, upserts the rest. */
export async function writeRebuild(tx: Tx, scope: InventoryScope): Promise<void> {
  const inScope = inScopeSql(scope);
  await tx.execute(sql`
    delete from service_day_inventories i
    where ${inScope}
      and not exists (select 1 from inv_target t where t.service_date = i.service_date and t.service_id = i.service_id)`);
  await tx.execute(sql`
    insert into service_day_inventories (service_date, service_id, arrangement_pattern_id, built_at)
    select service_date, service_id, arrangement_pattern_id, now() from inv_target
    on conflict (service_date, service_id) do update set arrangement_pattern_id = excluded.arrangement_pattern_id, built_at = now()`);
  await tx.execute(sql`
    delete from inventory_counters c
    using inv_target t
    where t.service_date = c.service_date and t.service_id = c.service_id
      and not exists (select 1 from inv_capacity n where n.service_date = c.service_date and n.service_id = c.service_id
                      and n.arrangement_type_id = c.arrangement_type_id and n.leg = c.leg)`);
  await tx.execute(sql`
    insert into inventory_counters (service_date, service_id, arrangement_type_id, leg, capacity, held)
    select service_date, service_id, arrangement_type_id, leg, capacity, 0 from inv_capacity
    on conflict (service_date, service_id, arrangement_type_id, leg) do update set capacity = excluded.capacity`);
}

/** How many service days the rebuild targets. */
export async function stagedServiceDays(tx: Tx): Promise<number> {
  return count(tx, sql`select count(*) as n from inv_target`);
}

/** Drops the staging tables (they would go on commit anyway). */
export async function dropStaging(tx: Tx): Promise<void> {
  await tx.execute(sql`drop table if exists inv_capacity`);
  await tx.execute(sql`drop table if exists inv_target`);
}
