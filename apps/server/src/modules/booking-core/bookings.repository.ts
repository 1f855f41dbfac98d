/** Reads and writes of bookings and everything that hangs off them. */
import type { LedgerEntry, LedgerKind } from '@sagano/domain/payments/payment-ledger';
import { eq, getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';
import type { AgentType } from '@sagano/domain/agents/agent-constants';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { CancellationDeclined } from '@sagano/domain/bookings/booking-schemas';
import type { CancellationPolicyRow } from '@sagano/domain/bookings/cancellation';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rowsOf } from '../../db/client.ts';
import { UNCOUNTED_STATUSES_SQL } from '../../db/money-sql.ts';
import * as t from '../../db/schema.ts';
import { GROUP_TYPE_ID_SQL, LOCK_TIMEOUT_SQL } from '../inventory/index.ts';
import { roomsOfAgentData } from '@sagano/domain/realtime/realtime-events';
import { publishRealtime } from '../../realtime/realtime-publish.ts';
import { bookingEventInsertSql } from '../webhooks/index.ts';
import type { WebhookEventType } from '@sagano/domain/webhooks/webhook-schemas';

export type BookingRow = typeof t.bookings.$inferSelect;
export type BookingServiceRow = typeof t.bookingServices.$inferSelect;

export interface BookingAggregate {
  booking: BookingRow;
  /** The agent, with its billing day and the end of its last billed period (a monthly payment's expected billing date). */
  agent: { id: number; nameJa: string; nameEn: string; agentType: AgentType; ignoreCancellationPolicy: boolean; billingDay: number | null; billingDayEndOfMonth: boolean; lastBilledTo: string | null };
  subGroup: { id: number; nameJa: string; nameEn: string; isRoot: boolean };
  services: (BookingServiceRow & { names: LocalizedLabel[]; departureHhmm: string | null; arrivalHhmm: string | null; fromStationName: LocalizedLabel[]; toStationName: LocalizedLabel[] })[];
  units: (typeof t.bookingUnits.$inferSelect)[];
  wheelchairs: { needSlope: boolean }[];
  /** Every payment of the booking (fare, discrepancies, cancellation fee), newest first. */
  payments: (typeof t.payments.$inferSelect)[];
  payment: (typeof t.payments.$inferSelect) | undefined;
  /** The cancellation-fee payment, once a cancellation is confirmed. */
  cancellationPayment: (typeof t.payments.$inferSelect) | undefined;
  /** The latest discrepancy after a change to a settled fare. */
  discrepancy: (typeof t.payments.$inferSelect) | undefined;
  /** The booking's ledger, summed per payment and kind (its billed, received and refunded figures). */
  ledger: LedgerEntry[];
  notes: (typeof t.bookingNotes.$inferSelect)[];
  histories: (typeof t.bookingHistories.$inferSelect)[];
  /** Names of every train the booking's revisions name (its trains now and any it was moved from). */
  serviceNames: Map<number, LocalizedLabel[]>;
  /** The agent settlement of each group settlement (monthly invoice) its payments were billed by. */
  agentSettlementIds?: ReadonlyMap<number, number>;
  /** The operator's rule that confirmed it instantly (ADR 037), else null. */
  instantRule?: { id: number; name: string } | null;
}

export async function findBookingRow(db: Executor, bookingId: string, options: { lock?: boolean } = {}): Promise<BookingRow | undefined> {
  const query = db.select().from(t.bookings).where(eq(t.bookings.bookingId, bookingId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * A row read as JSON (`to_jsonb(row)`), mapped as drizzle maps the table's columns from the driver:
 * the same camelCase fields and values (timestamps as Date, bigint amounts as numbers) as a select.
 */
function rowOfJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    // JSON columns come parsed already: mapping them again would parse a JSON string value.
    out[key] = value === null || value === undefined ? null : column.columnType === 'PgJsonb' || column.columnType === 'PgJson' ? value : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/** The trains a booking's revisions name (service_order of each snapshot), as SQL over `b`. */
const REVISION_TRAINS_SQL = sql`(
  select distinct (leg->>'service_id')::int
  from booking_histories h
  cross join lateral jsonb_array_elements(case when jsonb_typeof(h.snapshot->'service_order') = 'array' then h.snapshot->'service_order' else '[]'::jsonb end) as leg
  where h.booking_id = b.id and jsonb_typeof(leg->'service_id') = 'number')`;

/**
 * Everything the booking answer is made of, read in one statement with `b` the booking row: the
 * agent (with the end of its last billed period) and branch, the trains with their names, stations
 * and times, units, wheelchairs, payments, ledger, notes, revisions, the names of trains a revision
 * names and the agent settlement of each monthly invoice its payments were billed by.
 */
function aggregateColumnsSql(): SQL {
  return sql`
    to_jsonb(b) as booking,
    (select jsonb_build_object('id', a.id, 'nameJa', a.name_ja, 'nameEn', a.name_en, 'agentType', a.agent_type,
                               'ignoreCancellationPolicy', a.ignore_cancellation_policy, 'billingDay', a.billing_day,
                               'billingDayEndOfMonth', a.billing_day_end_of_month,
                               'lastBilledTo', (select max(s.period_to)::text from agent_settlements s where s.agent_id = a.id))
       from agents a where a.id = b.agent_id) as agent,
    (select jsonb_build_object('id', g.id, 'nameJa', g.name_ja, 'nameEn', g.name_en, 'isRoot', g.is_root)
       from agent_groups g where g.id = b.agent_sub_group_id) as sub_group,
    (select coalesce(jsonb_agg(jsonb_build_object(
              'bookingId', bs.booking_id, 'direction', bs.direction, 'serviceDate', bs.service_date::text, 'serviceId', bs.service_id,
              'fromStationId', bs.from_station_id, 'toStationId', bs.to_station_id, 'heldGroup', bs.held_group,
              'heldWheelchair', bs.held_wheelchair, 'heldStanding', bs.held_standing, 'names', s.names,
              'fromStationName', coalesce((select st.labels from stations st where st.station_id = bs.from_station_id), '[]'::jsonb),
              'toStationName', coalesce((select st.labels from stations st where st.station_id = bs.to_station_id), '[]'::jsonb),
              'departureHhmm', (select d.departure_hhmm from diagram_items d where d.service_id = bs.service_id and d.station_id = bs.from_station_id),
              'arrivalHhmm', (select d.arrival_hhmm from diagram_items d where d.service_id = bs.service_id and d.station_id = bs.to_station_id))
            order by bs.service_date, case bs.direction when 'down' then 0 else 1 end), '[]'::jsonb)
       from booking_services bs join services s on s.id = bs.service_id where bs.booking_id = b.id) as services,
    (select coalesce(jsonb_agg(to_jsonb(u) order by u.unit_id), '[]'::jsonb) from booking_units u where u.booking_id = b.id) as units,
    (select coalesce(jsonb_agg(w.need_slope order by w.id), '[]'::jsonb) from booking_wheelchairs w where w.booking_id = b.id) as wheelchairs,
    (select coalesce(jsonb_agg(to_jsonb(p) order by p.id desc), '[]'::jsonb) from payments p where p.booking_id = b.id) as payments,
    (select coalesce(jsonb_agg(jsonb_build_object('paymentId', x.payment_id, 'kind', x.kind, 'amount', x.amount::text)), '[]'::jsonb)
       from (select t.payment_id, t.kind, sum(t.amount_e6) as amount
               from payment_transactions t join payments p on p.id = t.payment_id
              where p.booking_id = b.id group by t.payment_id, t.kind) x) as ledger,
    (select coalesce(jsonb_agg(to_jsonb(n) order by n.created_at, n.id), '[]'::jsonb) from booking_notes n where n.booking_id = b.id) as notes,
    (select coalesce(jsonb_agg(to_jsonb(h) order by h.revision), '[]'::jsonb) from booking_histories h where h.booking_id = b.id) as histories,
    (select coalesce(jsonb_agg(jsonb_build_array(s.id, s.names)), '[]'::jsonb)
       from services s where s.id in ${REVISION_TRAINS_SQL}) as revision_trains,
    (select coalesce(jsonb_agg(jsonb_build_array(g.id, g.agent_settlement_id)), '[]'::jsonb)
       from group_settlements g where g.id in (select p.monthly_invoice_id from payments p where p.booking_id = b.id)) as settlements,
    (select jsonb_build_object('id', r.id, 'name', r.name) from instant_confirmation_rules r where r.id = b.instant_confirmation_rule_id) as instant_rule`;
}

interface AggregateRow {
  booking: Record<string, unknown>;
  agent: BookingAggregate['agent'];
  sub_group: BookingAggregate['subGroup'];
  services: (BookingServiceRow & { names: LocalizedLabel[]; departureHhmm: string | null; arrivalHhmm: string | null; fromStationName: LocalizedLabel[]; toStationName: LocalizedLabel[] })[];
  units: Record<string, unknown>[];
  wheelchairs: boolean[];
  payments: Record<string, unknown>[];
  ledger: { paymentId: number; kind: LedgerKind; amount: string }[];
  notes: Record<string, unknown>[];
  histories: Record<string, unknown>[];
  revision_trains: [number, LocalizedLabel[]][];
  settlements: [number, number][];
  instant_rule: { id: number; name: string } | null;
}

function aggregateOf(row: AggregateRow): BookingAggregate {
  const payments = row.payments.map((p) => rowOfJson(t.payments, p));
  const latest = (kind: string) => payments.find((p) => p.kind === kind);
  const services = row.services;
  // The trains the booking rides first, then any a revision names that it no longer rides (after a train change).
  const serviceNames = new Map(services.map((s) => [s.serviceId, s.names]));
  for (const [id, names] of row.revision_trains) if (!serviceNames.has(id)) serviceNames.set(id, names);
  return {
    booking: rowOfJson(t.bookings, row.booking),
    agent: row.agent,
    subGroup: row.sub_group,
    services,
    units: row.units.map((u) => rowOfJson(t.bookingUnits, u)),
    wheelchairs: row.wheelchairs.map((needSlope) => ({ needSlope })),
    agentSettlementIds: new Map(row.settlements),
    payments,
    payment: latest('FARE'),
    cancellationPayment: latest('CANCELLATION'),
    discrepancy: latestDiscrepancy(payments),
    ledger: row.ledger.map((r) => ({ paymentId: r.paymentId, kind: r.kind, amountE6: safeE6(Number(r.amount)) })),
    notes: row.notes.map((n) => rowOfJson(t.bookingNotes, n)),
    histories: row.histories.map((h) => rowOfJson(t.bookingHistories, h)),
    serviceNames,
    instantRule: row.instant_rule,
  };
}

/**
 * The booking with everything that hangs off it, in one statement; `extra` adds columns computed
 * over the same booking row `b` (a caller's own reads, e.g. the booking answer's documents and
 * seats), answered by name beside the aggregate.
 */
export async function loadBookingWith<K extends string>(db: Executor, bookingId: string, extra: Record<K, SQL>): Promise<{ aggregate: BookingAggregate; extra: Record<K, unknown> } | undefined> {
  const names = Object.keys(extra) as K[];
  const [row] = rowsOf<AggregateRow & Record<K, unknown>>(
    await executePrepared(db, sql`
      select ${aggregateColumnsSql()}${sql.join(names.map((name) => sql`, ${extra[name]} as ${sql.identifier(name)}`))}
      from bookings b where b.booking_id = ${bookingId}`),
  );
  if (!row) return undefined;
  return { aggregate: aggregateOf(row), extra: Object.fromEntries(names.map((name) => [name, row[name]])) as Record<K, unknown> };
}

export async function loadBooking(db: Executor, bookingId: string): Promise<BookingAggregate | undefined> {
  return (await loadBookingWith(db, bookingId, {}))?.aggregate;
}

/**
 * The discrepancy the fare's panel shows: the latest extra charge, or the latest refund opened by a
 * change (refunds for other reasons are listed under the payment they return money of).
 */
function latestDiscrepancy(payments: readonly (typeof t.payments.$inferSelect)[]) {
  return payments.find((p) => p.kind === 'DISCREPANCY' && (p.direction !== 'REFUND' || p.refundReason === null || p.refundReason === 'CHANGE'));
}

/** The trains of a revision snapshot (service_order), as the snapshot SQL below writes them. */
export function legsOf(snapshot: unknown): { service_id: number }[] {
  const legs = (snapshot as { service_order?: unknown } | null)?.service_order;
  return Array.isArray(legs) ? legs.filter((leg): leg is { service_id: number } => typeof leg?.service_id === 'number') : [];
}

/** What a step needs of a booking, read and locked (FOR UPDATE) in one statement. */
export interface LockedBooking {
  id: number;
  bookingId: string;
  agentId: number;
  agentSubGroupId: number;
  status: BookingStatus;
  subStatus: BookingSubStatus;
  voucherConfirmed: boolean;
  participantQuantity: number;
  totalAmountE6: number;
  applicantEmail: string;
  groupName: string;
  /** The booking's revision as it stands (the step kernel compares it with If-Match). */
  revision: number;
  agentType: AgentType;
  ignoreCancellationPolicy: boolean;
  wheelchairs: number;
  /** Train changes made so far (a confirmed booking may change its trains once). */
  updateCount: number;
  services: LockedService[];
  /** The group allotment's, the wheelchair places' and the standing places' arrangement types (null when none is set up). */
  types: { group: number | null; wheelchair: number | null; standing: number | null };
}

export interface LockedService {
  direction: 'down' | 'up';
  serviceDate: string;
  serviceId: number;
  fromStationId: number;
  toStationId: number;
  heldGroup: number;
  heldWheelchair: number;
  heldStanding: number;
  names: LocalizedLabel[];
}

/**
 * Locks the booking row for the step and reads what the step needs with it; also bounds the
 * transaction's lock waits (a hold that cannot get a counter soon fails instead of piling up).
 */
export async function lockBooking(db: Executor, bookingId: string, options: { lock?: boolean } = {}): Promise<LockedBooking | undefined> {
  const lock = options.lock ?? true;
  const [row] = rowsOf<{
    id: number;
    booking_id: string;
    agent_id: number;
    agent_sub_group_id: number;
    status: BookingStatus;
    sub_status: BookingSubStatus;
    voucher_confirmed: boolean;
    revision: number;
    participant_quantity: number;
    total_amount_e6: number | string | bigint;
    applicant_email: string;
    group_name: string;
    agent_type: AgentType;
    ignore_cancellation_policy: boolean;
    wheelchairs: number;
    update_count: number;
    services: LockedService[] | null;
    group_type_id: number | null;
    wheelchair_type_id: number | null;
    standing_type_id: number | null;
  }>(
    await executePrepared(db, sql`
      select b.id, b.booking_id, b.agent_id, b.agent_sub_group_id, b.status, b.sub_status, b.voucher_confirmed, b.revision,
             b.participant_quantity, b.update_count, b.total_amount_e6, b.applicant->>'email' as applicant_email, b.group_name,
             a.agent_type, a.ignore_cancellation_policy,
             (select count(*)::int from booking_wheelchairs w where w.booking_id = b.id) as wheelchairs,
             (select json_agg(json_build_object(
                       'direction', bs.direction, 'serviceDate', bs.service_date, 'serviceId', bs.service_id,
                       'fromStationId', bs.from_station_id, 'toStationId', bs.to_station_id, 'heldGroup', bs.held_group,
                       'heldWheelchair', bs.held_wheelchair, 'heldStanding', bs.held_standing, 'names', s.names)
                     order by bs.service_date, case bs.direction when 'down' then 0 else 1 end)
                from booking_services bs join services s on s.id = bs.service_id where bs.booking_id = b.id) as services,
             ${GROUP_TYPE_ID_SQL} as group_type_id,
             (select arrangement_type_id from arrangement_types where seat_type = 'WHEELCHAIR' order by display_order, arrangement_type_id limit 1) as wheelchair_type_id,
             (select arrangement_type_id from arrangement_types where seat_type = 'STANDING' order by display_order, arrangement_type_id limit 1) as standing_type_id,
             ${lock ? LOCK_TIMEOUT_SQL : sql`null`} as lock_timeout
      from bookings b join agents a on a.id = b.agent_id
      where b.booking_id = ${bookingId}
      ${lock ? sql`for update of b` : sql``}`),
  );
  if (!row) return undefined;
  return {
    id: row.id,
    bookingId: row.booking_id,
    agentId: row.agent_id,
    agentSubGroupId: row.agent_sub_group_id,
    status: row.status,
    subStatus: row.sub_status,
    voucherConfirmed: row.voucher_confirmed,
    revision: row.revision,
    participantQuantity: row.participant_quantity,
    totalAmountE6: safeE6(row.total_amount_e6),
    applicantEmail: row.applicant_email,
    groupName: row.group_name,
    agentType: row.agent_type,
    ignoreCancellationPolicy: row.ignore_cancellation_policy,
    wheelchairs: row.wheelchairs,
    updateCount: row.update_count,
    services: row.services ?? [],
    types: { group: row.group_type_id, wheelchair: row.wheelchair_type_id, standing: row.standing_type_id },
  };
}

export type BookingPatch = Partial<{
  status: BookingStatus;
  subStatus: BookingSubStatus;
  operatorName: string;
  priority: number;
  confirmNote: string;
  voucherNote: string;
  voucherConfirmed: boolean;
  refusalReason: string | null;
  caution: string;
  cancellationPolicy: readonly CancellationPolicyRow[];
  cancellationRateE6: number | null;
  cancellationFeeE6: number | null;
  cancelledAt: 'now';
  statusBeforeCancellation: BookingStatus | null;
  cancellationDeclined: CancellationDeclined | null;
  pendingChange: unknown;
  seatNgReason: string;
  modificationDeclineReason: string | null;
  instantConfirmationRuleId: number | null;
}>;

const PATCH_COLUMNS: Record<keyof BookingPatch, string> = {
  status: 'status',
  subStatus: 'sub_status',
  operatorName: 'operator_name',
  priority: 'priority',
  confirmNote: 'confirm_note',
  voucherNote: 'voucher_note',
  voucherConfirmed: 'voucher_confirmed',
  refusalReason: 'refusal_reason',
  caution: 'caution',
  cancellationPolicy: 'cancellation_policy',
  cancellationRateE6: 'cancellation_rate_e6',
  cancellationFeeE6: 'cancellation_fee_e6',
  cancelledAt: 'cancelled_at',
  statusBeforeCancellation: 'status_before_cancellation',
  cancellationDeclined: 'cancellation_declined',
  pendingChange: 'pending_change',
  seatNgReason: 'seat_ng_reason',
  modificationDeclineReason: 'modification_decline_reason',
  instantConfirmationRuleId: 'instant_confirmation_rule_id',
};

function patchValue(key: keyof BookingPatch, value: unknown): SQL {
  if (key === 'cancellationPolicy' || key === 'pendingChange' || key === 'cancellationDeclined') return value === null ? sql`null` : sql`${JSON.stringify(value)}::jsonb`;
  if (key === 'cancelledAt') return sql`now()`;
  return sql`${value}`;
}

/** What a step records in its history revision beside the booking's snapshot (e.g. why a voucher went out unpaid). */
export interface HistoryStepNote {
  voucher_override_unpaid_reason?: string;
}

/** The history snapshot of a booking as it stands, built by the database (DESIGN §5). */
function snapshotSql(b: SQL): SQL {
  return sql`jsonb_build_object(
    'status', ${b}.status, 'sub_status', ${b}.sub_status,
    'service_order', coalesce((
      select jsonb_agg(jsonb_build_object('direction', s.direction, 'service_date', s.service_date, 'service_id', s.service_id,
                                          'from_station_id', s.from_station_id, 'to_station_id', s.to_station_id)
                       order by s.service_date, case s.direction when 'down' then 0 else 1 end)
      from booking_services s where s.booking_id = ${b}.id), '[]'::jsonb),
    'participant_group', jsonb_build_object(
      'participant_quantity', ${b}.participant_quantity,
      'unit_quantity_items', coalesce((
        select jsonb_agg(jsonb_build_object('unit_id', u.unit_id, 'quantity', u.quantity, 'calculated_quantity', u.calculated_quantity) order by u.unit_id)
        from booking_units u where u.booking_id = ${b}.id), '[]'::jsonb),
      'wheel_chairs', coalesce((
        select jsonb_agg(jsonb_build_object('need_slope', w.need_slope) order by w.id)
        from booking_wheelchairs w where w.booking_id = ${b}.id), '[]'::jsonb)),
    'payment', coalesce((
      select jsonb_build_object('status', p.status, 'payment_method', p.payment_method, 'total_amount', p.total_amount_e6)
      from payments p where p.booking_id = ${b}.id and p.kind = 'FARE' order by p.id desc limit 1),
      jsonb_build_object('total_amount', ${b}.total_amount_e6)),
    'cancellation', case when ${b}.cancellation_fee_e6 is null then null
                         else jsonb_build_object('rate_e6', ${b}.cancellation_rate_e6, 'cancellation_fee', ${b}.cancellation_fee_e6) end,
    'cancellation_declined', ${b}.cancellation_declined,
    'confirm_note', ${b}.confirm_note,
    'modification_decline_reason', ${b}.modification_decline_reason)`;
}

/**
 * Applies the patch to the booking and appends the next history revision with a snapshot of
 * the booking as it now stands, in one statement; then publishes `booking.changed` with that
 * revision: every change to a booking passes here, so none can forget to tell open screens.
 */
/**
 * Applies the patch and appends the history revision in one statement; with `event`, the same
 * statement writes that webhook event's deliveries for the booking's agent (ADR 038) and answers
 * their ids, for the caller to send after commit (recordStep does).
 */
export async function recordRevision(db: Executor, id: number, type: 'UPDATE' | 'CANCEL', patch: BookingPatch, createdBy: string, stepNote?: HistoryStepNote, event?: WebhookEventType): Promise<number[]> {
  const sets = (Object.keys(patch) as (keyof BookingPatch)[])
    .filter((k) => patch[k] !== undefined)
    .map((k) => sql`${sql.identifier(PATCH_COLUMNS[k])} = ${patchValue(k, patch[k])}`);
  const changed = await executePrepared(db, sql`
    with b as (
      update bookings set ${sql.join([...sets, sql`revision = revision + 1`, sql`updated_at = now()`], sql`, `)}
      where id = ${id}
      returning *
    ), history as (
      insert into booking_histories (booking_id, revision, type, snapshot, created_by)
      select b.id, b.revision, ${type}, ${stepNote ? sql`${snapshotSql(sql`b`)} || ${JSON.stringify(stepNote)}::jsonb` : snapshotSql(sql`b`)}, ${createdBy} from b
    )${event ? sql`, hooks as (${bookingEventInsertSql(event)})` : sql``}
    select b.booking_id, b.agent_id, b.agent_sub_group_id, b.revision${event ? sql`, (select coalesce(array_agg(id), '{}') from hooks) as delivery_ids` : sql``} from b`);
  const [row] = rowsOf<{ booking_id: string; agent_id: number; agent_sub_group_id: number; revision: number; delivery_ids?: number[] }>(changed);
  if (row) await publishRealtime(db, roomsOfAgentData({ agentId: row.agent_id, agentSubGroupId: row.agent_sub_group_id }), { type: 'booking.changed', booking_id: row.booking_id, revision: row.revision });
  return row?.delivery_ids ?? [];
}

/**
 * recordRevision with no patch for many bookings at once (a monthly invoice's): one statement
 * however many, each booking's next revision with its snapshot, then `booking.changed` for each.
 */
export async function recordRevisions(db: Executor, ids: readonly number[], type: 'UPDATE' | 'CANCEL', createdBy: string): Promise<void> {
  if (ids.length === 0) return;
  const changed = await db.execute(sql`
    with b as (
      update bookings set revision = revision + 1, updated_at = now()
      where id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int)
      returning *
    ), history as (
      insert into booking_histories (booking_id, revision, type, snapshot, created_by)
      select b.id, b.revision, ${type}, ${snapshotSql(sql`b`)}, ${createdBy} from b
    )
    select b.booking_id, b.agent_id, b.agent_sub_group_id, b.revision from b order by b.id`);
  for (const row of rowsOf<{ booking_id: string; agent_id: number; agent_sub_group_id: number; revision: number }>(changed)) {
    await publishRealtime(db, roomsOfAgentData({ agentId: row.agent_id, agentSubGroupId: row.agent_sub_group_id }), { type: 'booking.changed', booking_id: row.booking_id, revision: row.revision });
  }
}

/** What a cancellation is priced on: the frozen policy (else the current one) and whether the fare was ever owed. */
export async function readCancellationTerms(db: Executor, id: number): Promise<{ policy: CancellationPolicyRow[]; fareOwed: boolean }> {
  const [row] = rowsOf<{ policy: CancellationPolicyRow[]; fare_owed: boolean }>(
    await db.execute(sql`
      select coalesce(b.cancellation_policy,
                      (select coalesce(jsonb_agg(jsonb_build_object('days_before', c.days_before, 'rate_e6', c.rate_e6) order by c.days_before), '[]'::jsonb)
                         from cancellation_policies c)) as policy,
             exists (select 1 from payments p where p.booking_id = b.id and p.kind = 'FARE' and p.status not in ${UNCOUNTED_STATUSES_SQL}) as fare_owed
      from bookings b where b.id = ${id}`),
  );
  return { policy: row?.policy ?? [], fareOwed: row?.fare_owed ?? false };
}

/** The current cancellation policy, shortest notice first. */
export async function readCancellationPolicy(db: Executor): Promise<CancellationPolicyRow[]> {
  const rows = await db.select().from(t.cancellationPolicies).orderBy(t.cancellationPolicies.daysBefore);
  return rows.map((r) => ({ days_before: r.daysBefore, rate_e6: r.rateE6 }));
}
