/**
 * The first of the two statements of a booking submission: one read of everything the request is
 * checked against (agent and branches, an earlier request with the same idempotency key, each
 * train's running, sales and vacancy on its legs, the pricing reference, the special contract
 * terms closed over its dates, and for a new request the instant confirmation rules turned on). The
 * write is booking-core's insertBookingGraph.
 */
import { sql } from 'drizzle-orm';
import type { AgentType } from '@sagano/domain/agents/agent-constants';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import * as t from '../../db/schema.ts';
import { capacityOnLegsSql, GROUP_TYPE_ID_SQL, vacantOnLegsSql } from '../inventory/index.ts';
import { enabledRulesJsonSql } from '../instant-confirmation/index.ts';
import { runningServiceDaysSql } from '../timetable/index.ts';
import { closedTermsSql, type ClosedTerm } from './contract-terms.repository.ts';
import { pricingReferenceSql, type PricingReference } from './pricing-reference.repository.ts';

export interface SubmitDirection {
  direction: 'down' | 'up';
  serviceDate: string;
  serviceId: number;
  /** The first and last leg of the segment (legs are contiguous). */
  firstLeg: number;
  lastLeg: number;
}

export interface SubmitContext {
  agent: { id: number; agent_type: AgentType; ignore_cancellation_policy: boolean } | null;
  groups: { id: number; is_root: boolean }[];
  existing: { booking_id: string; request_hash: string | null; agent_sub_group_id: number } | null;
  group_type_id: number | null;
  services: {
    /** The train's direction, or null for an unknown train. */
    direction: 'down' | 'up' | null;
    running: boolean;
    day_status: string | null;
    arrangement_pattern_id: number | null;
    /** Group seats free on every leg of the segment (0 when a leg has no counter). */
    vacant: number;
    /** The group allotment of the segment on the train, whatever is taken (the smallest leg's; 0 when a leg has no counter). */
    capacity: number;
  }[];
  /** The operator's minimum group size (participants). */
  min_group_size: number;
  pricing: PricingReference;
  /** The special contract terms closed before `closedTermsBefore` over the trains' dates (only when it is given). */
  closed_terms?: ClosedTerm[];
  /** The instant confirmation rules turned on, as `enabledRulesFromJson` reads them (only when asked for). */
  instant_rules?: Record<string, unknown>[];
}

export async function readSubmitContext(
  db: Executor,
  input: { agentId: number; idempotentId: string | null; groupType: string; priceDate: string; directions: SubmitDirection[]; closedTermsBefore?: string | undefined; withInstantRules?: boolean },
): Promise<SubmitContext> {
  const dates = input.directions.map((d) => d.serviceDate).sort();
  const directions = JSON.stringify(
    input.directions.map((d, i) => ({ ord: i, service_date: d.serviceDate, service_id: d.serviceId, first_leg: d.firstLeg, last_leg: d.lastLeg })),
  );
  const [row] = rowsOf<SubmitContext>(
    await executePrepared(db, sql`
      with group_type as (
        select ${GROUP_TYPE_ID_SQL} as id
      ), dirs as (
        select * from json_to_recordset(${directions}::json) as d(ord int, service_date date, service_id int, first_leg int, last_leg int)
      ), running as ${runningServiceDaysSql(dates[0]!, dates[dates.length - 1]!)}
      select
        (select json_build_object('id', a.id, 'agent_type', a.agent_type, 'ignore_cancellation_policy', a.ignore_cancellation_policy)
           from agents a where a.id = ${input.agentId}) as agent,
        (select coalesce(json_agg(json_build_object('id', g.id, 'is_root', g.is_root) order by g.id), '[]')
           from agent_groups g where g.agent_id = ${input.agentId}) as groups,
        ${
          input.idempotentId === null
            ? sql`null::json`
            : sql`(select json_build_object('booking_id', x.booking_id, 'request_hash', x.request_hash, 'agent_sub_group_id', x.agent_sub_group_id)
                     from bookings x where x.agent_id = ${input.agentId} and x.external_idempotent_id = ${input.idempotentId})`
        } as existing,
        (select id from group_type) as group_type_id,
        (select b.min_group_size from operator_basic_info b where b.id = 1) as min_group_size,
        (select json_agg(json_build_object(
                  'direction', s.direction,
                  'running', exists (select 1 from running r where r.service_date = d.service_date and r.service_id = d.service_id),
                  'day_status', st.status,
                  'arrangement_pattern_id', i.arrangement_pattern_id,
                  'vacant', ${vacantOnLegsSql(sql`d.service_date`, sql`d.service_id`, sql`(select id from group_type)`, sql`d.first_leg`, sql`d.last_leg`)},
                  'capacity', ${capacityOnLegsSql(sql`d.service_date`, sql`d.service_id`, sql`(select id from group_type)`, sql`d.first_leg`, sql`d.last_leg`)})
                order by d.ord)
           from dirs d
           -- Lateral lookups, kept apart by "limit 1": one index probe per train (as a plain join the
           -- planner guesses 100 trains from json_to_recordset and scans the season's inventories).
           left join lateral (select s.direction from services s where s.id = d.service_id limit 1) s on true
           left join lateral (select st.status from service_day_statuses st
                              where st.service_date = d.service_date and st.service_id = d.service_id limit 1) st on true
           left join lateral (select i.arrangement_pattern_id from service_day_inventories i
                              where i.service_date = d.service_date and i.service_id = d.service_id limit 1) i on true) as services,
        ${pricingReferenceSql(input.groupType, input.priceDate)} as pricing
        ${input.closedTermsBefore === undefined ? sql`` : sql`, ${closedTermsSql(input.closedTermsBefore, dates)} as closed_terms`}
        ${input.withInstantRules ? sql`, ${enabledRulesJsonSql} as instant_rules` : sql``}`),
  );
  return row!;
}


/** The agent's booking made with this idempotency key (a parallel request that won the race). */
export async function findByIdempotentId(tx: Executor, agentId: number, externalIdempotentId: string): Promise<typeof t.bookings.$inferSelect | undefined> {
  const [existing] = await tx.select().from(t.bookings).where(sql`${t.bookings.agentId} = ${agentId} and ${t.bookings.externalIdempotentId} = ${externalIdempotentId}`);
  return existing;
}
