/** Booking lists: pages of bookings, each with its trains (service orders), or one row per booking (payments). */
import type { BookingChannel } from '@sagano/domain/master-data/instant-confirmation-rule-schemas';
import { sql, type SQL } from 'drizzle-orm';
import { defaultSortOrder, type ServiceOrderNotification, type ServiceOrderRow, type ServiceOrderSearchQuery } from '@sagano/domain/bookings/booking-schemas';
import { statusRankSql } from '../../db/schema/booking-status-rank.ts';
import { daysBetween, operatorDayBoundary } from '@sagano/domain/common/business-date';
import { BOOKING_STATUSES, type BookingStatus, type BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import { PENDING_PAYMENT_STATUSES } from '@sagano/domain/payments/money-terms';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { capabilitiesOf } from '@sagano/domain/auth/roles';
import { type Principal, tenantScopeSql, type TenantScope } from '../auth/index.ts';
import { paymentRowOfJson } from '../payments/index.ts';

/** Whose notifications a list row shows: the back office's inbox or the agent's (within the caller's tenant scope). */
export type NotificationAudience = 'ADMIN' | 'AGENT';

/** The inbox a caller reads (as GET /v1/notifications/*): the back office the admin side, agents their own; station staff none. */
export function notificationInboxOf(principal: Principal): NotificationAudience | null {
  const u = principal.user;
  if (u.kind === 'OPERATOR') return capabilitiesOf(u).backOffice ? 'ADMIN' : null;
  return 'AGENT';
}

/**
 * Totals are exact up to this many rows; beyond it the list answers this number with
 * total_capped (counting a million rows on every page turn would cost more than the page).
 */
export const SEARCH_TOTAL_CAP = 10_000;

async function cappedCount(db: Executor, fromWhere: SQL): Promise<{ total: number; total_capped: boolean }> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select 1 ${fromWhere} limit ${SEARCH_TOTAL_CAP + 1}) x`));
  return totalOf(row?.n ?? 0);
}

function totalOf(n: number): { total: number; total_capped: boolean } {
  return n > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, total_capped: true } : { total: n, total_capped: false };
}

/** The agent table is joined for counting only when a filter reads it. */
function agentJoinFor(q: ServiceOrderSearchQuery): SQL {
  return q.payment_type ? sql`join agents a on a.id = b.agent_id` : sql``;
}

const PAYMENT_TYPE_OF_AGENT: Record<string, string> = { PREPAID: 'FREE', COUPON: 'CONTRACTED', MONTHLY: 'SPECIAL_CONTRACTED' };

function tokyoDay(date: string, endOfDay = false): string {
  return operatorDayBoundary(date, endOfDay);
}

function inList<T>(column: SQL, values: readonly T[]): SQL {
  return values.length === 0 ? sql`false` : sql`${column} in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;
}

/** Statuses that wait for money (money-terms.ts pending): past its due date such a payment is overdue (isOverdue in domain/payments). */
const WAITING_FOR_MONEY = PENDING_PAYMENT_STATUSES;

/**
 * Where the service-date filter (and one train) is read: on the trains (`bs`, joined by the caller), or
 * on the booking's own first and last service dates (`b` alone: the booking list, ADR 022). A booking
 * has at most two trains (down and up), so "a train within the period" is "its first or its last
 * service date within the period".
 */
type ServiceDatesOn = 'trains' | 'booking';

/**
 * The search's filters as SQL. `today` (yyyy-MM-dd in Tokyo, from the server's Clock) decides
 * what is overdue; `serviceId` narrows to one train. With `agentsOfType` (the ids of the agents of
 * the payment type asked for) the payment type is read on the booking, with no agent join.
 */
export function bookingFilters(
  q: ServiceOrderSearchQuery,
  scope: TenantScope,
  options: { today: string; serviceId?: number; serviceDatesOn?: ServiceDatesOn; agentsOfType?: readonly number[] },
): SQL {
  const { today, serviceId } = options;
  const onBooking = options.serviceDatesOn === 'booking';
  const f: SQL[] = [sql`true`];
  if (serviceId !== undefined) {
    f.push(onBooking ? sql`exists (select 1 from booking_services y where y.booking_id = b.id and ${legFilters(q, 'y', serviceId)})` : sql`bs.service_id = ${serviceId}`);
  }
  f.push(tenantScopeSql(scope, 'b'));
  if (q.submitted_at_from) f.push(sql`b.submitted_at >= ${tokyoDay(q.submitted_at_from)}::timestamptz`);
  if (q.submitted_at_to) f.push(sql`b.submitted_at < ${tokyoDay(q.submitted_at_to, true)}::timestamptz`);
  if (onBooking) {
    // Listed bookings have trains; the dates as the booking carries them.
    f.push(sql`b.first_service_date is not null`);
    const period = servicePeriodOnBooking(q);
    if (period) f.push(period);
  } else {
    if (q.service_date_from) f.push(sql`bs.service_date >= ${q.service_date_from}::date`);
    if (q.service_date_to) f.push(sql`bs.service_date <= ${q.service_date_to}::date`);
  }
  if (q.booking_id) {
    // A whole booking number is one index lookup; a part of one is a prefix search.
    const digits = q.booking_id.replace(/[^0-9]/g, '');
    f.push(digits.length === 8 ? sql`b.booking_id = ${digits}` : sql`b.booking_id like ${`${digits}%`}`);
  }
  if (q.agent_id !== undefined) f.push(sql`b.agent_id = ${q.agent_id}`);
  if (q.agent_sub_group_ids?.length) f.push(inList(sql`b.agent_sub_group_id`, q.agent_sub_group_ids));
  if (q.group_types?.length) f.push(inList(sql`b.group_type`, q.group_types));
  if (q.group_name) f.push(sql`b.group_name ilike ${`%${q.group_name.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (q.status?.length) {
    f.push(inList(sql`b.status`, q.status));
    // The same as lifecycle ranks: the status-order index (bookings_status_rank_idx) then reads just
    // those statuses' range instead of walking the statuses before them.
    if (onBooking) f.push(inList(statusRank, q.status.map((s) => BOOKING_STATUSES.indexOf(s) + 1)));
  }
  if (q.sub_status?.length) f.push(inList(sql`b.sub_status`, q.sub_status));
  if (q.country_code) f.push(sql`b."group"->>'country_code' = ${q.country_code}`);
  if (q.payment_type && PAYMENT_TYPE_OF_AGENT[q.payment_type]) {
    f.push(options.agentsOfType ? inList(sql`b.agent_id`, options.agentsOfType) : sql`a.agent_type = ${PAYMENT_TYPE_OF_AGENT[q.payment_type]}`);
  }
  if (q.payment_status) f.push(sql`exists (select 1 from payments p where p.booking_id = b.id and p.kind = 'FARE' and p.status = ${q.payment_status})`);
  if (q.overdue) {
    // The fare or a discrepancy still waiting for money past its due date (the list's overdue badge).
    f.push(
      sql`exists (select 1 from payments p where p.booking_id = b.id and p.kind in ('FARE', 'DISCREPANCY') and ${inList(sql`p.status`, WAITING_FOR_MONEY)} and p.due_date < ${today}::date)`,
    );
  }
  if (q.admin_notification_msg) f.push(sql`exists (select 1 from notifications n where n.booking_id = b.id and n.audience = 'ADMIN' and n.deleted_at is null and n.kind = ${q.admin_notification_msg})`);
  if (q.agent_notification_msg) f.push(sql`exists (select 1 from notifications n where n.booking_id = b.id and n.audience = 'AGENT' and n.deleted_at is null and n.kind = ${q.agent_notification_msg})`);
  return sql.join(f, sql` and `);
}

/** The service-date period on the booking's first and last service dates (null: no period asked). */
function servicePeriodOnBooking(q: ServiceOrderSearchQuery): SQL | null {
  const from = q.service_date_from;
  const to = q.service_date_to;
  if (from && to) return sql`(b.first_service_date between ${from}::date and ${to}::date or b.last_service_date between ${from}::date and ${to}::date)`;
  if (from) return sql`b.last_service_date >= ${from}::date`;
  if (to) return sql`b.first_service_date <= ${to}::date`;
  return null;
}

/** The trains a leg filter keeps (service dates, one train): the condition on `alias`. */
function legFilters(q: ServiceOrderSearchQuery, alias: string, serviceId?: number): SQL {
  const t = sql.raw(alias);
  const f: SQL[] = [sql`true`];
  if (serviceId !== undefined) f.push(sql`${t}.service_id = ${serviceId}`);
  if (q.service_date_from) f.push(sql`${t}.service_date >= ${q.service_date_from}::date`);
  if (q.service_date_to) f.push(sql`${t}.service_date <= ${q.service_date_to}::date`);
  return sql.join(f, sql` and `);
}

/** Lifecycle order of the statuses, for sorting by status: the indexed expression (b.status). */
const statusRank = sql.raw(statusRankSql('b.status'));

/**
 * A booking's sort key on `b`. By service date it is its first train within the service-date filter:
 * with a period starting `from`, the first service date when that lies in it, else the last (its
 * return, the one train left in the period).
 */
function sortKeyOf(q: ServiceOrderSearchQuery): SQL {
  switch (q.sort ?? 'submitted_at') {
    case 'service_date':
      return q.service_date_from
        ? sql`case when b.first_service_date >= ${q.service_date_from}::date then b.first_service_date else b.last_service_date end`
        : sql`b.first_service_date`;
    case 'submitted_at':
      return sql`b.submitted_at`;
    case 'booking_id':
      return sql`b.booking_id`;
    case 'group_name':
      return sql`b.group_name`;
    case 'status':
      return statusRank;
  }
}

/**
 * ORDER BY over a page's columns (sort_key, booking_id, id), prefixed by `t` ('' or 'page.'): the
 * sort key, then the booking number in the same direction (by submission: the id, as its index).
 */
function orderOf(q: ServiceOrderSearchQuery, t: string): SQL {
  const sort = q.sort ?? 'submitted_at';
  // The sort keys are never null, so where nulls would go changes no order; it is written as each
  // index is read: the submission indexes are DESC NULLS LAST, the others ascending ones that a
  // descending page reads backwards (DESC NULLS FIRST).
  const asc = (q.order ?? defaultSortOrder(sort)) === 'asc';
  const dir = sql.raw(asc ? 'asc' : sort === 'submitted_at' ? 'desc nulls last' : 'desc nulls first');
  const c = (name: string) => sql.raw(`${t}${name}`);
  if (sort === 'submitted_at') return sql`${c('sort_key')} ${dir}, ${c('id')} ${dir}`;
  if (sort === 'booking_id') return sql`${c('booking_id')} ${dir}`;
  return sql`${c('sort_key')} ${dir}, ${c('booking_id')} ${dir}`;
}

/**
 * A service period starting `from` as two disjoint sets of bookings, each a range of one index: those
 * whose first date lies in the period (their first train within it is that one), and those whose
 * first date lies before it and whose return lies in it (the return is). Null without `from`: the
 * plain filter is one range already.
 */
function periodBranches(q: ServiceOrderSearchQuery): { rows: SQL; key: SQL }[] | null {
  const from = q.service_date_from;
  if (!from) return null;
  const to = q.service_date_to;
  const upTo = (column: string) => (to ? sql`and ${sql.raw(column)} <= ${to}::date` : sql``);
  return [
    { rows: sql`b.first_service_date >= ${from}::date ${upTo('b.first_service_date')}`, key: sql`b.first_service_date` },
    { rows: sql`b.first_service_date < ${from}::date and b.last_service_date >= ${from}::date ${upTo('b.last_service_date')}`, key: sql`b.last_service_date` },
  ];
}

/**
 * Bookings matching the filters in page order (id, sort_key, booking_id), read in the order of an
 * index: the sort key's, or by service date within a period, its two ranges in step (a merge of two
 * index scans), so no page sorts the period.
 */
function inOrder(q: ServiceOrderSearchQuery, where: SQL, whereButDates: SQL, limit: number, offset: number): SQL {
  const branches = periodBranches(q);
  if (q.sort === 'service_date' && branches) {
    const parts = branches.map((br) => sql`select b.id, ${br.key} as sort_key, b.booking_id from bookings b where ${whereButDates} and ${br.rows}`);
    return sql`select * from (${sql.join(parts, sql` union all `)}) m order by ${orderOf(q, '')} limit ${limit} offset ${offset}`;
  }
  return sql`select b.id, ${sortKeyOf(q)} as sort_key, b.booking_id from bookings b where ${where} order by ${orderOf(q, '')} limit ${limit} offset ${offset}`;
}

/**
 * The bookings matching the filters with `columns`, unordered: with a service period, its two
 * ranges one after the other (each an index range read on its index entries alone; the period as
 * one OR would read both ranges' table rows). With a group name the name's trigrams pick the few
 * bookings to read, and the period is one condition on them: as two ranges each would search the
 * trigram index again, which costs more than the whole rest of the list.
 */
function matching(q: ServiceOrderSearchQuery, columns: SQL, where: SQL, whereButDates: SQL): SQL {
  const branches = q.group_name ? null : periodBranches(q);
  if (!branches) return sql`select ${columns} from bookings b where ${where}`;
  return sql.join(branches.map((br) => sql`select ${columns} from bookings b where ${whereButDates} and ${br.rows}`), sql` union all `);
}

/**
 * Whether the filters pick few bookings from an index of their own (a group name's trigrams, part of
 * a booking number, a submission period of up to a week, a service period of up to a month): then the matches are read once, up to the
 * count cap, and both the page and the total come from them. A short submission period in particular
 * must not be met by walking a sort index: bookings travel some weeks after they are submitted, so in
 * service-date order a recent week's bookings all lie far along the index.
 */
function readMatchesOnce(q: ServiceOrderSearchQuery): boolean {
  if (q.group_name || q.booking_id) return true;
  if (within(q.submitted_at_from, q.submitted_at_to, 7)) return true;
  // In service-date order a period's page is read in order already; sorted otherwise, a period of up
  // to a month is read once rather than walking another key's index for its bookings.
  return q.sort !== 'service_date' && within(q.service_date_from, q.service_date_to, 31);
}

/** Whether both dates are given and span at most `days` days. */
function within(from: string | undefined, to: string | undefined, days: number): boolean {
  if (!from || !to) return false;
  const span = daysBetween(from, to);
  return span >= 0 && span < days;
}

/**
 * The ids of the agents a payment type stands for (undefined: no payment-type filter), within the
 * agent asked for and the caller's own: an agent of another type leaves none, and the search is
 * then answered as empty by the database at once, not by reading that agent's bookings.
 */
async function agentsOfPaymentType(db: Executor, q: ServiceOrderSearchQuery, scope: TenantScope): Promise<number[] | undefined> {
  const agentType = q.payment_type ? PAYMENT_TYPE_OF_AGENT[q.payment_type] : undefined;
  if (!agentType) return undefined;
  const ids = rowsOf<{ id: number }>(await db.execute(sql`select id from agents where agent_type = ${agentType} order by id`)).map((r) => r.id);
  return ids.filter((id) => (q.agent_id === undefined || id === q.agent_id) && (scope.agentId === null || id === scope.agentId));
}

/**
 * One page of bookings (not trains: a round trip never splits across pages), sorted by `sort`/`order`,
 * each with every train it rides (with `serviceId`, the by-service list: that train only). The
 * total counts bookings. `today` decides what is overdue.
 *
 * The page is chosen on the bookings table alone (ADR 022): the service-date filter and sort read the
 * booking's first and last service dates, the payment type the agents of that type; the trains,
 * names and payments are joined to the page's rows only.
 */
export async function searchServiceOrders(
  db: Executor,
  q: ServiceOrderSearchQuery,
  scope: TenantScope,
  options: { today: string; serviceId?: number; inbox: NotificationAudience | null },
): Promise<{ total: number; total_capped: boolean; rows: ServiceOrderRow[] }> {
  const { serviceId, inbox } = options;
  // Each row's notifications in the caller's inbox (none for callers without one, such as station staff).
  const notifications =
    inbox === null
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(json_build_object('notification_id', n.id, 'kind', n.kind, 'category', n.category, 'created_at', n.created_at, 'is_read', n.read_at is not null)
                                      order by n.created_at desc, n.id desc), '[]'::json)
             from notifications n where n.booking_id = b.id and n.audience = ${inbox} and n.deleted_at is null and ${tenantScopeSql(scope, 'n')})`;
  const agentsOfType = await agentsOfPaymentType(db, q, scope);
  const filters = { ...options, serviceDatesOn: 'booking' as const, agentsOfType };
  const where = bookingFilters(q, scope, filters);
  const whereButDates = bookingFilters({ ...q, service_date_from: undefined, service_date_to: undefined }, scope, { ...filters, serviceId: undefined });
  const serviceLeg = serviceId !== undefined ? sql`and exists (select 1 from booking_services y where y.booking_id = b.id and ${legFilters(q, 'y', serviceId)})` : sql``;
  const whereAll = sql`${whereButDates} ${serviceLeg}`;
  const count = () => cappedCount(db, sql`from (${matching(q, sql`1`, where, whereAll)}) m`);
  const once = readMatchesOnce(q);
  // Otherwise the count runs alongside the page (on a pool each takes its own connection).
  const counting = once ? undefined : count();
  counting?.catch(() => undefined); // awaited below; this only keeps an early failure from being reported twice
  const offset = (q.page - 1) * q.per_page;
  const shownLegs = serviceId !== undefined ? sql`and ${legFilters(q, 'bs', serviceId)}` : sql``;
  const pageRows = async (page: SQL, withHits = false) =>
    rowsOf<{
      id: number; booking_id: string; submitted_at: Date | string; service_date: string; service_id: number; names: LocalizedLabel[]; direction: 'down' | 'up';
      from_station_id: number; to_station_id: number; departure_time: string | null; group_type: 'NORMAL' | 'SCHOOL'; group_name: string; agent_id: number; agent_name: string; agent_name_en: string; agent_type: string;
      sub_group_name: string; sub_group_name_en: string; participant_quantity: number; operator_name: string; status: BookingStatus; sub_status: BookingSubStatus; caution: string;
      channel: BookingChannel; instant_rule: { id: number; name: string } | null;
      payment_status: string | null; payment_method: string | null; payment_total: number | string | null; directions: number; hits: number | null;
      notifications: (Omit<ServiceOrderNotification, 'created_at'> & { created_at: string })[];
    }>(
      // The page is chosen on bookings alone; its trains, names and payments are joined to its rows only.
      await db.execute(sql`
      with ${page}
      select b.id, b.booking_id, b.submitted_at, bs.service_date::text as service_date, bs.service_id, s.names, bs.direction,
             bs.from_station_id, bs.to_station_id, (select d.departure_hhmm from diagram_items d where d.service_id = bs.service_id and d.station_id = bs.from_station_id limit 1) as departure_time, b.group_type, b.group_name, a.id as agent_id, a.name_ja as agent_name, a.name_en as agent_name_en, a.agent_type,
             g.name_ja as sub_group_name, g.name_en as sub_group_name_en, b.participant_quantity, b.operator_name, b.status, b.sub_status, b.caution, b.channel,
             (select jsonb_build_object('id', r.id, 'name', r.name) from instant_confirmation_rules r where r.id = b.instant_confirmation_rule_id) as instant_rule,
             p.status as payment_status, p.payment_method, p.total_amount_e6 as payment_total,
             (select count(*)::int from booking_services x where x.booking_id = b.id) as directions,
             ${notifications} as notifications,
             ${withHits ? sql`(select count(*)::int from hits)` : sql`null::int`} as hits
      from page
      join bookings b on b.id = page.id
      join booking_services bs on bs.booking_id = page.id ${shownLegs}
      join agents a on a.id = b.agent_id join agent_groups g on g.id = b.agent_sub_group_id join services s on s.id = bs.service_id
      left join lateral (select * from payments p where p.booking_id = b.id and p.kind = 'FARE' order by p.id desc limit 1) p on true
      order by ${orderOf(q, 'page.')}, bs.service_date, bs.direction`),
    );
  const ordered = sql`page as (${inOrder(q, where, whereAll, q.per_page, offset)})`;
  let rows;
  let total: { total: number; total_capped: boolean };
  if (once) {
    // The matches, up to the cap, sorted in memory; past the cap the page is read in order instead.
    rows = await pageRows(sql`hits as materialized (select * from (${matching(q, sql`b.id, ${sortKeyOf(q)} as sort_key, b.booking_id`, where, whereAll)}) m limit ${SEARCH_TOTAL_CAP + 1}),
      page as (select * from hits order by ${orderOf(q, '')} limit ${q.per_page} offset ${offset})`, true);
    const hits = rows[0]?.hits;
    if (typeof hits === 'number' && hits <= SEARCH_TOTAL_CAP) total = totalOf(hits);
    else if (typeof hits === 'number') [rows, total] = [await pageRows(ordered), totalOf(hits)];
    // An empty first page is no match at all (every listed booking has a train and a branch), so it
    // is not searched for again to be counted; past the last page the matches are counted.
    else total = offset === 0 ? totalOf(0) : await count();
  } else {
    rows = await pageRows(ordered);
    total = await counting!;
  }
  return {
    ...total,
    rows: rows.map((r) => ({
      id: r.id,
      booking_id: r.booking_id,
      submitted_at: new Date(r.submitted_at).toISOString(),
      service_date: r.service_date,
      service_id: r.service_id,
      service_name: r.names,
      direction: r.direction,
      from_station_id: r.from_station_id,
      to_station_id: r.to_station_id,
      departure_time: r.departure_time,
      group_type: r.group_type,
      group_name: r.group_name,
      agent: { agent_id: r.agent_id, name: r.agent_name, name_en: r.agent_name_en, agent_type: r.agent_type },
      agent_sub_group_name: r.sub_group_name,
      agent_sub_group_name_en: r.sub_group_name_en,
      participant_quantity: r.participant_quantity,
      operator_name: r.operator_name,
      status: r.status,
      sub_status: r.sub_status,
      channel: r.channel,
      instant_confirmation_rule: r.instant_rule,
      caution: r.caution,
      notifications: r.notifications.map((n) => ({ ...n, created_at: new Date(n.created_at).toISOString() })),
      payment_info: r.payment_status
        ? { status: r.payment_status as never, payment_method: r.payment_method as never, total_amount: safeE6(r.payment_total ?? 0) }
        : null,
      is_round_trip: r.directions === 2,
    })),
  };
}

/** One row per booking with its fare and latest discrepancy; `today` decides what is overdue. */
export async function searchPayments(db: Executor, q: ServiceOrderSearchQuery, scope: TenantScope, options: { today: string }) {
  const where = bookingFilters(q, scope, options);
  const firstDay = sql`join lateral (select min(service_date) as service_date from booking_services where booking_id = b.id) bs on true`;
  const from = sql`from bookings b join agents a on a.id = b.agent_id join agent_groups g on g.id = b.agent_sub_group_id ${firstDay}`;
  // The count runs alongside the page (on a pool each takes its own connection).
  const counting = cappedCount(db, sql`from bookings b ${agentJoinFor(q)} ${q.service_date_from || q.service_date_to ? firstDay : sql``} where ${where}`);
  counting.catch(() => undefined); // awaited below; this only keeps an early failure from being reported twice
  const rows = rowsOf<{
    booking_db_id: number; booking_id: string; submitted_at: Date | string; service_date: string; group_name: string; agent_id: number; agent_name: string; agent_name_en: string; agent_type: string; sub_group_name: string; sub_group_name_en: string; status: BookingStatus;
    fare: Record<string, unknown> | null; discrepancy: Record<string, unknown> | null;
  }>(
    await db.execute(sql`
      select b.id as booking_db_id, b.booking_id, b.submitted_at, bs.service_date::text as service_date, b.group_name, a.id as agent_id, a.name_ja as agent_name, a.name_en as agent_name_en, a.agent_type,
             g.name_ja as sub_group_name, g.name_en as sub_group_name_en, b.status, to_jsonb(p) as fare, to_jsonb(d) as discrepancy
      ${from}
      left join lateral (select * from payments p where p.booking_id = b.id and p.kind = 'FARE' order by p.id desc limit 1) p on true
      left join lateral (select * from payments d where d.booking_id = b.id and d.kind = 'DISCREPANCY' and (d.direction is distinct from 'REFUND' or d.refund_reason is null or d.refund_reason = 'CHANGE') order by d.id desc limit 1) d on true
      where ${where}
      order by b.submitted_at desc nulls last, b.id desc nulls last
      limit ${q.per_page} offset ${(q.page - 1) * q.per_page}`),
  );
  return {
    ...(await counting),
    rows: rows.map((r) => ({
      booking_db_id: r.booking_db_id,
      booking_id: r.booking_id,
      submitted_at: new Date(r.submitted_at).toISOString(),
      service_date: r.service_date,
      group_name: r.group_name,
      agent: { agent_id: r.agent_id, name: r.agent_name, name_en: r.agent_name_en, agent_type: r.agent_type },
      agent_sub_group_name: r.sub_group_name,
      agent_sub_group_name_en: r.sub_group_name_en,
      status: r.status,
      fare: paymentRowOfJson(r.fare),
      discrepancy: paymentRowOfJson(r.discrepancy),
    })),
  };
}
