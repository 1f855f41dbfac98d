/** Reads and writes of bookings and everything that hangs off them. */
import type { LedgerEntry } from '@sagano/domain/payments/payment-ledger';
import { ledgerOfBooking } from '../payments/payment-reads.ts';
import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus, BookingSubStatus } from '@sagano/domain/bookings/booking-state';
import type { CancellationDeclined } from '@sagano/domain/bookings/booking-schemas';
import type { NotificationRow } from '@sagano/domain/bookings/booking-schemas';
import type { CancellationPolicyRow } from '@sagano/domain/bookings/cancellation';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import { safeE6 } from '@sagano/domain/money/yen-e6';
import type { Executor } from '../../db/client.ts';
import { readAll } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { rowsOf } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { GROUP_TYPE_ID_SQL, LOCK_TIMEOUT_SQL } from '../inventory/allotments.ts';
import { roomsOfAgentData, roomsOfNotification } from '@sagano/domain/realtime/realtime-events';
import { publishRealtime } from '../../realtime/realtime-publish.ts';

export type BookingRow = typeof t.bookings.$inferSelect;
export type BookingServiceRow = typeof t.bookingServices.$inferSelect;

export interface BookingAggregate {
  booking: BookingRow;
  /** The agent, with its billing day and the end of its last billed period (a monthly payment's expected billing date). */
  agent: { id: number; nameJa: string; nameEn: string; agentType: string; ignoreCancellationPolicy: boolean; billingDay: number | null; billingDayEndOfMonth: boolean; lastBilledTo: string | null };
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
}

export async function findBookingRow(db: Executor, bookingId: string, options: { lock?: boolean } = {}): Promise<BookingRow | undefined> {
  const query = db.select().from(t.bookings).where(eq(t.bookings.bookingId, bookingId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The end of the agent's last billed period (agent_settlements_period_uq reads it), on the agent's own row: no extra round trip. */
const LAST_BILLED_TO = sql<string | null>`(select max(s.period_to)::text from agent_settlements s where s.agent_id = ${t.agents.id})`;

export async function loadBooking(db: Executor, bookingId: string): Promise<BookingAggregate | undefined> {
  const booking = await findBookingRow(db, bookingId);
  if (!booking) return undefined;
  const [agent] = await db
    .select({ id: t.agents.id, nameJa: t.agents.nameJa, nameEn: t.agents.nameEn, agentType: t.agents.agentType, ignoreCancellationPolicy: t.agents.ignoreCancellationPolicy, billingDay: t.agents.billingDay, billingDayEndOfMonth: t.agents.billingDayEndOfMonth, lastBilledTo: LAST_BILLED_TO })
    .from(t.agents)
    .where(eq(t.agents.id, booking.agentId));
  const [subGroup] = await db
    .select({ id: t.agentGroups.id, nameJa: t.agentGroups.nameJa, nameEn: t.agentGroups.nameEn, isRoot: t.agentGroups.isRoot })
    .from(t.agentGroups)
    .where(eq(t.agentGroups.id, booking.agentSubGroupId));
  const services = rowsOf<BookingServiceRow & { names: LocalizedLabel[]; departure_hhmm: string | null; arrival_hhmm: string | null; service_date_text: string; fromStationName: LocalizedLabel[] | null; toStationName: LocalizedLabel[] | null }>(
    await db.execute(sql`
      select bs.booking_id as "bookingId", bs.direction, bs.service_date::text as "serviceDate", bs.service_id as "serviceId",
             bs.from_station_id as "fromStationId", bs.to_station_id as "toStationId", bs.held_group as "heldGroup",
             bs.held_wheelchair as "heldWheelchair", bs.held_standing as "heldStanding", s.names,
             (select st.labels from stations st where st.station_id = bs.from_station_id) as "fromStationName",
             (select st.labels from stations st where st.station_id = bs.to_station_id) as "toStationName",
             (select d.departure_hhmm from diagram_items d where d.service_id = bs.service_id and d.station_id = bs.from_station_id) as departure_hhmm,
             (select d.arrival_hhmm from diagram_items d where d.service_id = bs.service_id and d.station_id = bs.to_station_id) as arrival_hhmm
      from booking_services bs join services s on s.id = bs.service_id
      where bs.booking_id = ${booking.id}
      order by bs.service_date, case bs.direction when 'down' then 0 else 1 end`),
  ).map((r) => ({ ...r, departureHhmm: r.departure_hhmm, arrivalHhmm: r.arrival_hhmm, fromStationName: r.fromStationName ?? [], toStationName: r.toStationName ?? [] }));
  const [units, wheelchairs, payments, notes, histories, ledger] = await readAll(db, [
    () => db.select().from(t.bookingUnits).where(eq(t.bookingUnits.bookingId, booking.id)).orderBy(asc(t.bookingUnits.unitId)),
    () => db.select({ needSlope: t.bookingWheelchairs.needSlope }).from(t.bookingWheelchairs).where(eq(t.bookingWheelchairs.bookingId, booking.id)).orderBy(asc(t.bookingWheelchairs.id)),
    () => db.select().from(t.payments).where(eq(t.payments.bookingId, booking.id)).orderBy(desc(t.payments.id)),
    () => db.select().from(t.bookingNotes).where(eq(t.bookingNotes.bookingId, booking.id)).orderBy(asc(t.bookingNotes.createdAt), asc(t.bookingNotes.id)),
    () => db.select().from(t.bookingHistories).where(eq(t.bookingHistories.bookingId, booking.id)).orderBy(asc(t.bookingHistories.revision)),
    () => ledgerOfBooking(db, booking.id),
  ] as const);
  const latest = (kind: string) => payments.find((p) => p.kind === kind);
  const serviceNames = new Map(services.map((s) => [s.serviceId, s.names]));
  // Trains a revision names that the booking no longer rides (after a train change): read their names too.
  const formerTrains = [...new Set(histories.flatMap((h) => legsOf(h.snapshot).map((leg) => leg.service_id)))].filter((id) => !serviceNames.has(id));
  if (formerTrains.length > 0) {
    const rows = await db.select({ id: t.services.id, names: t.services.names }).from(t.services).where(inArray(t.services.id, formerTrains));
    for (const row of rows) serviceNames.set(row.id, row.names as LocalizedLabel[]);
  }
  const billedBy = [...new Set(payments.flatMap((p) => (p.monthlyInvoiceId === null ? [] : [p.monthlyInvoiceId])))];
  const agentSettlementIds = new Map<number, number>();
  if (billedBy.length > 0) {
    const rows = await db.select({ id: t.groupSettlements.id, agentSettlementId: t.groupSettlements.agentSettlementId }).from(t.groupSettlements).where(inArray(t.groupSettlements.id, billedBy));
    for (const row of rows) agentSettlementIds.set(row.id, row.agentSettlementId);
  }
  return { booking, agent: agent!, subGroup: subGroup!, services, units, wheelchairs, agentSettlementIds, payments, payment: latest('FARE'), cancellationPayment: latest('CANCELLATION'), discrepancy: latestDiscrepancy(payments), ledger, notes, histories, serviceNames };
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
  agentType: string;
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
    agent_type: string;
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
export async function recordRevision(db: Executor, id: number, type: 'UPDATE' | 'CANCEL', patch: BookingPatch, createdBy: string, stepNote?: HistoryStepNote): Promise<void> {
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
    )
    select b.booking_id, b.agent_id, b.agent_sub_group_id, b.revision from b`);
  const [row] = rowsOf<{ booking_id: string; agent_id: number; agent_sub_group_id: number; revision: number }>(changed);
  if (row) await publishRealtime(db, roomsOfAgentData({ agentId: row.agent_id, agentSubGroupId: row.agent_sub_group_id }), { type: 'booking.changed', booking_id: row.booking_id, revision: row.revision });
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
             exists (select 1 from payments p where p.booking_id = b.id and p.kind = 'FARE' and p.status not in ('NO_NEED_TO_PAY', 'INITED')) as fare_owed
      from bookings b where b.id = ${id}`),
  );
  return { policy: row?.policy ?? [], fareOwed: row?.fare_owed ?? false };
}

/** The current cancellation policy, shortest notice first. */
export async function readCancellationPolicy(db: Executor): Promise<CancellationPolicyRow[]> {
  const rows = await db.select().from(t.cancellationPolicies).orderBy(t.cancellationPolicies.daysBefore);
  return rows.map((r) => ({ days_before: r.daysBefore, rate_e6: r.rateE6 }));
}

/** What a notification says beyond its kind. */
export type NotificationDetail = NonNullable<NotificationRow['detail']>;

/** Writes the notification and tells its readers' open screens (`notification.changed`). */
export async function insertNotification(
  db: Executor,
  n: { audience: 'ADMIN' | 'AGENT'; category: 'booking' | 'payment'; kind: string; bookingId: number; agentId: number; agentSubGroupId: number; detail?: NotificationDetail },
): Promise<void> {
  await db.insert(t.notifications).values(n);
  await publishRealtime(db, roomsOfNotification(n.audience, { agentId: n.agentId, agentSubGroupId: n.agentSubGroupId }), { type: 'notification.changed', category: n.category });
}

/** A notification to the operator about no one booking (a day's allotment released, a contract term's answer date). */
export async function insertOperatorNotification(db: Executor, kind: string, category: 'booking' | 'payment' = 'booking'): Promise<void> {
  await db.insert(t.notifications).values({ audience: 'ADMIN', category, kind, bookingId: null, agentId: null, agentSubGroupId: null });
  await publishRealtime(db, roomsOfNotification('ADMIN', null), { type: 'notification.changed', category });
}
