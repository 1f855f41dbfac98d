/**
 * The arrangement type of a seat on one service day (DESIGN §10, inventory): the day's slot
 * adjustment if there is one, else the pattern the day was built from; 0 when neither.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * The joins that give `seatTypeSql` its rows (aliases i, ps, o), for a seat `seatId` of the
 * train `serviceId` on `serviceDate` (column references or parameters).
 */
export function seatTypeJoinsSql(serviceDate: SQL, serviceId: SQL, seatId: SQL): SQL {
  return sql`
    left join service_day_inventories i on i.service_date = ${serviceDate} and i.service_id = ${serviceId}
    left join arrangement_pattern_seats ps on ps.arrangement_pattern_id = i.arrangement_pattern_id and ps.seat_id = ${seatId}
    left join inventory_seat_overrides o on o.service_date = ${serviceDate} and o.service_id = ${serviceId} and o.seat_id = ${seatId}`;
}

export const seatTypeSql = sql`coalesce(o.arrangement_type_id, ps.arrangement_type_id, 0)`;
